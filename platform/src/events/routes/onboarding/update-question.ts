import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { QuestionDetailSchema, QuestionPatchSchema } from "../../../questionnaire/schemas.ts";
import { updateEventQuestion } from "../../onboarding.ts";
import { QuestionIdParamSchema } from "../../onboarding-schemas.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "put",
  path: "/event/{id}/onboarding/questions/{qid}",
  tags: ["Event onboarding"],
  summary: "Update a question and its options; fields left out stay (audited as question.update)",
  request: { params: QuestionIdParamSchema, body: jsonBody(QuestionPatchSchema) },
  responses: { 200: jsonResponse(QuestionDetailSchema, "The question after the update"), ...errors(400, 401, 403, 404, 409) },
});

export function registerUpdateQuestion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateEventQuestion(c.get("ctx"), c.req.valid("param").id, c.req.valid("param").qid, c.req.valid("json")), 200));
}
