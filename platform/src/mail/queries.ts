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

export async function insertOutbox(
  db: Db,
  row: {
    communityId: string;
    toEmail: string;
    fromEmail: string;
    template: string;
    lang: string;
    subject: string;
    html: string;
    text: string;
    dedupeKey: string | null;
    attachments?: MailAttachment[] | undefined;
    headers?: Record<string, string>;
  },
): Promise<{ id: string; inserted: boolean }> {
  const [ins] = await db<{ id: string }[]>`
    insert into mail_outbox (community_id, dedupe_key, to_email, from_email, template, lang, subject, html, text, attachments, headers)
    values (${row.communityId}, ${row.dedupeKey}, ${row.toEmail}, ${row.fromEmail}, ${row.template}, ${row.lang},
            ${row.subject}, ${row.html}, ${row.text}, ${row.attachments?.length ? db.json(row.attachments) : null}, ${db.json(row.headers ?? {})})
    on conflict (dedupe_key) do nothing
    returning id`;
  if (ins) return { id: ins.id, inserted: true };
  const [existing] = await db<{ id: string }[]>`select id from mail_outbox where dedupe_key = ${row.dedupeKey}`;
  if (!existing) throw new Error("outbox dedupe lookup failed");
  return { id: existing.id, inserted: false };
}

/**
 * Many outbox rows in one statement (a mailing's chunk), each with its dedupe key: returns the id
 * of every key, and which of them this call inserted (an existing key keeps its row).
 */
export async function insertOutboxMany(
  db: Db,
  rows: {
    communityId: string;
    toEmail: string;
    fromEmail: string;
    template: string;
    lang: string;
    subject: string;
    html: string;
    text: string;
    dedupeKey: string;
    headers: Record<string, string>;
  }[],
): Promise<{ ids: Map<string, string>; inserted: Set<string> }> {
  const ids = new Map<string, string>();
  const inserted = new Set<string>();
  if (rows.length === 0) return { ids, inserted };
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  const added = await db<{ id: string; dedupeKey: string }[]>`
    insert into mail_outbox (community_id, dedupe_key, to_email, from_email, template, lang, subject, html, text, headers)
    select c, k, t, f, tpl, l, s, h, x, hd::jsonb
    from unnest(${col("communityId")}::text[], ${col("dedupeKey")}::text[], ${col("toEmail")}::text[], ${col("fromEmail")}::text[],
      ${col("template")}::text[], ${col("lang")}::text[], ${col("subject")}::text[], ${col("html")}::text[], ${col("text")}::text[],
      ${rows.map((r) => JSON.stringify(r.headers))}::text[]) as v(c, k, t, f, tpl, l, s, h, x, hd)
    on conflict (dedupe_key) do nothing
    returning id, dedupe_key as "dedupeKey"`;
  for (const r of added) {
    ids.set(r.dedupeKey, r.id);
    inserted.add(r.dedupeKey);
  }
  const missing = rows.map((r) => r.dedupeKey).filter((k) => !ids.has(k));
  if (missing.length > 0) {
    const existing = await db<{ id: string; dedupeKey: string }[]>`select id, dedupe_key as "dedupeKey" from mail_outbox where dedupe_key = any(${missing}::text[])`;
    for (const r of existing) ids.set(r.dedupeKey, r.id);
  }
  return { ids, inserted };
}

/** Locks the row for sending so two workers never send the same mail; null when already sent. */
export async function claimOutbox(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db<OutboxRow[]>`
    select ${db.unsafe(COLUMNS)} from mail_outbox where id = ${id} and status <> 'sent' for update skip locked`;
  return row;
}

/** True when the row exists and is not sent (whoever holds its lock). */
export async function isUnsent(db: Db, id: string): Promise<boolean> {
  const [row] = await db<{ unsent: boolean }[]>`select status <> 'sent' as unsent from mail_outbox where id = ${id}`;
  return row?.unsent ?? false;
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
