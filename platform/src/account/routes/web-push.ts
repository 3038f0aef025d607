import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { WebPushResultSchema, WebPushSubscriptionSchema } from "../schemas.ts";
import { saveWebPushSubscription } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/current-user/web-push",
  tags: ["Account"],
  summary: "Store the browser's web-push subscription",
  description: "Validates and stores a PushSubscription for the caller in this community. Web push is disabled in this build (spec 9): nothing is sent.",
  request: { body: jsonBody(WebPushSubscriptionSchema) },
  responses: { 200: jsonResponse(WebPushResultSchema, "Stored"), ...errors(400, 401, 415) },
});

export function registerWebPush(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await saveWebPushSubscription(c.get("ctx"), c.req.valid("json")), 200));
}
