import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { AnswerSchema, UpdateAnswersSchema } from "../schemas.ts";
import { updateAnswers } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/participant/update-answers",
  tags: ["Onboarding"],
  summary: "Set answers (all or nothing; errors keyed by question id)",
  request: { body: jsonBody(UpdateAnswersSchema) },
  responses: { 200: jsonResponse(z.array(AnswerSchema), "All the member's answers"), ...errors(400, 401, 404) },
});

export function registerUpdateAnswers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateAnswers(c.get("ctx"), c.req.valid("json")), 200));
}
