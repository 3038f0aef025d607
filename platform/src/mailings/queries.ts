import type { Db } from "../db/client.ts";
import type { Lang } from "../tenancy/schema.ts";
import type { Audience } from "./schemas.ts";

export type MailingRow = {
  id: string;
  communityId: string;
  kind: "email" | "telegram" | "telegram_image";
  content: Record<string, { subject: string; body: string }>;
  audience: Audience;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  createdAt: Date;
  finishedAt: Date | null;
};

/** mail.send gives up after this many attempts (its retryLimit 8, plus the first). */
const MAX_ATTEMPTS = 9;

const PROGRESS = `m.id, m.community_id as "communityId", m.kind, m.content, m.audience, m.total, m.created_at as "createdAt", m.finished_at as "finishedAt",
  (select count(*)::int from mailing_recipients r join mail_outbox o on o.community_id = r.community_id and o.id = r.outbox_id where r.community_id = m.community_id and r.mailing_id = m.id and o.status = 'sent')
    + (select count(*)::int from mailing_recipients r where r.community_id = m.community_id and r.mailing_id = m.id and r.status = 'sent') as sent,
  (select count(*)::int from mailing_recipients r join mail_outbox o on o.community_id = r.community_id and o.id = r.outbox_id
     where r.community_id = m.community_id and r.mailing_id = m.id and o.status <> 'sent' and (o.status = 'failed' or o.attempts >= ${MAX_ATTEMPTS}))
    + (select count(*)::int from mailing_recipients r where r.community_id = m.community_id and r.mailing_id = m.id and r.status = 'failed') as failed,
  (select count(*)::int from mailing_recipients r where r.community_id = m.community_id and r.mailing_id = m.id and r.status = 'skipped') as skipped`;

/** The audience's SQL condition over participants p and users u (recipient language as `lang`). */
export function audienceRows(db: Db, communityId: string, defaultLang: Lang, a: Audience) {
  return db`
    select p.id as participant_id, u.id as user_id, u.email::text as email,
           coalesce(p.language, u.preferred_lang, ${defaultLang}) as lang
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId}
      and u.deleted_at is null and u.enabled and u.email is not null
      and p.moderation_status = any(${a.statuses ?? ["confirmed"]}::text[])
      and (${a.roles ?? null}::text[] is null or p.role = any(${a.roles ?? null}::text[]))
      and (${a.langs ?? null}::text[] is null or coalesce(p.language, u.preferred_lang, ${defaultLang}) = any(${a.langs ?? null}::text[]))
      and (${a.participantIds ?? null}::uuid[] is null or p.id = any(${a.participantIds ?? null}::uuid[]))
      and not exists (select 1 from mail_unsubscribes x where x.community_id = p.community_id and x.user_id = u.id)`;
}

export async function countAudience(db: Db, communityId: string, defaultLang: Lang, a: Audience): Promise<{ lang: Lang; n: number }[]> {
  return db<{ lang: Lang; n: number }[]>`select lang, count(*)::int as n from (${audienceRows(db, communityId, defaultLang, a)}) x group by lang`;
}

/** Creates the mailing and its recipients (the audience as of now) in the caller's transaction. */
export async function insertMailing(
  db: Db,
  row: { communityId: string; content: MailingRow["content"]; audience: Audience; createdBy: string | null; defaultLang: Lang },
): Promise<string> {
  const [m] = await db<{ id: string }[]>`
    insert into mailings (community_id, content, audience, created_by)
    values (${row.communityId}, ${db.json(row.content)}, ${db.json(row.audience as never)}, ${row.createdBy}) returning id`;
  if (!m) throw new Error("mailing insert failed");
  const inserted = await db`
    insert into mailing_recipients (community_id, mailing_id, participant_id, user_id, email, lang)
    select ${row.communityId}, ${m.id}, a.participant_id, a.user_id, a.email, a.lang
    from (${audienceRows(db, row.communityId, row.defaultLang, row.audience)}) a`;
  await db`update mailings set total = ${inserted.count} where id = ${m.id}`;
  return m.id;
}

export async function findMailing(db: Db, communityId: string, id: string): Promise<MailingRow | undefined> {
  const [row] = await db<MailingRow[]>`select ${db.unsafe(PROGRESS)} from mailings m where m.community_id = ${communityId} and m.id = ${id}`;
  return row;
}

export async function listMailings(db: Db, communityId: string, limit: number): Promise<MailingRow[]> {
  return db<MailingRow[]>`select ${db.unsafe(PROGRESS)} from mailings m where m.community_id = ${communityId} order by m.created_at desc, m.id limit ${limit}`;
}

export type PendingRecipient = { participantId: string; userId: string; email: string; lang: Lang; unsubscribed: boolean };

/** The next pending recipients, locked: two workers never take the same one. */
export async function lockPendingRecipients(db: Db, communityId: string, mailingId: string, limit: number): Promise<PendingRecipient[]> {
  return db<PendingRecipient[]>`
    select r.participant_id as "participantId", r.user_id as "userId", r.email, r.lang,
           exists (select 1 from mail_unsubscribes x where x.community_id = r.community_id and x.user_id = r.user_id) as unsubscribed
    from mailing_recipients r
    where r.community_id = ${communityId} and r.mailing_id = ${mailingId} and r.status = 'pending'
    order by r.participant_id
    limit ${limit}
    for update skip locked`;
}

/** markRecipientQueued for a chunk's recipients in one statement. */
export async function markRecipientsQueued(db: Db, communityId: string, mailingId: string, rows: { participantId: string; outboxId: string; unsubscribeHash: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db`update mailing_recipients r set status = 'queued', outbox_id = v.outbox_id, unsubscribe_hash = v.hash
           from unnest(${rows.map((x) => x.participantId)}::uuid[], ${rows.map((x) => x.outboxId)}::uuid[], ${rows.map((x) => x.unsubscribeHash)}::text[]) as v(participant_id, outbox_id, hash)
           where r.community_id = ${communityId} and r.mailing_id = ${mailingId} and r.participant_id = v.participant_id`;
}

/** markRecipientSkipped for a chunk's recipients in one statement. */
export async function markRecipientsSkipped(db: Db, communityId: string, mailingId: string, participantIds: string[]): Promise<void> {
  if (participantIds.length === 0) return;
  await db`update mailing_recipients set status = 'skipped' where community_id = ${communityId} and mailing_id = ${mailingId} and participant_id = any(${participantIds}::uuid[])`;
}

/** A mailing's content and whether it finished, without its progress counts (a chunk needs no more). */
export async function findMailingContent(db: Db, communityId: string, id: string): Promise<Pick<MailingRow, "id" | "content" | "finishedAt"> | undefined> {
  const [row] = await db<Pick<MailingRow, "id" | "content" | "finishedAt">[]>`
    select id, content, finished_at as "finishedAt" from mailings where community_id = ${communityId} and id = ${id}`;
  return row;
}

export async function hasPending(db: Db, communityId: string, mailingId: string): Promise<boolean> {
  // exists, not count(*): asked after every chunk, a count read every pending row each time.
  const [row] = await db<{ any: boolean }[]>`select exists (select 1 from mailing_recipients where community_id = ${communityId} and mailing_id = ${mailingId} and status = 'pending') as any`;
  return row?.any ?? false;
}

export async function markMailingState(db: Db, mailingId: string, state: "sending" | "done"): Promise<void> {
  if (state === "done") await db`update mailings set status = 'done', finished_at = coalesce(finished_at, now()) where id = ${mailingId}`;
  else await db`update mailings set status = 'sending' where id = ${mailingId} and status = 'queued'`;
}

export async function findRecipientByUnsubscribeHash(db: Db, communityId: string, hash: string): Promise<{ communityId: string; userId: string } | undefined> {
  const [row] = await db<{ communityId: string; userId: string }[]>`
    select community_id as "communityId", user_id as "userId" from mailing_recipients where community_id = ${communityId} and unsubscribe_hash = ${hash}`;
  return row;
}

export async function insertUnsubscribe(db: Db, communityId: string, userId: string): Promise<boolean> {
  const rows = await db`insert into mail_unsubscribes (community_id, user_id) values (${communityId}, ${userId}) on conflict do nothing returning 1`;
  return rows.length > 0;
}
