import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { QuestionDetailSchema } from "../../../questionnaire/schemas.ts";
import { deleteEventQuestion } from "../../onboarding.ts";
import { QuestionIdParamSchema } from "../../onboarding-schemas.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "delete",
  path: "/event/{id}/onboarding/questions/{qid}",
  tags: ["Event onboarding"],
  summary: "Remove a question: hidden, options retired, answers kept for the report (audited as question.delete)",
  request: { params: QuestionIdParamSchema },
  responses: { 200: jsonResponse(QuestionDetailSchema, "The question, hidden"), ...errors(400, 401, 403, 404) },
});

export function registerDeleteQuestion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await deleteEventQuestion(c.get("ctx"), c.req.valid("param").id, c.req.valid("param").qid), 200));
}
