/**
 * Sending an endpoint's deliveries. One job drains one (endpoint, ordering key) queue oldest first:
 * it takes the head delivery with a lease, sends it, and on success goes on to the next; on a
 * failure it schedules the head's next attempt (and a job for that time) and stops, so a later
 * event of the same member never overtakes an earlier one. A worker that dies mid-request leaves
 * its lease to run out; pg-boss retries the expired job, and the start-up sweep re-queues every
 * unfinished queue, so the delivery is still made after a restart.
 */
import type { Deps } from "../context.ts";
import { withTx } from "../db/client.ts";
import { textsFor } from "../i18n/texts.ts";
import { jobCtx } from "../jobs/context.ts";
import { queueMail } from "../mail/service.ts";
import { WebhookDeliverQueue } from "./jobs/deliver-queue.ts";
import { communityAdmins, disableEndpoint, findEndpoint, headDelivery, leaseDelivery, pendingQueues, recordAttempt } from "./queries.ts";
import { sendWebhook } from "./send.ts";
import { signatureHeader } from "./signing.ts";

/** The lease outlives the request's deadline, so a slow answer is never sent twice. */
const leaseSeconds = (timeoutMs: number) => Math.ceil(timeoutMs / 1000) + 5;

export async function drainWebhookQueue(deps: Deps, q: { communityId: string; endpointId: string; orderingKey: string }): Promise<void> {
  const { config } = deps;
  for (;;) {
    const endpoint = await findEndpoint(deps.db, q.communityId, q.endpointId);
    if (!endpoint?.enabled) return;
    const head = await headDelivery(deps.db, q.communityId, q.endpointId, q.orderingKey);
    if (!head) return;
    if (!head.due) {
      await deps.jobs.send(WebhookDeliverQueue, q, { startAfterSeconds: Math.max(1, Math.ceil(head.waitSeconds)) });
      return;
    }
    if (!(await leaseDelivery(deps.db, q.communityId, head.id, leaseSeconds(config.webhookTimeoutMs)))) return;
    const body = JSON.stringify(head.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > new Date() ? [endpoint.previousSecret] : [])];
    const headers = {
      "webhook-id": head.messageId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureHeader(secrets, head.messageId, timestamp, body),
    };
    const result = await sendWebhook(endpoint.url, headers, body, { allowPrivate: config.webhookAllowPrivate, timeoutMs: config.webhookTimeoutMs });
    const attempt = head.attempts + 1;
    const delays = config.webhookRetryDelaysSeconds;
    if (result.ok) {
      await recordAttempt(deps.db, q.communityId, head.id, { status: "succeeded", code: result.status, latencyMs: result.latencyMs, error: null, retryInSeconds: 0 });
      continue;
    }
    const error = result.error ?? `HTTP ${result.status}`;
    if (attempt > delays.length) {
      await withTx(deps.db, async (tx) => {
        await recordAttempt(tx, q.communityId, head.id, { status: "failed", code: result.status, latencyMs: result.latencyMs, error, retryInSeconds: 0 });
        if (await disableEndpoint(tx, q.communityId, q.endpointId, `${attempt} attempts failed; the last: ${error}`)) {
          const tenant = await deps.tenants.get(q.communityId);
          if (!tenant) return;
          const ctx = { ...jobCtx(deps, tenant, WebhookDeliverQueue.name), db: tx };
          for (const admin of await communityAdmins(tx, q.communityId)) {
            const t = textsFor(admin.lang);
            await queueMail(ctx, {
              to: admin.email,
              template: "notice",
              lang: admin.lang,
              dedupeKey: `webhook-disabled:${q.endpointId}:${head.id}:${admin.email}`,
              vars: { title: t("mail.webhookDisabled.subject"), paragraphs: [t("mail.webhookDisabled.body", { url: endpoint.url, attempts: attempt }), t("mail.webhookDisabled.kept")], reason: "account" },
            });
          }
        }
      });
      return;
    }
    const wait = delays[attempt - 1] ?? 0;
    await recordAttempt(deps.db, q.communityId, head.id, { status: "pending", code: result.status, latencyMs: result.latencyMs, error, retryInSeconds: wait });
    await deps.jobs.send(WebhookDeliverQueue, q, wait > 0 ? { startAfterSeconds: Math.ceil(wait) } : {});
    return;
  }
}

/** At server start: a job for every unfinished queue (jobs lost with a dead process are made again; extra ones find nothing due). */
export async function requeueWebhookDeliveries(deps: Deps): Promise<number> {
  const queues = await pendingQueues(deps.db);
  for (const q of queues) await deps.jobs.send(WebhookDeliverQueue, q);
  return queues.length;
}
