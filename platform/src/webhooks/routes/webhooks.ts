import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import {
  CommunityIdParamSchema,
  CreateWebhookSchema,
  DeliveryIdParamSchema,
  TestSentSchema,
  UpdateWebhookSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
  WebhookIdParamSchema,
} from "../schemas.ts";
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, replayWebhookDelivery, rotateWebhookSecret, testWebhook, updateWebhook } from "../service.ts";

const base = { access: "admin" as const, apiKey: "webhooks:manage" as const, tags: ["Webhooks"] };

const list = defineRoute({
  ...base,
  method: "get",
  path: "/admin/{communityId}/webhooks",
  summary: "The community's webhook endpoints (their secrets are not shown again)",
  request: { params: CommunityIdParamSchema },
  responses: { 200: jsonResponse(z.array(WebhookEndpointSchema), "Endpoints"), ...errors(400, 404) },
});
const create = defineRoute({
  ...base,
  method: "post",
  path: "/admin/{communityId}/webhooks",
  summary: "Register an endpoint for event types; the answer carries its whsec_ signing secret",
  request: { params: CommunityIdParamSchema, body: jsonBody(CreateWebhookSchema) },
  responses: { 201: jsonResponse(WebhookEndpointWithSecretSchema, "The endpoint and its secret"), ...errors(400, 404) },
});
const update = defineRoute({
  ...base,
  method: "patch",
  path: "/admin/{communityId}/webhooks/{id}",
  summary: "Change an endpoint's URL, event types or description, or turn it off and on (on again: what waited is sent)",
  request: { params: WebhookIdParamSchema, body: jsonBody(UpdateWebhookSchema) },
  responses: { 200: jsonResponse(WebhookEndpointSchema, "The endpoint"), ...errors(400, 404) },
});
const remove = defineRoute({
  ...base,
  method: "delete",
  path: "/admin/{communityId}/webhooks/{id}",
  summary: "Delete an endpoint and its deliveries",
  request: { params: WebhookIdParamSchema },
  responses: { 200: jsonResponse(WebhookEndpointSchema, "The deleted endpoint"), ...errors(400, 404) },
});
const rotate = defineRoute({
  ...base,
  method: "post",
  path: "/admin/{communityId}/webhooks/{id}/rotate-secret",
  summary: "A new signing secret; for 24 hours deliveries are signed with both",
  request: { params: WebhookIdParamSchema },
  responses: { 200: jsonResponse(WebhookEndpointWithSecretSchema, "The endpoint and its new secret"), ...errors(400, 404) },
});
const test = defineRoute({
  ...base,
  method: "post",
  path: "/admin/{communityId}/webhooks/{id}/test",
  summary: "Send a webhook.test event to this endpoint",
  request: { params: WebhookIdParamSchema },
  responses: { 200: jsonResponse(TestSentSchema, "Queued"), ...errors(400, 404, 409) },
});
const deliveries = defineRoute({
  ...base,
  method: "get",
  path: "/admin/{communityId}/webhooks/{id}/deliveries",
  summary: "The endpoint's latest 100 deliveries, newest first: status, attempts, response code, latency",
  request: { params: WebhookIdParamSchema },
  responses: { 200: jsonResponse(z.array(WebhookDeliverySchema), "Deliveries"), ...errors(400, 404) },
});
const replay = defineRoute({
  ...base,
  method: "post",
  path: "/admin/{communityId}/webhooks/{id}/deliveries/{deliveryId}/replay",
  summary: "Send a delivery again (a new delivery with the same webhook-id)",
  request: { params: DeliveryIdParamSchema },
  responses: { 200: jsonResponse(WebhookDeliverySchema, "The new delivery"), ...errors(400, 404) },
});

export function registerWebhooks(app: OpenAPIHono<AppEnv>) {
  app.openapi(list, async (c) => c.json(await listWebhooks(c.get("ctx"), c.req.valid("param").communityId), 200));
  app.openapi(create, async (c) => c.json(await createWebhook(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("json")), 201));
  app.openapi(update, async (c) => {
    const { communityId, id } = c.req.valid("param");
    return c.json(await updateWebhook(c.get("ctx"), communityId, id, c.req.valid("json")), 200);
  });
  app.openapi(remove, async (c) => {
    const { communityId, id } = c.req.valid("param");
    return c.json(await deleteWebhook(c.get("ctx"), communityId, id), 200);
  });
  app.openapi(rotate, async (c) => {
    const { communityId, id } = c.req.valid("param");
    return c.json(await rotateWebhookSecret(c.get("ctx"), communityId, id), 200);
  });
  app.openapi(test, async (c) => {
    const { communityId, id } = c.req.valid("param");
    return c.json(await testWebhook(c.get("ctx"), communityId, id), 200);
  });
  app.openapi(deliveries, async (c) => {
    const { communityId, id } = c.req.valid("param");
    return c.json(await listWebhookDeliveries(c.get("ctx"), communityId, id), 200);
  });
  app.openapi(replay, async (c) => {
    const { communityId, id, deliveryId } = c.req.valid("param");
    return c.json(await replayWebhookDelivery(c.get("ctx"), communityId, id, deliveryId), 200);
  });
}
