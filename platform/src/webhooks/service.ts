/**
 * Webhook endpoints (issue 26): admins (or a key with webhooks:manage) register URLs with the event
 * types to receive; deliveries are signed per Standard Webhooks and sent by `delivery.ts`.
 */
import { recordAudit } from "../audit/index.ts";
import { requireCommunityAdmin } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { AppError, ErrorCode, notFound } from "../lib/errors.ts";
import { emitWebhook } from "./events.ts";
import { WebhookDeliverQueue } from "./jobs/deliver-queue.ts";
import {
  type DeliveryRow,
  deleteEndpoint,
  type EndpointRow,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  insertReplay,
  listDeliveries,
  listEndpoints,
  rotateEndpointSecret,
  updateEndpoint,
} from "./queries.ts";
import type { CreateWebhook, UpdateWebhook, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from "./schemas.ts";
import { checkTarget, WebhookTargetRefused } from "./send.ts";
import { newWebhookSecret } from "./signing.ts";

/** After a rotation the previous secret still signs for this long. */
const PREVIOUS_SECRET_HOURS = 24;

function toEndpoint(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.enabled,
    disabledReason: r.disabledReason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function toDelivery(d: DeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    messageId: d.messageId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    responseCode: d.lastStatusCode,
    latencyMs: d.lastLatencyMs,
    error: d.lastError,
    createdAt: d.createdAt.toISOString(),
    finishedAt: d.finishedAt?.toISOString() ?? null,
    payload: d.payload,
  };
}

async function checkUrl(ctx: Ctx, url: string): Promise<void> {
  try {
    await checkTarget(url, ctx.deps.config.webhookAllowPrivate);
  } catch (err) {
    if (err instanceof WebhookTargetRefused) throw new AppError(ErrorCode.VALIDATION, `The webhook URL is refused: ${err.message}`, { errors: { url: err.message } });
    throw err;
  }
}

async function requireEndpoint(ctx: Ctx, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(ctx.db, ctx.tenant.id, id);
  if (!row) throw notFound("Webhook endpoint not found");
  return row;
}

/** GET /admin/{communityId}/webhooks */
export async function listWebhooks(ctx: Ctx, communityId: string): Promise<WebhookEndpoint[]> {
  await requireCommunityAdmin(ctx, communityId);
  return (await listEndpoints(ctx.db, ctx.tenant.id)).map(toEndpoint);
}

/** POST /admin/{communityId}/webhooks: the answer carries the signing secret. */
export async function createWebhook(ctx: Ctx, communityId: string, input: CreateWebhook): Promise<WebhookEndpointWithSecret> {
  await requireCommunityAdmin(ctx, communityId);
  await checkUrl(ctx, input.url);
  const created = await withTx(ctx.db, async (tx) => {
    const row = await insertEndpoint(tx, ctx.tenant.id, { url: input.url, description: input.description ?? "", events: [...new Set(input.events)], secret: newWebhookSecret() });
    await recordAudit(withDb(ctx, tx), { action: "webhook.create", target: { type: "webhook", id: row.id }, after: { url: row.url, events: row.events } });
    return { ...toEndpoint(row), secret: row.secret };
  });
  ctx.deps.webhookSubscriptions.forget(ctx.tenant.id);
  return created;
}

/** PATCH /admin/{communityId}/webhooks/{id}: turning an endpoint on again sends what waited. */
export async function updateWebhook(ctx: Ctx, communityId: string, id: string, input: UpdateWebhook): Promise<WebhookEndpoint> {
  await requireCommunityAdmin(ctx, communityId);
  if (input.url) await checkUrl(ctx, input.url);
  const updated = await withTx(ctx.db, async (tx) => {
    const before = await findEndpoint(tx, ctx.tenant.id, id, { forUpdate: true });
    if (!before) throw notFound("Webhook endpoint not found");
    const row = await updateEndpoint(tx, ctx.tenant.id, id, { ...input, events: input.events ? [...new Set(input.events)] : undefined });
    if (!row) throw notFound("Webhook endpoint not found");
    await recordAudit(withDb(ctx, tx), {
      action: "webhook.update",
      target: { type: "webhook", id },
      before: { url: before.url, events: before.events, enabled: before.enabled },
      after: { url: row.url, events: row.events, enabled: row.enabled },
    });
    if (row.enabled && !before.enabled) {
      const keys = await tx<{ orderingKey: string }[]>`
        select distinct ordering_key as "orderingKey" from webhook_deliveries where community_id = ${ctx.tenant.id} and endpoint_id = ${id} and status = 'pending'`;
      for (const k of keys) await ctx.deps.jobs.send(WebhookDeliverQueue, { communityId: ctx.tenant.id, endpointId: id, orderingKey: k.orderingKey }, { db: tx });
    }
    return toEndpoint(row);
  });
  ctx.deps.webhookSubscriptions.forget(ctx.tenant.id);
  return updated;
}

/** DELETE /admin/{communityId}/webhooks/{id}: its deliveries go with it. */
export async function deleteWebhook(ctx: Ctx, communityId: string, id: string): Promise<WebhookEndpoint> {
  await requireCommunityAdmin(ctx, communityId);
  const deleted = await withTx(ctx.db, async (tx) => {
    const row = await deleteEndpoint(tx, ctx.tenant.id, id);
    if (!row) throw notFound("Webhook endpoint not found");
    await recordAudit(withDb(ctx, tx), { action: "webhook.delete", target: { type: "webhook", id }, before: { url: row.url, events: row.events } });
    return toEndpoint(row);
  });
  ctx.deps.webhookSubscriptions.forget(ctx.tenant.id);
  return deleted;
}

/** POST /admin/{communityId}/webhooks/{id}/rotate-secret: the old secret also signs for 24 hours. */
export async function rotateWebhookSecret(ctx: Ctx, communityId: string, id: string): Promise<WebhookEndpointWithSecret> {
  await requireCommunityAdmin(ctx, communityId);
  return withTx(ctx.db, async (tx) => {
    const row = await rotateEndpointSecret(tx, ctx.tenant.id, id, newWebhookSecret(), PREVIOUS_SECRET_HOURS);
    if (!row) throw notFound("Webhook endpoint not found");
    await recordAudit(withDb(ctx, tx), { action: "webhook.rotate_secret", target: { type: "webhook", id } });
    return { ...toEndpoint(row), secret: row.secret };
  });
}

/** POST /admin/{communityId}/webhooks/{id}/test: a `webhook.test` event to this endpoint only. */
export async function testWebhook(ctx: Ctx, communityId: string, id: string): Promise<{ deliveries: number }> {
  await requireCommunityAdmin(ctx, communityId);
  const endpoint = await requireEndpoint(ctx, id);
  if (!endpoint.enabled) throw new AppError(ErrorCode.CONFLICT, "The endpoint is turned off; turn it on first");
  return withTx(ctx.db, async (tx) => {
    const deliveries = await emitWebhook(withDb(ctx, tx), "webhook.test", { endpointId: id, message: "A test event from Tuesday" }, `test:${id}`, { endpointId: id });
    await recordAudit(withDb(ctx, tx), { action: "webhook.test", target: { type: "webhook", id } });
    return { deliveries };
  });
}

/** GET /admin/{communityId}/webhooks/{id}/deliveries: the latest 100, newest first. */
export async function listWebhookDeliveries(ctx: Ctx, communityId: string, id: string): Promise<WebhookDelivery[]> {
  await requireCommunityAdmin(ctx, communityId);
  await requireEndpoint(ctx, id);
  return (await listDeliveries(ctx.db, ctx.tenant.id, id, 100)).map(toDelivery);
}

/** POST /admin/{communityId}/webhooks/{id}/deliveries/{deliveryId}/replay: sent again with the same webhook-id. */
export async function replayWebhookDelivery(ctx: Ctx, communityId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
  await requireCommunityAdmin(ctx, communityId);
  return withTx(ctx.db, async (tx) => {
    const original = await findDelivery(tx, ctx.tenant.id, id, deliveryId);
    if (!original) throw notFound("Delivery not found");
    const replay = await insertReplay(tx, ctx.tenant.id, original);
    await ctx.deps.jobs.send(WebhookDeliverQueue, { communityId: ctx.tenant.id, endpointId: id, orderingKey: replay.orderingKey }, { db: tx });
    await recordAudit(withDb(ctx, tx), { action: "webhook.replay", target: { type: "webhook_delivery", id: deliveryId }, after: { replay: replay.id } });
    return toDelivery(replay);
  });
}
