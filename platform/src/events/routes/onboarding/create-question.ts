import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { QuestionCreateSchema, QuestionDetailSchema } from "../../../questionnaire/schemas.ts";
import { createEventQuestion } from "../../onboarding.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "post",
  path: "/event/{id}/onboarding/questions",
  tags: ["Event onboarding"],
  summary: "Add a question: text, RADIO or CHECKBOX; visible, required, order; options with group, category, predefined or free text (audited as question.create)",
  request: { params: EventIdParamSchema, body: jsonBody(QuestionCreateSchema) },
  responses: { 201: jsonResponse(QuestionDetailSchema, "The new question"), ...errors(400, 401, 403, 404, 409) },
});

export function registerCreateQuestion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createEventQuestion(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 201));
}
