import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { QuestionDetailSchema } from "../../../questionnaire/schemas.ts";
import { getEventQuestion } from "../../onboarding.ts";
import { QuestionIdParamSchema } from "../../onboarding-schemas.ts";

const route = defineOrganizerRoute({
  apiKey: "events:read",
  method: "get",
  path: "/event/{id}/onboarding/questions/{qid}",
  tags: ["Event onboarding"],
  summary: "One question with its options and translations (organizers)",
  request: { params: QuestionIdParamSchema },
  responses: { 200: jsonResponse(QuestionDetailSchema, "The question"), ...errors(400, 401, 403, 404) },
});

export function registerGetQuestion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getEventQuestion(c.get("ctx"), c.req.valid("param").id, c.req.valid("param").qid), 200));
}
