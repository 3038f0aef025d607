import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.ts";

/** A file sent with a mail (e.g. an event's .ics), kept in the outbox row as text. */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutboxRow = {
  id: string;
  communityId: string;
  toEmail: string;
  fromEmail: string;
  template: string;
  lang: string;
  subject: string;
  html: string;
  text: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  transport: string | null;
  messageId: string | null;
  /** Extra headers (e.g. List-Unsubscribe of a mailing). */
  headers: Record<string, string>;
  createdAt: Date;
  sentAt: Date | null;
  attachments: MailAttachment[] | null;
};

const COLUMNS = `id, community_id as "communityId", to_email as "toEmail", from_email as "fromEmail", template, lang,
  subject, html, text, status, attempts, transport, message_id as "messageId", headers, created_at as "createdAt", sent_at as "sentAt", attachments`;

/** One outbox row to insert; a row with a dedupe key that is stored already keeps that row. */
export type NewOutboxRow = Pick<OutboxRow, "communityId" | "toEmail" | "fromEmail" | "template" | "lang" | "subject" | "html" | "text"> & {
  dedupeKey: string | null;
  attachments?: MailAttachment[] | undefined;
  headers?: Record<string, string> | undefined;
};

/**
 * Many outbox rows in one statement (a mailing's chunk): returns, in the order given, each row's
 * id and whether this call inserted it. A row whose dedupe key is stored already keeps the stored
 * row (its id is returned, not inserted); a row without a key is always inserted.
 */
export async function insertOutboxMany(db: Db, rows: NewOutboxRow[]): Promise<{ id: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  // Ids are chosen here so that each inserted row is known by its id, keyed or not.
  const fresh = rows.map(() => randomUUID());
  const col = <K extends keyof NewOutboxRow>(k: K) => rows.map((r) => r[k] ?? null);
  const added = await db<{ id: string }[]>`
    insert into mail_outbox (id, community_id, dedupe_key, to_email, from_email, template, lang, subject, html, text, attachments, headers)
    select i, c, k, t, f, tpl, l, s, h, x, nullif(a, '')::jsonb, hd::jsonb
    from unnest(${fresh}::uuid[], ${col("communityId")}::text[], ${col("dedupeKey")}::text[], ${col("toEmail")}::text[], ${col("fromEmail")}::text[],
      ${col("template")}::text[], ${col("lang")}::text[], ${col("subject")}::text[], ${col("html")}::text[], ${col("text")}::text[],
      ${rows.map((r) => (r.attachments?.length ? JSON.stringify(r.attachments) : ""))}::text[],
      ${rows.map((r) => JSON.stringify(r.headers ?? {}))}::text[]) as v(i, c, k, t, f, tpl, l, s, h, x, a, hd)
    on conflict (community_id, dedupe_key) do nothing
    returning id`;
  const inserted = new Set(added.map((r) => r.id));
  const out = rows.map((r, i) => ({ id: fresh[i] as string, inserted: inserted.has(fresh[i] as string), communityId: r.communityId, dedupeKey: r.dedupeKey }));
  const missing = out.filter((r) => !r.inserted);
  if (missing.length > 0) {
    // A dedupe key is unique within its community (migration 066).
    const existing = await db<{ id: string; communityId: string; dedupeKey: string }[]>`
      select o.id, o.community_id as "communityId", o.dedupe_key as "dedupeKey"
      from mail_outbox o join unnest(${missing.map((r) => r.communityId)}::text[], ${missing.map((r) => r.dedupeKey ?? "")}::text[]) as k(c, d)
        on o.community_id = k.c and o.dedupe_key = k.d`;
    const byKey = new Map(existing.map((r) => [`${r.communityId}\0${r.dedupeKey}`, r.id]));
    for (const r of out) {
      if (r.inserted) continue;
      const id = r.dedupeKey === null ? undefined : byKey.get(`${r.communityId}\0${r.dedupeKey}`);
      if (!id) throw new Error("outbox dedupe lookup failed");
      r.id = id;
    }
  }
  return out.map(({ id, inserted }) => ({ id, inserted }));
}

/**
 * The class of the session advisory locks a mail worker holds on the outbox rows it is sending
 * (the two-key form, apart from pg-boss's one-key locks); the row's key is hashtext of its id.
 */
export const OUTBOX_LOCK_CLASS = 0x7475;

/**
 * Claims for sending, in one statement, those of `ids` that are not sent and that no one else
 * holds, the ones tried least often first: each claimed row is locked for the rest of the
 * connection's session (a session advisory lock, released by unlockOutboxRows or when the
 * connection ends, so a dead process frees its rows at once). A row another transaction has
 * locked (an older release's worker claimed rows so) is skipped as a row another worker's session
 * holds is.
 * `conn` must be one connection (db.reserve()) kept until unlockOutboxRows.
 */
export async function claimOutboxRows(conn: Db, ids: string[]): Promise<OutboxRow[]> {
  // The subquery's rows are each offered the lock exactly once (no filter after it), so no lock
  // is taken on a row that is then not returned; the row locks end with the statement.
  const rows = await conn<(OutboxRow & { claimed: boolean })[]>`
    select *, pg_try_advisory_lock(${OUTBOX_LOCK_CLASS}, hashtext(id::text)) as claimed
    from (select ${conn.unsafe(COLUMNS)} from mail_outbox where id = any(${ids}::uuid[]) and status <> 'sent' order by attempts, id for update skip locked) as c`;
  return rows
    .filter((r) => r.claimed)
    .sort((a, b) => a.attempts - b.attempts || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ claimed: _, ...row }) => row);
}

/** Ends every claim of claimOutboxRows on this connection (before it goes back to the pool). */
export async function unlockOutboxRows(conn: Db): Promise<void> {
  await conn`select pg_advisory_unlock_all()`;
}

/** Of `ids`, those not sent (whoever holds them). */
export async function unsentOf(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db<{ id: string }[]>`select id from mail_outbox where id = any(${ids}::uuid[]) and status <> 'sent'`;
  return rows.map((r) => r.id);
}

export async function markSent(db: Db, id: string, transport: string, messageId: string | null): Promise<void> {
  await db`update mail_outbox set status = 'sent', sent_at = now(), transport = ${transport}, message_id = ${messageId},
           attempts = attempts + 1, error = null where id = ${id}`;
}

export async function markAttemptFailed(db: Db, id: string, error: string): Promise<void> {
  await db`update mail_outbox set attempts = attempts + 1, error = ${error} where id = ${id}`;
}

export async function listOutbox(
  db: Db,
  filter: { communityId?: string | undefined; to?: string | undefined; limit?: number },
): Promise<OutboxRow[]> {
  return db<OutboxRow[]>`
    select ${db.unsafe(COLUMNS)} from mail_outbox
    where (${filter.communityId ?? null}::text is null or community_id = ${filter.communityId ?? null})
      and (${filter.to ?? null}::text is null or to_email = ${filter.to ?? null})
    order by created_at desc, id limit ${filter.limit ?? 50}`;
}

export async function getOutbox(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db<OutboxRow[]>`select ${db.unsafe(COLUMNS)} from mail_outbox where id = ${id}`;
  return row;
}
