import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { AnswerSchema } from "../schemas.ts";
import { getMyAnswers } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/participant/my-answers",
  tags: ["Onboarding"],
  summary: "The member's answers to the community's questions",
  responses: { 200: jsonResponse(z.array(AnswerSchema), "Answers in question order"), ...errors(401, 404) },
});

export function registerMyAnswers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getMyAnswers(c.get("ctx")), 200));
}
