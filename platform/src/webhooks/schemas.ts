import { z } from "@hono/zod-openapi";
import { WEBHOOK_EVENT_TYPES } from "./events.ts";

export { CommunityIdParamSchema } from "../moderation/schemas.ts";

/** The event types an endpoint may take (`webhook.test` is sent only by "send test event"). */
export const SUBSCRIBABLE_EVENTS = WEBHOOK_EVENT_TYPES.filter((t) => t !== "webhook.test") as Exclude<(typeof WEBHOOK_EVENT_TYPES)[number], "webhook.test">[];
export const WebhookEventTypeSchema = z.enum(SUBSCRIBABLE_EVENTS as [string, ...string[]]).openapi("WebhookEventType");

export const WebhookEndpointSchema = z
  .object({
    id: z.string().uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    disabledReason: z.string().nullable(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi("WebhookEndpoint");
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({ description: "The Standard Webhooks signing secret (`whsec_…`), shown at creation and at rotation", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
}).openapi("WebhookEndpointWithSecret");
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const CreateWebhookSchema = z
  .object({
    url: z.string().url().max(2000),
    events: z.array(WebhookEventTypeSchema).min(1),
    description: z.string().max(200).optional(),
  })
  .strict()
  .openapi("CreateWebhook");
export type CreateWebhook = z.infer<typeof CreateWebhookSchema>;

export const UpdateWebhookSchema = z
  .object({
    url: z.string().url().max(2000).optional(),
    events: z.array(WebhookEventTypeSchema).min(1).optional(),
    description: z.string().max(200).optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .openapi("UpdateWebhook");
export type UpdateWebhook = z.infer<typeof UpdateWebhookSchema>;

export const WebhookDeliverySchema = z
  .object({
    id: z.string().uuid(),
    messageId: z.string(),
    eventType: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.number().int(),
    nextAttemptAt: z.string().datetime().nullable(),
    responseCode: z.number().int().nullable(),
    latencyMs: z.number().int().nullable(),
    error: z.string().nullable(),
    createdAt: z.string().datetime(),
    finishedAt: z.string().datetime().nullable(),
    payload: z.unknown(),
  })
  .openapi("WebhookDelivery");
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookIdParamSchema = z.object({
  communityId: z.string().min(1).max(63).openapi({ param: { name: "communityId", in: "path" } }),
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "A webhook endpoint of this community" }),
});
export const DeliveryIdParamSchema = WebhookIdParamSchema.extend({
  deliveryId: z.string().uuid().openapi({ param: { name: "deliveryId", in: "path" }, description: "A delivery of this endpoint" }),
});

export const TestSentSchema = z.object({ deliveries: z.number().int() }).openapi("WebhookTestSent");
