/** Notifications of members. Every query takes the community and the recipient. */
import type { Db } from "../db/client.ts";
import type { NotificationType } from "./schemas.ts";

export type NotificationRow = {
  id: string;
  seq: string;
  type: NotificationType;
  data: Record<string, unknown>;
  createdAt: Date;
  seenAt: Date | null;
};

// `seq` leaves as text (a bigint); ORDER BY names the column through the table, not this alias.
const COLUMNS = `id, seq::text as seq, type, data, created_at as "createdAt", seen_at as "seenAt"`;

/**
 * Inserts notifications for many members at once (one type, one community): those whose dedupe key
 * is stored already are skipped; returns the stored rows with their members.
 */
export async function insertNotifications(
  db: Db,
  communityId: string,
  type: NotificationType,
  items: readonly { participantId: string; data: Record<string, unknown>; dedupeKey: string | null }[],
): Promise<(NotificationRow & { participantId: string })[]> {
  if (items.length === 0) return [];
  return db<(NotificationRow & { participantId: string })[]>`
    insert into notifications (community_id, participant_id, type, data, dedupe_key, telegram_status)
    select ${communityId}, x.participant_id, ${type}, x.data, x.dedupe_key,
      -- Also through Telegram (the telegram.notifications job) when the member connected it and left it on.
      case when exists (select 1 from telegram_links l
          where l.community_id = ${communityId} and l.participant_id = x.participant_id and l.blocked_at is null)
        and not exists (select 1 from notification_preferences p
          where p.community_id = ${communityId} and p.participant_id = x.participant_id and p.contact_type = 'TELEGRAM' and p.disable)
      then 'pending' end
    from unnest(${db.array(items.map((i) => i.participantId))}::uuid[], ${db.array(items.map((i) => JSON.stringify(i.data)))}::jsonb[],
                ${db.array(items.map((i) => i.dedupeKey))}::text[]) as x(participant_id, data, dedupe_key)
    on conflict (community_id, participant_id, dedupe_key) do nothing
    returning ${db.unsafe(COLUMNS)}, participant_id as "participantId"`;
}

/** Which of `participantIds` have an unseen, undismissed notification of `type` whose data[key] is `value`. */
export async function withUnseen(
  db: Db,
  communityId: string,
  participantIds: readonly string[],
  type: NotificationType,
  key: string,
  value: string,
): Promise<Set<string>> {
  if (participantIds.length === 0) return new Set();
  const rows = await db<{ id: string }[]>`
    select distinct participant_id as id from notifications
    where community_id = ${communityId} and participant_id = any(${[...participantIds]}::uuid[]) and type = ${type}
      and seen_at is null and dismissed_at is null and data ->> ${key} = ${value}`;
  return new Set(rows.map((r) => r.id));
}

export async function listNotifications(db: Db, communityId: string, participantId: string, limit: number, offset: number): Promise<NotificationRow[]> {
  return db<NotificationRow[]>`
    select ${db.unsafe(COLUMNS)} from notifications
    where community_id = ${communityId} and participant_id = ${participantId} and dismissed_at is null
    order by notifications.seq desc limit ${limit} offset ${offset}`;
}

export async function findNotificationSeq(db: Db, communityId: string, participantId: string, id: string): Promise<string | undefined> {
  const [row] = await db<{ seq: string }[]>`
    select seq::text as seq from notifications where community_id = ${communityId} and participant_id = ${participantId} and id = ${id}`;
  return row?.seq;
}

export async function listNewer(db: Db, communityId: string, participantId: string, afterSeq: string, limit: number): Promise<NotificationRow[]> {
  return db<NotificationRow[]>`
    select ${db.unsafe(COLUMNS)} from notifications
    where community_id = ${communityId} and participant_id = ${participantId} and dismissed_at is null and seq > ${afterSeq}
    order by notifications.seq limit ${limit}`;
}

export async function countUnseen(db: Db, communityId: string, participantId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from notifications
    where community_id = ${communityId} and participant_id = ${participantId} and seen_at is null and dismissed_at is null`;
  return row?.n ?? 0;
}

/** Marks the member's (undismissed) notifications seen: those of `ids`, or all. Others' ids change nothing. */
export async function markSeen(db: Db, communityId: string, participantId: string, ids: readonly string[] | undefined): Promise<number> {
  const res =
    ids === undefined
      ? await db`update notifications set seen_at = now() where community_id = ${communityId} and participant_id = ${participantId} and seen_at is null and dismissed_at is null`
      : await db`
          update notifications set seen_at = now()
          where community_id = ${communityId} and participant_id = ${participantId} and seen_at is null and dismissed_at is null and id = any(${[...ids]}::uuid[])`;
  return res.count;
}

export async function markDismissed(db: Db, communityId: string, participantId: string, ids: readonly string[]): Promise<number> {
  const res = await db`
    update notifications set dismissed_at = now()
    where community_id = ${communityId} and participant_id = ${participantId} and dismissed_at is null and id = any(${[...ids]}::uuid[])`;
  return res.count;
}

// E-mail digest ----------------------------------------------------------------------------

/** Members with a notification unread, undismissed and undigested since before `olderThan`. */
export async function listDigestDue(db: Db, olderThan: Date, communityId: string | undefined, limit: number): Promise<{ communityId: string; participantId: string }[]> {
  return db<{ communityId: string; participantId: string }[]>`
    select distinct community_id as "communityId", participant_id as "participantId" from notifications
    where seen_at is null and dismissed_at is null and digested_at is null and created_at <= ${olderThan}
      ${communityId === undefined ? db`` : db`and community_id = ${communityId}`}
    limit ${limit}`;
}

/** The member's notifications the digest has not handled, locked for this transaction (a second runner skips them). */
export async function lockUndigested(db: Db, communityId: string, participantId: string): Promise<NotificationRow[]> {
  return db<NotificationRow[]>`
    select ${db.unsafe(COLUMNS)} from notifications
    where community_id = ${communityId} and participant_id = ${participantId}
      and seen_at is null and dismissed_at is null and digested_at is null
    order by notifications.seq
    for update skip locked`;
}

export async function markDigested(db: Db, communityId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db`update notifications set digested_at = now() where community_id = ${communityId} and id = any(${[...ids]}::uuid[])`;
}

// Preferences ------------------------------------------------------------------------------

export type PreferenceRow = { contactType: "EMAIL" | "TELEGRAM"; disable: boolean };

export async function listPreferences(db: Db, communityId: string, participantId: string): Promise<PreferenceRow[]> {
  return db<PreferenceRow[]>`
    select contact_type as "contactType", disable from notification_preferences
    where community_id = ${communityId} and participant_id = ${participantId}`;
}

export async function upsertPreference(db: Db, communityId: string, participantId: string, p: PreferenceRow): Promise<void> {
  await db`
    insert into notification_preferences (community_id, participant_id, contact_type, disable)
    values (${communityId}, ${participantId}, ${p.contactType}, ${p.disable})
    on conflict (community_id, participant_id, contact_type) do update set disable = excluded.disable, updated_at = now()`;
}
