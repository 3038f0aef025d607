/**
 * What members say about each other: relations (LIKE / DISLIKE), bookmarks, intro requests and
 * the credits intros cost. Other modules read them through index.ts.
 */
import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/client.ts";
import { conflict } from "../lib/errors.ts";
import type { Page } from "../lib/paging.ts";

// Relations -------------------------------------------------------------------------------

export type RelationRow = {
  participantId: string;
  subjectId: string;
  relationType: "LIKE" | "DISLIKE";
  reason: "NOT_INTERESTED" | "ALREADY_KNOW" | "OTHER" | null;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const RELATION_COLUMNS = `participant_id as "participantId", subject_id as "subjectId", relation_type as "relationType",
  reason, note, created_at as "createdAt", updated_at as "updatedAt"`;

export async function upsertRelation(
  db: Db,
  r: { communityId: string; participantId: string; subjectId: string; relationType: "LIKE" | "DISLIKE"; reason: RelationRow["reason"]; note: string | null },
): Promise<RelationRow> {
  const [row] = await db<RelationRow[]>`
    insert into relations (community_id, participant_id, subject_id, relation_type, reason, note)
    values (${r.communityId}, ${r.participantId}, ${r.subjectId}, ${r.relationType}, ${r.reason}, ${r.note})
    on conflict (community_id, participant_id, subject_id) do update
      set relation_type = excluded.relation_type, reason = excluded.reason, note = excluded.note, updated_at = now()
    returning ${db.unsafe(RELATION_COLUMNS)}`;
  if (!row) throw new Error("relation upsert returned nothing");
  return row;
}

export async function listRelations(db: Db, communityId: string, participantId: string, page: Page): Promise<RelationRow[]> {
  return db<RelationRow[]>`
    select ${db.unsafe(RELATION_COLUMNS)} from relations
    where community_id = ${communityId} and participant_id = ${participantId}
    order by updated_at desc, subject_id
    limit ${page.limit} offset ${page.offset}`;
}

// Bookmarks -------------------------------------------------------------------------------

export type BookmarkRow = { subjectId: string; createdAt: Date };

export async function insertBookmark(db: Db, communityId: string, participantId: string, subjectId: string): Promise<void> {
  await db`
    insert into bookmarks (community_id, participant_id, subject_id) values (${communityId}, ${participantId}, ${subjectId})
    on conflict do nothing`;
}

export async function deleteBookmark(db: Db, communityId: string, participantId: string, subjectId: string): Promise<void> {
  await db`delete from bookmarks where community_id = ${communityId} and participant_id = ${participantId} and subject_id = ${subjectId}`;
}

export async function listBookmarks(db: Db, communityId: string, participantId: string, page: Page): Promise<BookmarkRow[]> {
  return db<BookmarkRow[]>`
    select subject_id as "subjectId", created_at as "createdAt" from bookmarks
    where community_id = ${communityId} and participant_id = ${participantId}
    order by created_at desc, subject_id
    limit ${page.limit} offset ${page.offset}`;
}

export async function bookmarkedAmong(db: Db, communityId: string, participantId: string, subjectIds: readonly string[]): Promise<Set<string>> {
  if (subjectIds.length === 0) return new Set();
  const rows = await db<{ subjectId: string }[]>`
    select subject_id as "subjectId" from bookmarks
    where community_id = ${communityId} and participant_id = ${participantId} and subject_id = any(${[...subjectIds]}::uuid[])`;
  return new Set(rows.map((r) => r.subjectId));
}

// Intro requests --------------------------------------------------------------------------

export type IntroRow = {
  id: string;
  fromId: string;
  toId: string;
  matchingResultId: string | null;
  message: string;
  viaModerator: boolean;
  status: "PENDING" | "ACCEPTED" | "DECLINED";
  answer: string | null;
  createdAt: Date;
  answeredAt: Date | null;
};

const INTRO_COLUMNS = `id, from_participant_id as "fromId", to_participant_id as "toId", matching_result_id as "matchingResultId",
  message, via_moderator as "viaModerator", status, answer, created_at as "createdAt", answered_at as "answeredAt"`;

/** One intro per sender and recipient: a second one is a 409. */
export async function insertIntro(
  db: Db,
  r: { communityId: string; fromId: string; toId: string; matchingResultId: string; message: string; viaModerator: boolean },
): Promise<IntroRow> {
  try {
    const [row] = await db<IntroRow[]>`
      insert into intro_requests (community_id, from_participant_id, to_participant_id, matching_result_id, message, via_moderator)
      values (${r.communityId}, ${r.fromId}, ${r.toId}, ${r.matchingResultId}, ${r.message}, ${r.viaModerator})
      returning ${db.unsafe(INTRO_COLUMNS)}`;
    if (!row) throw new Error("intro insert returned nothing");
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("You already sent an intro to this member");
    throw err;
  }
}

export async function hasIntro(db: Db, communityId: string, fromId: string, toId: string): Promise<boolean> {
  const [row] = await db<{ one: number }[]>`
    select 1 as one from intro_requests
    where community_id = ${communityId} and from_participant_id = ${fromId} and to_participant_id = ${toId}`;
  return row !== undefined;
}

export async function findIntro(db: Db, communityId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<IntroRow | undefined> {
  const [row] = await db<IntroRow[]>`
    select ${db.unsafe(INTRO_COLUMNS)} from intro_requests where community_id = ${communityId} and id = ${id}
    ${opts.forUpdate ? db`for update` : db``}`;
  return row;
}

/** Intros to the member, newest first; those a moderator still holds back are not theirs to see yet. */
export async function listIntrosTo(db: Db, communityId: string, participantId: string, page: Page): Promise<IntroRow[]> {
  return db<IntroRow[]>`
    select ${db.unsafe(INTRO_COLUMNS)} from intro_requests
    where community_id = ${communityId} and to_participant_id = ${participantId} and not (via_moderator and status = 'PENDING')
    order by created_at desc, id desc
    limit ${page.limit} offset ${page.offset}`;
}

/** Intros waiting for a moderator, oldest first (a queue). */
export async function listIntrosForModeration(db: Db, communityId: string, page: Page): Promise<IntroRow[]> {
  return db<IntroRow[]>`
    select ${db.unsafe(INTRO_COLUMNS)} from intro_requests
    where community_id = ${communityId} and via_moderator and status = 'PENDING'
    order by created_at, id
    limit ${page.limit} offset ${page.offset}`;
}

export async function answerIntro(db: Db, communityId: string, id: string, status: "ACCEPTED" | "DECLINED", answer: string | null): Promise<IntroRow | undefined> {
  const [row] = await db<IntroRow[]>`
    update intro_requests set status = ${status}, answer = ${answer}, answered_at = now()
    where community_id = ${communityId} and id = ${id} and status = 'PENDING'
    returning ${db.unsafe(INTRO_COLUMNS)}`;
  return row;
}

// Credits ---------------------------------------------------------------------------------

/**
 * The credit week: from Tuesday 00:00 (the day the weekly contacts arrive) in the community's
 * time zone to the next one. Computed by PostgreSQL so DST shifts land on the local midnight.
 */
export async function creditWeek(db: Db, timeZone: string): Promise<{ start: Date; end: Date }> {
  const [row] = await db<{ start: Date; end: Date }[]>`
    with local as (
      select date_trunc('week', (now() at time zone ${timeZone}) - interval '1 day') + interval '1 day' as start)
    select start at time zone ${timeZone} as start, (start + interval '7 days') at time zone ${timeZone} as "end" from local`;
  if (!row) throw new Error("credit week query returned nothing");
  return row;
}

export async function spentSince(db: Db, communityId: string, participantId: string, since: Date): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select coalesce(sum(cost), 0)::int as n from credit_spends
    where community_id = ${communityId} and participant_id = ${participantId} and created_at >= ${since}`;
  return row?.n ?? 0;
}

export async function insertCreditSpend(db: Db, communityId: string, participantId: string, kind: string, cost: number): Promise<void> {
  await db`insert into credit_spends (community_id, participant_id, kind, cost) values (${communityId}, ${participantId}, ${kind}, ${cost})`;
}

// Read API for other modules (re-exported by index.ts) --------------------------------------

/** Everyone the member marked DISLIKE or who marked them so. */
export async function listBlockedWith(db: Db, communityId: string, participantId: string): Promise<Set<string>> {
  const rows = await db<{ id: string }[]>`
    select subject_id as id from relations where community_id = ${communityId} and participant_id = ${participantId} and relation_type = 'DISLIKE'
    union
    select participant_id from relations where community_id = ${communityId} and subject_id = ${participantId} and relation_type = 'DISLIKE'`;
  return new Set(rows.map((r) => r.id));
}

/** A DISLIKE ("not interested") between a and b, either way: they are never matched, and neither reaches the other. */
export async function isBlocked(db: Db, communityId: string, a: string, b: string): Promise<boolean> {
  return (await listBlockedWith(db, communityId, a)).has(b);
}

/** Every DISLIKE of the community as a pair (participant a marked subject b); readers take them unordered. */
export async function listBlockedPairs(db: Db, communityId: string): Promise<{ a: string; b: string }[]> {
  return db<{ a: string; b: string }[]>`
    select participant_id as a, subject_id as b from relations
    where community_id = ${communityId} and relation_type = 'DISLIKE'`;
}

/** An intro between a and b, either way, that its recipient (or a moderator) accepted. */
export async function haveAcceptedIntro(db: Db, communityId: string, a: string, b: string): Promise<boolean> {
  const [row] = await db<{ one: number }[]>`
    select 1 as one from intro_requests
    where community_id = ${communityId} and status = 'ACCEPTED'
      and ((from_participant_id = ${a} and to_participant_id = ${b}) or (from_participant_id = ${b} and to_participant_id = ${a}))
    limit 1`;
  return row !== undefined;
}

/**
 * Every pair of the community with an open intro: PENDING (either way, held by a moderator too)
 * or ACCEPTED (they are already connected). Matching never pairs them again.
 */
export async function listOpenIntroPairs(db: Db, communityId: string): Promise<{ a: string; b: string }[]> {
  return db<{ a: string; b: string }[]>`
    select from_participant_id as a, to_participant_id as b from intro_requests
    where community_id = ${communityId} and status in ('PENDING', 'ACCEPTED')`;
}

/** Everyone the member has an open intro with (see listOpenIntroPairs), either way. */
export async function listOpenIntrosWith(db: Db, communityId: string, participantId: string): Promise<Set<string>> {
  const rows = await db<{ id: string }[]>`
    select to_participant_id as id from intro_requests
    where community_id = ${communityId} and from_participant_id = ${participantId} and status in ('PENDING', 'ACCEPTED')
    union
    select from_participant_id from intro_requests
    where community_id = ${communityId} and to_participant_id = ${participantId} and status in ('PENDING', 'ACCEPTED')`;
  return new Set(rows.map((r) => r.id));
}
