import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { SettingsParamSchema, SettingsPatchSchema, SettingsResultSchema } from "../schemas.ts";
import { updateSettings } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "patch",
  path: "/admin/{communityId}/settings",
  tags: ["Admin"],
  summary: "Change settings, validated by the tenant.json schema (audited as community.settings; the next tenant apply of the file replaces them)",
  request: { params: SettingsParamSchema, body: jsonBody(SettingsPatchSchema) },
  responses: { 200: jsonResponse(SettingsResultSchema, "The settings as saved"), ...errors(400, 401, 403, 404) },
});

export function registerUpdateSettings(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateSettings(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("json")), 200));
}
