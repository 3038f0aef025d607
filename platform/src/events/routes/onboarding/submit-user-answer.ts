import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { AnswerInputSchema } from "../../../questionnaire/schemas.ts";
import { submitUserAnswer } from "../../onboarding.ts";
import { AnswersResultSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/event/{id}/onboarding/user-answers",
  tags: ["Event onboarding"],
  summary: "Submit one answer (question by question; resumable): a required question cannot be left empty",
  request: { params: EventIdParamSchema, body: jsonBody(AnswerInputSchema) },
  responses: { 200: jsonResponse(AnswersResultSchema, "My answers and progress"), ...errors(400, 401, 403, 404, 409) },
});

export function registerSubmitUserAnswer(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await submitUserAnswer(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
