import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { participantQuestions } from "../../onboarding.ts";
import { LanguageQuerySchema, ParticipantQuestionSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/onboarding/questions/participant",
  tags: ["Event onboarding"],
  summary: "The visible questions as `translated`, each with the caller's answer (a resumed onboarding continues at the first unanswered)",
  request: { params: EventIdParamSchema, query: LanguageQuerySchema },
  responses: { 200: jsonResponse(z.array(ParticipantQuestionSchema), "Visible questions with the caller's answers"), ...errors(400, 401, 403, 404) },
});

export function registerParticipantQuestions(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    return c.json(await participantQuestions(c.get("ctx"), c.req.valid("param").id, q.language, q.defaultLanguage), 200);
  });
}
