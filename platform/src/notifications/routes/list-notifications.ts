import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { NotificationListQuerySchema, NotificationPageSchema } from "../schemas.ts";
import { listMyNotifications } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/notifications",
  tags: ["Notifications"],
  summary: "My notifications",
  description: "Newest first, dismissed ones left out, with the unseen count. New ones also arrive live on the STOMP topic /topic/notifications/{participantId}.",
  request: { query: NotificationListQuerySchema },
  responses: { 200: jsonResponse(NotificationPageSchema, "One page"), ...errors(400, 401, 403) },
});

export function registerListNotifications(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMyNotifications(c.get("ctx"), c.req.valid("query")), 200));
}
