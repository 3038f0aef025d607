import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { AnswerSchema } from "../../../questionnaire/schemas.ts";
import { myEventAnswers } from "../../onboarding.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/onboarding/answers",
  tags: ["Event onboarding"],
  summary: "My answers to the event's questions",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(z.array(AnswerSchema), "My answers in question order"), ...errors(400, 401, 403, 404) },
});

export function registerMyAnswers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await myEventAnswers(c.get("ctx"), c.req.valid("param").id), 200));
}
