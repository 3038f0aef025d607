/** What other modules use of webhooks: queueing an event inside the transaction of the change. */
export { emitWebhook, emitWebhooks, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./events.ts";
export { requeueWebhookDeliveries } from "./delivery.ts";
