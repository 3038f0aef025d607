/**
 * The e-mail digest: notifications left unread for DIGEST_DELAY_MS are mailed to the member in
 * one notice (with every other unread one since), unless the member turned e-mail off. Each
 * notification is handled once (digested_at), in the same transaction as its mail in the outbox,
 * so a rerun or a second runner mails nothing twice.
 */
import { randomUUID } from "node:crypto";
import type { Ctx, Deps } from "../context.ts";
import { withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { textsFor } from "../i18n/texts.ts";
import { queueMail } from "../mail/service.ts";
import { langIn } from "../members/index.ts";
import { findMemberCard } from "../participant/queries.ts";
import type { Lang, Tenant } from "../tenancy/schema.ts";
import { listDigestDue, listPreferences, lockUndigested, markDigested, type NotificationRow } from "./queries.ts";
import type { NotificationType } from "./schemas.ts";

export const DIGEST_DELAY_MS = 60 * 60 * 1000;
const DIGEST_BATCH = 500;

function digestNotice(lang: Lang, tenant: Tenant, rows: readonly NotificationRow[]) {
  const t = textsFor(lang);
  const counts = new Map<NotificationType, number>();
  for (const r of rows) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  return {
    title: t("mail.digest.title", { count: rows.length }),
    paragraphs: [t("mail.digest.away", { title: tenant.config.brandConfig.title }), ...[...counts].map(([type, n]) => t(`mail.digest.lines.${type}`, { count: n }))],
    action: { label: t("mail.digest.action"), link: `${tenant.url}/notifications` },
  };
}

/** One pass of the digest (the cron job's): returns how many members were mailed and how many only marked. */
export async function sendNotificationDigests(
  deps: Deps,
  opts: { now?: Date; delayMs?: number; communityId?: string } = {},
): Promise<{ mailed: number; skipped: number }> {
  const olderThan = new Date((opts.now ?? new Date()).getTime() - (opts.delayMs ?? DIGEST_DELAY_MS));
  const due = await listDigestDue(deps.db, olderThan, opts.communityId, DIGEST_BATCH);
  let mailed = 0;
  let skipped = 0;
  for (const { communityId, participantId } of due) {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) continue;
    const ctx: Ctx = {
      tenant,
      actor: { kind: "system", job: "notifications.digest" },
      requestId: `job-notifications.digest-${randomUUID()}`,
      log: deps.log,
      db: deps.db,
      deps,
      ip: undefined,
    };
    const sent = await withTx(deps.db, async (tx) => {
      const rows = await lockUndigested(tx, communityId, participantId);
      if (rows.length === 0) return undefined;
      const emailOff = (await listPreferences(tx, communityId, participantId)).some((p) => p.contactType === "EMAIL" && p.disable);
      const card = await findMemberCard(tx, communityId, participantId);
      const last = rows.at(-1);
      let isMailed = false;
      if (!emailOff && card?.email && last) {
        const lang = langIn(ctx, card.lang);
        await queueMail(withDb(ctx, tx), {
          to: card.email,
          template: "notice",
          lang,
          vars: digestNotice(lang, tenant, rows),
          dedupeKey: `notifications:digest:${participantId}:${last.seq}`,
        });
        isMailed = true;
      }
      await markDigested(
        tx,
        communityId,
        rows.map((r) => r.id),
      );
      return isMailed;
    });
    if (sent === true) mailed++;
    else if (sent === false) skipped++;
  }
  return { mailed, skipped };
}
