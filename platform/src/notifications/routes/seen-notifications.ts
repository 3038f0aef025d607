import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { NotificationCountSchema, SeenBodySchema } from "../schemas.ts";
import { markNotificationsSeen } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/notifications/seen",
  tags: ["Notifications"],
  summary: "Mark notifications seen",
  description: "The named ones, or every one of the caller's when `ids` is left out. Ids that are not the caller's change nothing.",
  request: { body: jsonBody(SeenBodySchema) },
  responses: { 200: jsonResponse(NotificationCountSchema, "How many changed, and the unseen count now"), ...errors(400, 401, 403) },
});

export function registerSeenNotifications(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await markNotificationsSeen(c.get("ctx"), c.req.valid("json")), 200));
}
