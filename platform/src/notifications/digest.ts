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
import { queueMail } from "../mail/service.ts";
import { langIn } from "../members/index.ts";
import { findMemberCard } from "../participant/queries.ts";
import type { Lang, Tenant } from "../tenancy/schema.ts";
import { listDigestDue, listPreferences, lockUndigested, markDigested, type NotificationRow } from "./queries.ts";
import type { NotificationType } from "./schemas.ts";

export const DIGEST_DELAY_MS = 60 * 60 * 1000;
const DIGEST_BATCH = 500;

const LINES: Record<Lang, Record<NotificationType, (n: number) => string>> = {
  en: {
    INTRO_RECEIVED: (n) => (n === 1 ? "1 new intro request" : `${n} new intro requests`),
    INTRO_ACCEPTED: (n) => (n === 1 ? "1 intro accepted" : `${n} intros accepted`),
    MATCH_OF_THE_WEEK: () => "Your contact of the week",
    EVENT_APPROVED: (n) => (n === 1 ? "1 event registration approved" : `${n} event registrations approved`),
    EVENT_REMINDER: (n) => (n === 1 ? "1 event reminder" : `${n} event reminders`),
    CHAT_MESSAGE: (n) => (n === 1 ? "New messages in 1 chat" : `New messages in ${n} chats`),
    MEETING_PROPOSED: (n) => (n === 1 ? "1 meeting with times to choose" : `${n} meetings with times to choose`),
    MEETING_PICKED: (n) => (n === 1 ? "1 meeting time to confirm" : `${n} meeting times to confirm`),
    MEETING_CONFIRMED: (n) => (n === 1 ? "1 meeting booked" : `${n} meetings booked`),
    MEETING_CANCELLED: (n) => (n === 1 ? "1 meeting cancelled" : `${n} meetings cancelled`),
    MEETING_REMINDER: (n) => (n === 1 ? "1 meeting reminder" : `${n} meeting reminders`),
  },
  ru: {
    INTRO_RECEIVED: (n) => `Новые запросы на знакомство: ${n}`,
    INTRO_ACCEPTED: (n) => `Принятые запросы на знакомство: ${n}`,
    MATCH_OF_THE_WEEK: () => "Ваш контакт недели",
    EVENT_APPROVED: (n) => `Одобренные заявки на события: ${n}`,
    EVENT_REMINDER: (n) => `Напоминания о событиях: ${n}`,
    CHAT_MESSAGE: (n) => `Новые сообщения в чатах: ${n}`,
    MEETING_PROPOSED: (n) => `Встречи, для которых нужно выбрать время: ${n}`,
    MEETING_PICKED: (n) => `Время встречи ждёт подтверждения: ${n}`,
    MEETING_CONFIRMED: (n) => `Назначенные встречи: ${n}`,
    MEETING_CANCELLED: (n) => `Отменённые встречи: ${n}`,
    MEETING_REMINDER: (n) => `Напоминания о встречах: ${n}`,
  },
};

function digestNotice(lang: Lang, tenant: Tenant, rows: readonly NotificationRow[]) {
  const counts = new Map<NotificationType, number>();
  for (const r of rows) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  const title = tenant.config.brandConfig.title;
  return {
    title: lang === "ru" ? `Непрочитанные уведомления: ${rows.length}` : `You have ${rows.length} unread notification${rows.length === 1 ? "" : "s"}`,
    paragraphs: [
      lang === "ru" ? `Пока вас не было в ${title}:` : `While you were away from ${title}:`,
      ...[...counts].map(([type, n]) => LINES[lang][type](n)),
    ],
    action: { label: lang === "ru" ? "Открыть уведомления" : "Open notifications", link: `${tenant.url}/notifications` },
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
