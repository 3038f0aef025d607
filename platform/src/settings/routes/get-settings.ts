import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { SettingsParamSchema, SettingsResultSchema } from "../schemas.ts";
import { getSettings } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "get",
  path: "/admin/{communityId}/settings",
  tags: ["Admin"],
  summary: "The community's settings the console may edit (texts, languages, sign-in methods, steps, navigation, moderation)",
  request: { params: SettingsParamSchema },
  responses: { 200: jsonResponse(SettingsResultSchema, "The settings"), ...errors(400, 401, 403, 404) },
});

export function registerGetSettings(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getSettings(c.get("ctx"), c.req.valid("param").communityId), 200));
}
