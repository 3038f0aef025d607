import type { Db } from "../../db/client.ts";

/** Serialises weekly runs of one community (released at commit). */
export async function lockCommunityMatching(db: Db, communityId: string): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtextextended(${`matching:${communityId}`}, 0))`;
}

export type RunRow = { communityId: string; week: string; seed: number; status: "paired" | "mailed"; stats: unknown; createdAt: Date };

export async function findRun(db: Db, communityId: string, week: string): Promise<RunRow | undefined> {
  const [row] = await db<RunRow[]>`
    select community_id as "communityId", to_char(week, 'YYYY-MM-DD') as week, seed, status, stats, created_at as "createdAt"
    from matching_runs where community_id = ${communityId} and week = ${week}::date`;
  return row;
}

/** The run row of the week, unless another run stored it first (then undefined). */
export async function insertRun(db: Db, run: { communityId: string; week: string; seed: number; stats: unknown }): Promise<boolean> {
  const rows = await db`
    insert into matching_runs (community_id, week, seed, stats)
    values (${run.communityId}, ${run.week}::date, ${run.seed}, ${db.json(run.stats as never)})
    on conflict (community_id, week) do nothing
    returning week`;
  return rows.length === 1;
}

export async function updateRunStats(db: Db, communityId: string, week: string, stats: unknown): Promise<void> {
  await db`update matching_runs set stats = ${db.json(stats as never)} where community_id = ${communityId} and week = ${week}::date`;
}

export async function markRunMailed(db: Db, communityId: string, week: string): Promise<void> {
  await db`update matching_runs set status = 'mailed', mailed_at = now() where community_id = ${communityId} and week = ${week}::date`;
}

export type NewMatch = {
  source: "WEEKLY" | "ODD_OUT";
  low: string;
  high: string;
  score: number;
  breakdown: unknown;
  reasons: unknown;
};

/** Inserts the pairs; a pair that already exists (ever) is skipped by the unique key and not returned. */
export async function insertMatches(db: Db, communityId: string, week: string, matches: NewMatch[]): Promise<{ id: string; low: string; high: string }[]> {
  if (matches.length === 0) return [];
  return db<{ id: string; low: string; high: string }[]>`
    insert into matches (community_id, week, source, participant_low, participant_high, score, breakdown, reasons)
    select ${communityId}, ${week}::date, x.source, x.low, x.high, x.score, x.breakdown, x.reasons
    from jsonb_to_recordset(${db.json(matches as never)}::jsonb)
      as x(source text, low uuid, high uuid, score real, breakdown jsonb, reasons jsonb)
    on conflict (community_id, participant_low, participant_high) do nothing
    returning id, participant_low as low, participant_high as high`;
}

export async function insertResults(db: Db, communityId: string, results: { matchId: string; participantId: string; subjectId: string }[]): Promise<number> {
  if (results.length === 0) return 0;
  const rows = await db`
    insert into matching_results (community_id, match_id, participant_id, subject_id)
    select ${communityId}, x."matchId", x."participantId", x."subjectId"
    from jsonb_to_recordset(${db.json(results as never)}::jsonb) as x("matchId" uuid, "participantId" uuid, "subjectId" uuid)
    on conflict (community_id, match_id, participant_id) do nothing
    returning id`;
  return rows.length;
}

/** The matching results of a week's weekly and odd-out matches. */
export async function listWeekResultIds(db: Db, communityId: string, week: string): Promise<{ id: string; participantId: string }[]> {
  return db<{ id: string; participantId: string }[]>`
    select r.id, r.participant_id as "participantId"
    from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    where r.community_id = ${communityId} and m.week = ${week}::date and m.source in ('WEEKLY', 'ODD_OUT')
    order by r.created_at, r.id`;
}

export type ResultForMail = {
  id: string;
  participantId: string;
  subjectId: string;
  matchId: string;
  source: "WEEKLY" | "ODD_OUT" | "INSTANT" | "ADMIN";
  week: string | null;
  low: string;
  score: number;
  breakdown: { recommendation?: { why?: "odd_count" | "no_free_candidate" } } | null;
  reasons: unknown;
  followupSentAt: Date | null;
};

export async function findResultForMail(db: Db, communityId: string, resultId: string): Promise<ResultForMail | undefined> {
  const [row] = await db<ResultForMail[]>`
    select r.id, r.participant_id as "participantId", r.subject_id as "subjectId", m.source, m.id as "matchId",
           to_char(m.week, 'YYYY-MM-DD') as week, m.participant_low as low, m.score::float8 as score, m.breakdown, m.reasons,
           r.followup_sent_at as "followupSentAt"
    from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    where r.community_id = ${communityId} and r.id = ${resultId}`;
  return row;
}

/** Weekly results of weeks in [fromWeek, toWeek] still waiting for the "did you meet?" e-mail. */
export async function listFollowupDue(
  db: Db,
  communityId: string,
  fromWeek: string,
  toWeek: string,
): Promise<{ id: string; participantId: string; subjectId: string }[]> {
  return db<{ id: string; participantId: string; subjectId: string }[]>`
    select r.id, r.participant_id as "participantId", r.subject_id as "subjectId"
    from matching_results r join matches m on m.community_id = r.community_id and m.id = r.match_id
    where r.community_id = ${communityId} and m.source in ('WEEKLY', 'ODD_OUT')
      and m.week between ${fromWeek}::date and ${toWeek}::date
      and r.followup_sent_at is null and r.feedback_at is null and not r.no_meeting
      -- A pair with a booked meeting is asked after the meeting's time (meetings/, meeting.followup).
      and not exists (select 1 from meetings mt where mt.community_id = m.community_id and mt.participant_low = m.participant_low
                        and mt.participant_high = m.participant_high and mt.status = 'CONFIRMED')
    order by r.created_at, r.id`;
}

/** Marks the follow-ups of `resultIds` sent; returns those that were not marked before. */
export async function markFollowupsSent(db: Db, communityId: string, resultIds: readonly string[]): Promise<Set<string>> {
  const rows = await db<{ id: string }[]>`
    update matching_results set followup_sent_at = now()
    where community_id = ${communityId} and id = any(${db.array(resultIds as string[])}::uuid[]) and followup_sent_at is null
    returning id`;
  return new Set(rows.map((r) => r.id));
}

export type MatchingControlRow = { pausedUntil: string | null; skipWeek: string | null };

export async function getMatchingControl(db: Db, communityId: string, participantId: string): Promise<MatchingControlRow | undefined> {
  const [row] = await db<MatchingControlRow[]>`
    select to_char(matching_paused_until, 'YYYY-MM-DD') as "pausedUntil", to_char(matching_skip_week, 'YYYY-MM-DD') as "skipWeek"
    from participants where community_id = ${communityId} and id = ${participantId}`;
  return row;
}

export async function setMatchingControl(
  db: Db,
  communityId: string,
  participantId: string,
  set: { pausedUntil?: string | null; skipWeek?: string | null },
): Promise<void> {
  if (set.pausedUntil !== undefined) {
    await db`update participants set matching_paused_until = ${set.pausedUntil}::date, updated_at = now()
             where community_id = ${communityId} and id = ${participantId}`;
  }
  if (set.skipWeek !== undefined) {
    await db`update participants set matching_skip_week = ${set.skipWeek}::date, updated_at = now()
             where community_id = ${communityId} and id = ${participantId}`;
  }
}
