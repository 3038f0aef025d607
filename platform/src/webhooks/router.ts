import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.ts";
import { createRouter } from "../http/openapi.ts";
import { envelopeSchema, WEBHOOK_EVENT_TYPES } from "./events.ts";
import { registerWebhooks } from "./routes/webhooks.ts";

/** Webhook endpoints (issue 26). */
export function webhooksRouter() {
  const app = createRouter();
  registerWebhooks(app);
  return app;
}

/** The payload of every event type, in openapi.json's `webhooks` section (OpenAPI 3.1). */
export function registerWebhookPayloads(app: OpenAPIHono<AppEnv>): void {
  for (const type of WEBHOOK_EVENT_TYPES) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: type,
      summary: `The ${type} event`,
      description:
        "Sent as a POST with the Standard Webhooks headers webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256 with the endpoint's whsec_ secret). Answer 2xx within 10 seconds; anything else is retried with backoff for more than 24 hours.",
      request: { body: { required: true, content: { "application/json": { schema: envelopeSchema(type) } } } },
      responses: { 200: { description: "Received (any 2xx)" } },
      // Sent by the product to the integrator's receiver: no credentials, the signature proves the sender.
      security: [],
    });
  }
}
