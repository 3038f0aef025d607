import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { NewerNotificationsSchema, NewerQuerySchema, NotificationIdParamSchema } from "../schemas.ts";
import { listNewerNotifications } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/notifications/{id}/newer",
  tags: ["Notifications"],
  summary: "Notifications newer than one",
  description: "What arrived after the notification {id} (one of the caller's), oldest first: how the app catches up after a reconnect.",
  request: { params: NotificationIdParamSchema, query: NewerQuerySchema },
  responses: { 200: jsonResponse(NewerNotificationsSchema, "The newer ones"), ...errors(400, 401, 403, 404) },
});

export function registerNewerNotifications(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listNewerNotifications(c.get("ctx"), c.req.valid("param").id, c.req.valid("query")), 200));
}
