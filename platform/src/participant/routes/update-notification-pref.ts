import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { updateNotificationPref } from "../preferences.ts";
import { NotificationPrefInputSchema, NotificationPrefsResultSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/participant/update-notification-pref",
  tags: ["Participant"],
  summary: "Turn notifications through one contact type off or on",
  request: { body: jsonBody(NotificationPrefInputSchema) },
  responses: { 200: jsonResponse(NotificationPrefsResultSchema, "The disabled channels"), ...errors(400, 401, 404) },
});

export function registerUpdateNotificationPref(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateNotificationPref(c.get("ctx"), c.req.valid("json")), 200));
}
