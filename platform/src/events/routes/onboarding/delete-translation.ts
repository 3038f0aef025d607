import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { OkSchema, errors, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { deleteTranslation } from "../../onboarding.ts";
import { TranslationParamSchema } from "../../onboarding-schemas.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "delete",
  path: "/event/{id}/onboarding/translations/{translationKey}/{language}",
  tags: ["Event onboarding"],
  summary: "Delete a question's translation in a language (audited as question.update)",
  request: { params: TranslationParamSchema },
  responses: { 200: jsonResponse(OkSchema, "Deleted"), ...errors(400, 401, 403, 404) },
});

export function registerDeleteTranslation(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await deleteTranslation(c.get("ctx"), p.id, p.translationKey, p.language), 200);
  });
}
