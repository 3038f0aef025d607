import type { Db } from "../db/client.ts";
import { likePattern } from "../moderation/index.ts";

export const MATCH_SORT_FIELDS = { score: "m.score", createdAt: "m.created_at", internalAdminScore: "s.score" } as const;
export type MatchSortField = keyof typeof MATCH_SORT_FIELDS;

type ResultStatus = "NEW" | "SEEN" | "CONNECTED" | "DISMISSED";

export type WeekMatchRow = {
  id: string;
  week: string;
  source: "WEEKLY" | "ODD_OUT";
  low: string;
  high: string;
  score: number;
  reasons: unknown;
  createdAt: Date;
  adminScore: number | null;
  lowStatus: ResultStatus | null;
  highStatus: ResultStatus | null;
  lowMeetingScore: number | null;
  highMeetingScore: number | null;
  lowNoMeeting: boolean | null;
  highNoMeeting: boolean | null;
};

/** The latest week with a weekly run, up to `upTo` (the coming Tuesday: Monday evening's run is this week's). */
export async function latestRunWeek(db: Db, communityId: string, upTo: string): Promise<string | null> {
  const [row] = await db<{ week: string | null }[]>`
    select to_char(max(week), 'YYYY-MM-DD') as week from matching_runs where community_id = ${communityId} and week <= ${upTo}::date`;
  return row?.week ?? null;
}

/** One week's pairs (weekly and odd-member-out), with the admin score and both sides' status and feedback. */
export async function listWeekMatches(
  db: Db,
  communityId: string,
  week: string,
  filter: { q?: string | undefined },
  page: { limit: number; offset: number; sort: MatchSortField; order: "ASC" | "DESC" },
): Promise<{ rows: WeekMatchRow[]; total: number }> {
  const q = filter.q?.trim();
  const pattern = q ? likePattern(q) : null;
  const dir = page.order === "ASC" ? "asc" : "desc";
  const order = db.unsafe(`${MATCH_SORT_FIELDS[page.sort]} ${dir} nulls last, m.id ${dir}`);
  const where = () => db`
    from matches m
    join participants pl on pl.community_id = m.community_id and pl.id = m.participant_low
    join participants ph on ph.community_id = m.community_id and ph.id = m.participant_high
    left join admin_pair_scores s on s.community_id = m.community_id and s.participant_low = m.participant_low and s.participant_high = m.participant_high
    left join matching_results rl on rl.community_id = m.community_id and rl.match_id = m.id and rl.participant_id = m.participant_low
    left join matching_results rh on rh.community_id = m.community_id and rh.match_id = m.id and rh.participant_id = m.participant_high
    where m.community_id = ${communityId} and m.week = ${week}::date and m.source in ('WEEKLY', 'ODD_OUT')
      ${pattern ? db`and (pl.full_name ilike ${pattern} or ph.full_name ilike ${pattern})` : db``}`;
  const rows = await db<(WeekMatchRow & { total: string })[]>`
    select m.id, to_char(m.week, 'YYYY-MM-DD') as week, m.source, m.participant_low as low, m.participant_high as high,
           m.score, m.reasons, m.created_at as "createdAt", s.score as "adminScore",
           rl.status as "lowStatus", rh.status as "highStatus",
           rl.meeting_score as "lowMeetingScore", rh.meeting_score as "highMeetingScore",
           rl.no_meeting as "lowNoMeeting", rh.no_meeting as "highNoMeeting",
           count(*) over () as total
    ${where()}
    order by ${order}
    limit ${page.limit} offset ${page.offset}`;
  if (rows.length === 0 && page.offset > 0) {
    const [c] = await db<{ n: string }[]>`select count(*) as n ${where()}`;
    return { rows: [], total: Number(c?.n ?? 0) };
  }
  return { rows: rows.map(({ total: _t, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
}
