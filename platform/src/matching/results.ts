/**
 * A member's matching results as other modules act on them: relations marks a result CONNECTED
 * when an intro is sent on it and dismisses results about someone marked "not interested". Only
 * SQL on matching_results and matches: nothing here imports relations or the rest of matching.
 */
import type { Db } from "../db/client.ts";
import type { MatchReason } from "./engine/index.ts";

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

export const RESULT_COLUMNS = `r.id, r.match_id as "matchId", r.participant_id as "participantId", r.subject_id as "subjectId",
  r.status, r.intro_message as "introMessage", r.intro_sent_at as "introSentAt", r.meeting_score as "meetingScore",
  r.meeting_notes as "meetingNotes", r.no_meeting as "noMeeting", r.feedback_at as "feedbackAt", r.note,
  r.created_at as "createdAt", m.source, to_char(m.week, 'YYYY-MM-DD') as week, m.score::float8 as score, m.reasons,
  m.breakdown, m.participant_low as "participantLow"`;

export async function findMyResult(db: Db, communityId: string, participantId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<ResultRow | undefined> {
  const [row] = await db<ResultRow[]>`
    select ${db.unsafe(RESULT_COLUMNS)}
    from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    where r.community_id = ${communityId} and r.participant_id = ${participantId} and r.id = ${id}
    ${opts.forUpdate ? db`for update of r` : db``}`;
  return row;
}

export async function markConnected(db: Db, communityId: string, id: string, introMessage: string): Promise<void> {
  await db`
    update matching_results set status = 'CONNECTED', intro_message = ${introMessage}, intro_sent_at = now()
    where community_id = ${communityId} and id = ${id}`;
}

/** "Not interested" hides the contact: every open result of mine about them is dismissed. */
export async function dismissResultsAbout(db: Db, communityId: string, participantId: string, subjectId: string): Promise<number> {
  const rows = await db`
    update matching_results set status = 'DISMISSED'
    where community_id = ${communityId} and participant_id = ${participantId} and subject_id = ${subjectId} and status <> 'DISMISSED'
    returning id`;
  return rows.length;
}
