import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { saveTranslation } from "../../onboarding.ts";
import { TranslationSaveSchema, TranslationSchema } from "../../onboarding-schemas.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "post",
  path: "/event/{id}/onboarding/translations",
  tags: ["Event onboarding"],
  summary: "Save a question's text in a language, by its translationKey (audited as question.update)",
  request: { params: EventIdParamSchema, body: jsonBody(TranslationSaveSchema) },
  responses: { 200: jsonResponse(TranslationSchema, "The saved translation"), ...errors(400, 401, 403, 404) },
});

export function registerSaveTranslation(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await saveTranslation(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
