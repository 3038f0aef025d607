import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { getTranslation } from "../../onboarding.ts";
import { TranslationFallbackQuerySchema, TranslationParamSchema, TranslationSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/onboarding/translations/{translationKey}/{language}",
  tags: ["Event onboarding"],
  summary: "A question's text in a language, by key, falling back to `defaultLanguage` (default: the community's), then the default text (`fallback: true`)",
  request: { params: TranslationParamSchema, query: TranslationFallbackQuerySchema },
  responses: { 200: jsonResponse(TranslationSchema, "The text and the language it is in"), ...errors(400, 401, 403, 404) },
});

export function registerGetTranslation(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await getTranslation(c.get("ctx"), p.id, p.translationKey, p.language, c.req.valid("query").defaultLanguage), 200);
  });
}
