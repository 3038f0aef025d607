import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { updateLanguage } from "../preferences.ts";
import { LanguageResultSchema, UpdateLanguageSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/participant/update-language",
  tags: ["Participant"],
  summary: "The member's language in this community",
  request: { body: jsonBody(UpdateLanguageSchema) },
  responses: { 200: jsonResponse(LanguageResultSchema, "Saved"), ...errors(400, 401, 404) },
});

export function registerUpdateLanguage(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateLanguage(c.get("ctx"), c.req.valid("json")), 200));
}
