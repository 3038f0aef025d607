import type { Db } from "../../db/client.ts";
import type { Page } from "../../lib/paging.ts";
import type { MatchReason } from "../engine/index.ts";
import { RESULT_COLUMNS, type ResultRow, type ResultStatus } from "../results.ts";

/** A pair as stored: lower participant id first (uuid order equals the order of their lower-case text). */
export function orderPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

// Matching results ------------------------------------------------------------------------

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

/** Everyone the member was ever matched with (a pair never repeats). */
export async function listPastPartners(db: Db, communityId: string, participantId: string): Promise<Set<string>> {
  const rows = await db<{ id: string }[]>`
    select case when participant_low = ${participantId} then participant_high else participant_low end as id
    from matches where community_id = ${communityId} and (participant_low = ${participantId} or participant_high = ${participantId})`;
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
