import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { NotificationPreferencesSchema, UpdatePreferencesBodySchema } from "../schemas.ts";
import { getNotificationPreferences, updateNotificationPreferences } from "../service.ts";

const get = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/notifications/preferences",
  tags: ["Notifications"],
  summary: "My notification channels",
  description: "Each channel (EMAIL: the digest of notifications left unread for an hour; TELEGRAM) with whether the member turned it off.",
  responses: { 200: jsonResponse(NotificationPreferencesSchema, "Every channel"), ...errors(401, 403) },
});

const put = defineRoute({
  apiKey: false,
  access: "participant",
  method: "put",
  path: "/notifications/preferences",
  tags: ["Notifications"],
  summary: "Turn notification channels on or off",
  description: "The named channels are set; the others stay as they were. In-app notifications are always kept.",
  request: { body: jsonBody(UpdatePreferencesBodySchema) },
  responses: { 200: jsonResponse(NotificationPreferencesSchema, "Every channel, as now set"), ...errors(400, 401, 403) },
});

export function registerPreferences(app: OpenAPIHono<AppEnv>) {
  app.openapi(get, async (c) => c.json(await getNotificationPreferences(c.get("ctx")), 200));
  app.openapi(put, async (c) => c.json(await updateNotificationPreferences(c.get("ctx"), c.req.valid("json")), 200));
}
