import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { DismissBodySchema, NotificationCountSchema } from "../schemas.ts";
import { dismissNotifications } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/notifications/dismiss",
  tags: ["Notifications"],
  summary: "Dismiss notifications",
  description: "The named ones leave the caller's list for good. Ids that are not the caller's change nothing.",
  request: { body: jsonBody(DismissBodySchema) },
  responses: { 200: jsonResponse(NotificationCountSchema, "How many changed, and the unseen count now"), ...errors(400, 401, 403) },
});

export function registerDismissNotifications(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await dismissNotifications(c.get("ctx"), c.req.valid("json")), 200));
}
