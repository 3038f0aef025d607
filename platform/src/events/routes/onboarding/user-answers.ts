import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { AnswerSchema } from "../../../questionnaire/schemas.ts";
import { userAnswers } from "../../onboarding.ts";
import { ParticipantIdParamSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/onboarding/user-answers/{participantId}",
  tags: ["Event onboarding"],
  summary: "A participant's answers: one's own, or anyone's for the event's organizers",
  request: { params: ParticipantIdParamSchema },
  responses: { 200: jsonResponse(z.array(AnswerSchema), "The participant's answers"), ...errors(400, 401, 403, 404) },
});

export function registerUserAnswers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await userAnswers(c.get("ctx"), c.req.valid("param").id, c.req.valid("param").participantId), 200));
}
