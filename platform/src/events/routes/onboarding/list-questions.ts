import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { QuestionDetailSchema } from "../../../questionnaire/schemas.ts";
import { listEventQuestions } from "../../onboarding.ts";

const route = defineOrganizerRoute({
  apiKey: "events:read",
  method: "get",
  path: "/event/{id}/onboarding/questions",
  tags: ["Event onboarding"],
  summary: "Every question of the event's onboarding, hidden ones included, with options and translations (organizers)",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(z.array(QuestionDetailSchema), "Questions in order"), ...errors(400, 401, 403, 404) },
});

export function registerListQuestions(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listEventQuestions(c.get("ctx"), c.req.valid("param").id), 200));
}
