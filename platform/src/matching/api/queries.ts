import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/client.ts";
import type { CardRow } from "../../directory/queries.ts";
import { conflict } from "../../lib/errors.ts";
import type { Lang } from "../../tenancy/schema.ts";
import type { MatchReason } from "../engine/index.ts";

const CARD_COLUMNS = `p.id, p.community_id as "communityId", p.slug, p.first_name as "firstName",
  p.last_name as "lastName", p.company, p.position, p.avatar, p.tags, p.city, p.share_location as "shareLocation",
  p.looking_for as "lookingFor", p.contacts, p.phone, p.privacy, p.hidden_contacts as "hiddenContacts",
  p.moderation_status as "moderationStatus"`;

/** A card plus what mails need: the member's e-mail and language. */
export type MemberRow = CardRow & { userId: string; email: string | null; lang: Lang; role: "member" | "moderator" | "admin" };

const MEMBER_COLUMNS = `${CARD_COLUMNS}, p.user_id as "userId", u.email::text as email,
  coalesce(p.language, u.preferred_lang) as lang, p.role`;

/** Members of the community by id, deleted accounts left out. */
export async function listMembers(db: Db, communityId: string, ids: readonly string[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return db<MemberRow[]>`
    select ${db.unsafe(MEMBER_COLUMNS)}
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.id = any(${[...new Set(ids)]}::uuid[]) and u.deleted_at is null`;
}

export async function findMember(db: Db, communityId: string, id: string): Promise<MemberRow | undefined> {
  const [row] = await listMembers(db, communityId, [id]);
  return row;
}

/** The community's admins and moderators with a live account: who handles intros to members with hidden contacts. */
export async function listStaff(db: Db, communityId: string): Promise<MemberRow[]> {
  return db<MemberRow[]>`
    select ${db.unsafe(MEMBER_COLUMNS)}
    from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.role in ('admin', 'moderator') and u.deleted_at is null and u.email is not null
    order by p.created_at, p.id`;
}

export async function preferredLangOf(db: Db, communityId: string, participantId: string): Promise<Lang | undefined> {
  const [row] = await db<{ lang: Lang }[]>`
    select coalesce(p.language, u.preferred_lang) as lang from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.id = ${participantId}`;
  return row?.lang;
}

type Page = { limit: number; offset: number };

/** A pair as stored: lower participant id first (uuid order equals the order of their lower-case text). */
export function orderPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

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

/** "Not interested" hides the contact: every open result of mine about them is dismissed. */
export async function dismissResultsAbout(db: Db, communityId: string, participantId: string, subjectId: string): Promise<number> {
  const rows = await db`
    update matching_results set status = 'DISMISSED'
    where community_id = ${communityId} and participant_id = ${participantId} and subject_id = ${subjectId} and status <> 'DISMISSED'
    returning id`;
  return rows.length;
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

// Matching results ------------------------------------------------------------------------

export type ResultStatus = "NEW" | "SEEN" | "CONNECTED" | "DISMISSED";

export type ResultRow = {
  id: string;
  matchId: string;
  participantId: string;
  subjectId: string;
  status: ResultStatus;
  introMessage: string | null;
  introSentAt: Date | null;
  meetingScore: number | null;
  meetingNotes: string | null;
  noMeeting: boolean;
  feedbackAt: Date | null;
  note: string | null;
  createdAt: Date;
  source: "WEEKLY" | "ODD_OUT" | "INSTANT" | "ADMIN";
  week: string | null;
  score: number;
  reasons: MatchReason[];
  breakdown: unknown;
  participantLow: string;
};

const RESULT_COLUMNS = `r.id, r.match_id as "matchId", r.participant_id as "participantId", r.subject_id as "subjectId",
  r.status, r.intro_message as "introMessage", r.intro_sent_at as "introSentAt", r.meeting_score as "meetingScore",
  r.meeting_notes as "meetingNotes", r.no_meeting as "noMeeting", r.feedback_at as "feedbackAt", r.note,
  r.created_at as "createdAt", m.source, to_char(m.week, 'YYYY-MM-DD') as week, m.score::float8 as score, m.reasons,
  m.breakdown, m.participant_low as "participantLow"`;

export async function listMyResults(
  db: Db,
  communityId: string,
  participantId: string,
  filter: { statuses: readonly ResultStatus[] },
  page: Page,
): Promise<ResultRow[]> {
  return db<ResultRow[]>`
    select ${db.unsafe(RESULT_COLUMNS)}
    from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    where r.community_id = ${communityId} and r.participant_id = ${participantId} and r.status = any(${[...filter.statuses]}::text[])
    order by r.created_at desc, r.id desc
    limit ${page.limit} offset ${page.offset}`;
}

export async function findMyResult(db: Db, communityId: string, participantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<ResultRow | undefined> {
  const [row] = await db<ResultRow[]>`
    select ${db.unsafe(RESULT_COLUMNS)}
    from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    where r.community_id = ${communityId} and r.participant_id = ${participantId} and r.id = ${id}
    ${opts.forUpdate ? db`for update of r` : db``}`;
  return row;
}

export async function markSeen(db: Db, communityId: string, participantId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db`
    update matching_results set status = 'SEEN'
    where community_id = ${communityId} and participant_id = ${participantId} and id = any(${[...ids]}::uuid[]) and status = 'NEW'`;
}

export async function countOpenResults(db: Db, communityId: string, participantId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from matching_results
    where community_id = ${communityId} and participant_id = ${participantId} and status in ('NEW', 'SEEN')`;
  return row?.n ?? 0;
}

export async function countInstantSince(db: Db, communityId: string, participantId: string, since: Date): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n
    from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    where r.community_id = ${communityId} and r.participant_id = ${participantId} and m.source = 'INSTANT' and r.created_at >= ${since}`;
  return row?.n ?? 0;
}

/** Everyone the member may never be offered again: every earlier partner and a DISLIKE either way. */
export async function listExcludedPartners(db: Db, communityId: string, participantId: string): Promise<Set<string>> {
  const rows = await db<{ id: string }[]>`
    select case when participant_low = ${participantId} then participant_high else participant_low end as id
    from matches where community_id = ${communityId} and (participant_low = ${participantId} or participant_high = ${participantId})
    union
    select subject_id from relations where community_id = ${communityId} and participant_id = ${participantId} and relation_type = 'DISLIKE'
    union
    select participant_id from relations where community_id = ${communityId} and subject_id = ${participantId} and relation_type = 'DISLIKE'`;
  return new Set(rows.map((r) => r.id));
}

/**
 * Stores an on-demand recommendation: a match (the pair's unique key keeps it from ever
 * repeating) and the member's result. Undefined when the pair was matched meanwhile.
 */
export async function insertInstantMatch(
  db: Db,
  m: { communityId: string; participantId: string; subjectId: string; score: number; breakdown: unknown; reasons: MatchReason[] },
): Promise<string | undefined> {
  const [low, high] = orderPair(m.participantId, m.subjectId);
  const [match] = await db<{ id: string }[]>`
    insert into matches (community_id, week, source, participant_low, participant_high, score, breakdown, reasons)
    values (${m.communityId}, null, 'INSTANT', ${low}, ${high}, ${m.score},
            ${db.json(m.breakdown as Parameters<Db["json"]>[0])}, ${db.json(m.reasons as unknown as Parameters<Db["json"]>[0])})
    on conflict (community_id, participant_low, participant_high) do nothing
    returning id`;
  if (!match) return undefined;
  const [result] = await db<{ id: string }[]>`
    insert into matching_results (community_id, match_id, participant_id, subject_id)
    values (${m.communityId}, ${match.id}, ${m.participantId}, ${m.subjectId})
    returning id`;
  return result?.id;
}

export async function saveFeedback(
  db: Db,
  communityId: string,
  id: string,
  f: { score: number | null; notes: string | null; noMeeting: boolean },
): Promise<void> {
  await db`
    update matching_results
    set meeting_score = ${f.score}, meeting_notes = ${f.notes}, no_meeting = ${f.noMeeting}, feedback_at = now()
    where community_id = ${communityId} and id = ${id}`;
}

export async function saveNote(db: Db, communityId: string, id: string, note: string | null): Promise<void> {
  await db`update matching_results set note = ${note} where community_id = ${communityId} and id = ${id}`;
}

export async function markConnected(db: Db, communityId: string, id: string, introMessage: string): Promise<void> {
  await db`
    update matching_results set status = 'CONNECTED', intro_message = ${introMessage}, intro_sent_at = now()
    where community_id = ${communityId} and id = ${id}`;
}

export type IncomingResultRow = ResultRow & { requestId: string; requestStatus: "PENDING" | "ACCEPTED" | "DECLINED"; requestMessage: string; requestAt: Date };

/** My results whose contact sent me an intro (one a moderator still holds back is left out). */
export async function listResultsWithIntroToMe(db: Db, communityId: string, participantId: string, page: Page): Promise<IncomingResultRow[]> {
  return db<IncomingResultRow[]>`
    select ${db.unsafe(RESULT_COLUMNS)}, q.id as "requestId", q.status as "requestStatus", q.message as "requestMessage",
           q.created_at as "requestAt"
    from matching_results r
    join matches m on m.community_id = r.community_id and m.id = r.match_id
    join intro_requests q on q.community_id = r.community_id and q.to_participant_id = r.participant_id
                         and q.from_participant_id = r.subject_id
    where r.community_id = ${communityId} and r.participant_id = ${participantId}
      and not (q.via_moderator and q.status = 'PENDING')
    order by q.created_at desc, q.id desc
    limit ${page.limit} offset ${page.offset}`;
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

/** Serialises one member's spending / top-ups (released at the end of the transaction). */
export async function lockMember(db: Db, communityId: string, participantId: string, what: string): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtext(${`${what}:${communityId}:${participantId}`}))`;
}

// Admin -----------------------------------------------------------------------------------

export type AdminScoreRow = { participantLow: string; participantHigh: string; score: number; updatedAt: Date };

/** The pair's admin score, locked until the transaction ends (the caller is about to replace it). */
export async function findAdminScoreForUpdate(db: Db, communityId: string, a: string, b: string): Promise<number | null> {
  const [low, high] = orderPair(a, b);
  const [row] = await db<{ score: number }[]>`
    select score from admin_pair_scores
    where community_id = ${communityId} and participant_low = ${low} and participant_high = ${high} for update`;
  return row?.score ?? null;
}

export async function upsertAdminScore(db: Db, communityId: string, a: string, b: string, score: number, setBy: string | null): Promise<AdminScoreRow> {
  const [low, high] = orderPair(a, b);
  const [row] = await db<AdminScoreRow[]>`
    insert into admin_pair_scores (community_id, participant_low, participant_high, score, set_by)
    values (${communityId}, ${low}, ${high}, ${score}, ${setBy})
    on conflict (community_id, participant_low, participant_high) do update
      set score = excluded.score, set_by = excluded.set_by, updated_at = now()
    returning participant_low as "participantLow", participant_high as "participantHigh", score, updated_at as "updatedAt"`;
  if (!row) throw new Error("admin score upsert returned nothing");
  return row;
}

export type HistoryRow = ResultRow & {
  adminScore: number | null;
  partnerScore: number | null;
  partnerNoMeeting: boolean | null;
  partnerFeedbackAt: Date | null;
  partnerHasResult: boolean;
};

/** A member's results with the pair's admin score and what the contact said about the meeting. */
export async function listMemberHistory(db: Db, communityId: string, participantId: string, page: Page): Promise<HistoryRow[]> {
  return db<HistoryRow[]>`
    select ${db.unsafe(RESULT_COLUMNS)}, s.score as "adminScore", o.meeting_score as "partnerScore",
           o.no_meeting as "partnerNoMeeting", o.feedback_at as "partnerFeedbackAt", o.id is not null as "partnerHasResult"
    from matching_results r
    join matches m on m.community_id = r.community_id and m.id = r.match_id
    left join matching_results o on o.community_id = r.community_id and o.match_id = r.match_id and o.participant_id = r.subject_id
    left join admin_pair_scores s on s.community_id = r.community_id and s.participant_low = m.participant_low
                                 and s.participant_high = m.participant_high
    where r.community_id = ${communityId} and r.participant_id = ${participantId}
    order by r.created_at desc, r.id desc
    limit ${page.limit} offset ${page.offset}`;
}
