import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/client.ts";
import { conflict } from "../lib/errors.ts";
import type { TopicFile, TopicLabels } from "../tenancy/schema.ts";

export type TopicRow = { key: string; labels: TopicLabels; position: number; archivedAt: Date | null };

const COLUMNS = (db: Db) => db`t.key, t.labels, t.position, t.archived_at as "archivedAt"`;

/** The community's topics: active ones in order, then archived ones (when asked for) in order. */
export async function listTopics(db: Db, communityId: string, opts: { archived?: boolean } = {}): Promise<TopicRow[]> {
  return db<TopicRow[]>`
    select ${COLUMNS(db)} from community_topics t
    where t.community_id = ${communityId} ${opts.archived ? db`` : db`and t.archived_at is null`}
    order by (t.archived_at is not null), t.position, t.key`;
}

export async function findTopic(db: Db, communityId: string, key: string): Promise<TopicRow | undefined> {
  const [row] = await db<TopicRow[]>`select ${COLUMNS(db)} from community_topics t where t.community_id = ${communityId} and t.key = ${key}`;
  return row;
}

/** Which of `keys` are the community's active topics. */
export async function listActiveTopicKeys(db: Db, communityId: string, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db<{ key: string }[]>`
    select key from community_topics
    where community_id = ${communityId} and key = any(${keys as string[]}::text[]) and archived_at is null`;
  return rows.map((r) => r.key);
}

/** Serialises writers of one community's topics until the transaction ends (edits renumber positions). */
export async function lockTopics(db: Db, communityId: string): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtextextended(${`topics:${communityId}`}, 0))`;
}

export async function insertTopic(db: Db, communityId: string, t: { key: string; labels: TopicLabels; position: number }): Promise<void> {
  try {
    await db`
      insert into community_topics (community_id, key, labels, position)
      values (${communityId}, ${t.key}, ${db.json(t.labels)}, ${t.position})`;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A topic with the key "${t.key}" exists`);
    throw err;
  }
}

export async function updateTopic(db: Db, communityId: string, key: string, t: { labels: TopicLabels; archived: boolean }): Promise<void> {
  await db`
    update community_topics set
      labels = ${db.json(t.labels)},
      archived_at = ${t.archived ? db`coalesce(archived_at, now())` : null},
      updated_at = now()
    where community_id = ${communityId} and key = ${key}`;
}

/** Sets positions 0..n-1 in the order given. */
export async function setTopicPositions(db: Db, communityId: string, keys: readonly string[]): Promise<void> {
  await db`
    update community_topics t set position = (x.n - 1)::int, updated_at = now()
    from unnest(${keys as string[]}::text[]) with ordinality as x(key, n)
    where t.community_id = ${communityId} and t.key = x.key and t.position is distinct from (x.n - 1)::int`;
}

/**
 * Makes the community's topics match tenant.json `topics`, keyed by `key`: labels and order from
 * the file, listed topics active (an archived one comes back), unlisted ones archived, never
 * deleted: members' picks of them stay on record.
 */
export async function upsertTopicFiles(db: Db, communityId: string, topics: readonly TopicFile[]): Promise<void> {
  const keys = topics.map((t) => t.key);
  if (topics.length) {
    const labels = topics.map((t) => JSON.stringify(t.labels));
    await db`
      insert into community_topics as ct (community_id, key, labels, position)
      select ${communityId}, x.key, x.labels::jsonb, (x.n - 1)::int
      from unnest(${keys}::text[], ${labels}::text[]) with ordinality as x(key, labels, n)
      on conflict (community_id, key) do update set
        labels = excluded.labels, position = excluded.position, archived_at = null, updated_at = now()
      where ct.labels is distinct from excluded.labels or ct.position is distinct from excluded.position
         or ct.archived_at is not null`;
  }
  await db`
    update community_topics set archived_at = now(), updated_at = now()
    where community_id = ${communityId} and key <> all(${keys}::text[]) and archived_at is null`;
}

/** The community's topics as comparable documents (no timestamps), for the audit of an apply. */
export async function listTopicDocs(db: Db, communityId: string): Promise<unknown[]> {
  const rows = await listTopics(db, communityId, { archived: true });
  return rows.map((r) => ({ key: r.key, labels: r.labels, position: r.position, archived: r.archivedAt !== null }));
}

/**
 * SQL (over a row with `communityId` and a `text[]` of keys) for the keys that are active topics
 * of the community, in their stored order: picks of archived topics stay stored but never count.
 */
export function activePicksSql(keysColumn: string, communityIdColumn: string): string {
  // Most rows pick nothing: the case keeps the lookup off their read (a participant is read per request).
  return `case when cardinality(${keysColumn}) = 0 then ${keysColumn} else array(select k.key from unnest(${keysColumn}) with ordinality as k(key, n)
    where exists (select 1 from community_topics ct where ct.community_id = ${communityIdColumn} and ct.key = k.key and ct.archived_at is null)
    order by k.n) end`;
}

/** Labels of the community's active topics by key (the matching engine names picked needs with them). */
export async function listTopicLabels(db: Db, communityId: string): Promise<Map<string, TopicLabels>> {
  const rows = await listTopics(db, communityId);
  return new Map(rows.map((r) => [r.key, r.labels]));
}
