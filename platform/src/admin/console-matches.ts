/**
 * The console's Matches list: one week's pairs (this week's by default) in react-admin's
 * simple-REST contract, each with its score, its reasons in the reader's language (the console's,
 * else the admin's), the admin's pair score and what both members did with it.
 */
import { z } from "@hono/zod-openapi";
import { requireCommunityAdmin, requireMember, requireModerator } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { perDatabase } from "../db/per-database.ts";
import type { MatchReason } from "../matching/engine/index.ts";
import { renderFor } from "../matching/api/model.ts";
import { findRun, type NewMatch } from "../matching/weekly/queries.ts";
import { previewWeekPairs } from "../matching/weekly/service.ts";
import { comingTuesday, isIsoDate } from "../matching/weekly/week.ts";
import { cardsOf, iso, loadMe } from "../members/index.ts";
import { readerLang } from "../matching/api/reader-lang.ts";
import { parseJson, RangeSchema } from "../http/simple-rest.ts";
import type { ConsoleListQuery } from "./console.ts";
import { latestRunWeek, listWeekMatches, MATCH_SORT_FIELDS, type MatchSortField } from "./console-matches-queries.ts";
import type { ConsoleMatch, ConsolePreviewPair } from "./schemas.ts";

const SortSchema = z.tuple([z.enum(Object.keys(MATCH_SORT_FIELDS) as [MatchSortField, ...MatchSortField[]]).or(z.literal("id")), z.enum(["ASC", "DESC", "asc", "desc"])]);
const FilterSchema = z
  .object({
    q: z.string().max(200).optional(),
    week: z.string().refine(isIsoDate, "A date YYYY-MM-DD").optional(),
  })
  .strict();

/** GET /console/matches: a window of the week's pairs and the total; the week is this week's run unless the filter names one. */
export async function consoleListMatches(ctx: Ctx, query: ConsoleListQuery, acceptLanguage?: string): Promise<{ rows: ConsoleMatch[]; start: number; end: number; total: number }> {
  await requireCommunityAdmin(ctx);
  const sort = parseJson("sort", query.sort, SortSchema) ?? ["score", "DESC"];
  const [start, endIncl] = parseJson("range", query.range, RangeSchema) ?? [0, 24];
  const filter = parseJson("filter", query.filter, FilterSchema) ?? {};
  await requireModerator(ctx);
  const me = await loadMe(ctx, await requireMember(ctx));
  const lang = readerLang(acceptLanguage, me.lang);
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
      reasons: renderFor((r.reasons ?? []) as MatchReason[], lang, "a"),
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

/**
 * The preview's pairs, kept a short while by community and week: paging through them must not
 * rerun the whole week's matching on every page (a dry run reads and pairs the whole community).
 * A change to the members shows in the preview after at most PREVIEW_TTL_MS. Kept per database
 * (pool), since a process that reaches several databases (the tests) has the same community ids in each.
 */
const PREVIEW_TTL_MS = 30_000;
type Preview = { until: number; week: string; alreadyRun: boolean; pairs: NewMatch[] };
const previewsOf = perDatabase<Preview>();

const PreviewSortSchema = z.tuple([z.enum(["score", "id"]), z.enum(["ASC", "DESC", "asc", "desc"])]);
const PreviewFilterSchema = z.object({ week: z.string().refine(isIsoDate, "A date YYYY-MM-DD").optional() }).strict();

/** GET /console/matches/preview: a window of the pairs the coming week's matching would make, best first, and their total. */
export async function consolePreviewPairs(
  ctx: Ctx,
  query: ConsoleListQuery,
  acceptLanguage?: string,
): Promise<{ rows: ConsolePreviewPair[]; start: number; end: number; total: number; week: string; alreadyRun: boolean }> {
  await requireCommunityAdmin(ctx);
  const sort = parseJson("sort", query.sort, PreviewSortSchema) ?? ["score", "DESC"];
  const [start, endIncl] = parseJson("range", query.range, RangeSchema) ?? [0, 24];
  const filter = parseJson("filter", query.filter, PreviewFilterSchema) ?? {};
  await requireModerator(ctx);
  const me = await loadMe(ctx, await requireMember(ctx));
  const lang = readerLang(acceptLanguage, me.lang);
  const week = filter.week ?? comingTuesday(new Date(), ctx.tenant.config.timeZone);
  const key = `${ctx.tenant.id}:${week}`;
  const previews = previewsOf(ctx.db);
  let preview = previews.get(key);
  // A week stored since (the Monday evening run) has no preview any more, cached or not.
  if (preview && !preview.alreadyRun && (await findRun(ctx.db, ctx.tenant.id, week))) preview = undefined;
  if (!preview || preview.until <= Date.now()) {
    const computed = await previewWeekPairs(ctx, { communityId: ctx.tenant.id, week });
    const pairs = [...computed.pairs].sort((a, b) => b.score - a.score || (a.low + a.high < b.low + b.high ? -1 : 1));
    if (previews.size >= 100) previews.clear();
    preview = { until: Date.now() + PREVIEW_TTL_MS, week: computed.week, alreadyRun: computed.alreadyRun, pairs };
    previews.set(key, preview);
  }
  const ordered = sort[1].toUpperCase() === "ASC" ? [...preview.pairs].reverse() : preview.pairs;
  const window = ordered.slice(start, endIncl + 1);
  const cards = await cardsOf(ctx, me.viewer, window.flatMap((p) => [p.low, p.high]));
  const rows: ConsolePreviewPair[] = [];
  for (const p of window) {
    const participant = cards.get(p.low);
    const subject = cards.get(p.high);
    if (!participant || !subject) continue;
    rows.push({
      id: `${p.low}:${p.high}`,
      week: preview.week,
      source: p.source,
      score: Math.round(p.score * 10_000) / 10_000,
      reasons: renderFor((p.reasons ?? []) as MatchReason[], lang, "a"),
      participant,
      subject,
    });
  }
  return { rows, start, end: start + Math.max(window.length - 1, 0), total: preview.pairs.length, week: preview.week, alreadyRun: preview.alreadyRun };
}
