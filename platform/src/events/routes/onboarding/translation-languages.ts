import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { translationLanguages } from "../../onboarding.ts";
import { TranslationKeyParamSchema, TranslationLanguagesSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/onboarding/translations/{translationKey}/languages",
  tags: ["Event onboarding"],
  summary: "The languages a question has a translation in",
  request: { params: TranslationKeyParamSchema },
  responses: { 200: jsonResponse(TranslationLanguagesSchema, "The languages"), ...errors(400, 401, 403, 404) },
});

export function registerTranslationLanguages(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await translationLanguages(c.get("ctx"), c.req.valid("param").id, c.req.valid("param").translationKey), 200));
}
