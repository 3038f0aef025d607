/**
 * The console's Matches list: one week's pairs (this week's by default) in react-admin's
 * simple-REST contract, each with its score, its reasons in the admin's language, the admin's
 * pair score and what both members did with it.
 */
import { z } from "@hono/zod-openapi";
import { requireRole } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import type { MatchReason } from "../matching/engine/index.ts";
import { renderFor } from "../matching/api/model.ts";
import { comingTuesday, isIsoDate } from "../matching/weekly/week.ts";
import { cardsOf, iso, requireStaff } from "../members/index.ts";
import { parseJson, RangeSchema } from "../http/simple-rest.ts";
import type { ConsoleListQuery } from "./console.ts";
import { latestRunWeek, listWeekMatches, MATCH_SORT_FIELDS, type MatchSortField } from "./console-matches-queries.ts";
import type { ConsoleMatch } from "./schemas.ts";

const SortSchema = z.tuple([z.enum(Object.keys(MATCH_SORT_FIELDS) as [MatchSortField, ...MatchSortField[]]).or(z.literal("id")), z.enum(["ASC", "DESC", "asc", "desc"])]);
const FilterSchema = z
  .object({
    q: z.string().max(200).optional(),
    week: z.string().refine(isIsoDate, "A date YYYY-MM-DD").optional(),
  })
  .strict();

/** GET /console/matches: a window of the week's pairs and the total; the week is this week's run unless the filter names one. */
export async function consoleListMatches(ctx: Ctx, query: ConsoleListQuery): Promise<{ rows: ConsoleMatch[]; start: number; end: number; total: number }> {
  await requireRole(ctx, "admin");
  const sort = parseJson("sort", query.sort, SortSchema) ?? ["score", "DESC"];
  const [start, endIncl] = parseJson("range", query.range, RangeSchema) ?? [0, 24];
  const filter = parseJson("filter", query.filter, FilterSchema) ?? {};
  const me = await requireStaff(ctx);
  const week = filter.week ?? (await latestRunWeek(ctx.db, ctx.tenant.id, comingTuesday(new Date(), ctx.tenant.config.timeZone)));
  if (!week) return { rows: [], start, end: start, total: 0 };
  const { rows, total } = await listWeekMatches(
    ctx.db,
    ctx.tenant.id,
    week,
    { q: filter.q },
    { limit: endIncl - start + 1, offset: start, sort: sort[0] === "id" ? "score" : sort[0], order: sort[1].toUpperCase() as "ASC" | "DESC" },
  );
  const cards = await cardsOf(ctx, me.viewer, rows.flatMap((r) => [r.low, r.high]));
  const out: ConsoleMatch[] = [];
  for (const r of rows) {
    const participant = cards.get(r.low);
    const subject = cards.get(r.high);
    if (!participant || !subject) continue;
    out.push({
      id: r.id,
      week: r.week,
      source: r.source,
      score: r.score,
      reasons: renderFor((r.reasons ?? []) as MatchReason[], me.lang, "a"),
      participant,
      subject,
      internalAdminScore: r.adminScore,
      participantSide: r.lowStatus === null ? null : { status: r.lowStatus, meetingScore: r.lowMeetingScore, noMeeting: r.lowNoMeeting ?? false },
      subjectSide: r.highStatus === null ? null : { status: r.highStatus, meetingScore: r.highMeetingScore, noMeeting: r.highNoMeeting ?? false },
      createdAt: iso(r.createdAt),
    });
  }
  return { rows: out, start, end: start + Math.max(rows.length - 1, 0), total };
}
