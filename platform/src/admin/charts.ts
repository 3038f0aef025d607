/** GET /charts/data and /charts/distributions: the console's analytics, admins only. */
import type { Ctx } from "../context.ts";
import { funnelCounts, introAndMeetingTotals, topCities, topTags, weeklySeries } from "./queries.ts";
import type { ChartsData, ChartsDistributions, ChartsQuery } from "./schemas.ts";
import { requireCommunityAdmin } from "../authz/index.ts";

const DAY = 86_400_000;
const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/** Monday 00:00 UTC of the week of `d` (date_trunc('week') in a UTC session). */
function mondayOf(d: Date): Date {
  const day = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - day * DAY);
}

export async function chartsData(ctx: Ctx, query: ChartsQuery): Promise<ChartsData> {
  await requireCommunityAdmin(ctx, query.communityId);
  const first = new Date(mondayOf(new Date()).getTime() - (query.weeks - 1) * 7 * DAY);
  const weeks = Array.from({ length: query.weeks }, (_, i) => new Date(first.getTime() + i * 7 * DAY).toISOString().slice(0, 10));
  const s = await weeklySeries(ctx.db, ctx.tenant.id, first);
  const key = (d: Date) => mondayOf(d).toISOString().slice(0, 10);
  const byWeek = <R extends { week: Date }>(rows: R[]) => new Map(rows.map((r) => [key(r.week), r]));
  const signups = byWeek(s.signups);
  const matches = byWeek(s.matches);
  const meetings = byWeek(s.meetings);
  const totals = await introAndMeetingTotals(ctx.db, ctx.tenant.id);
  const decided = totals.intros.accepted + totals.intros.declined;
  return {
    weeks,
    signups: weeks.map((week) => ({ week, count: Number(signups.get(week)?.count ?? 0) })),
    matches: weeks.map((week) => ({ week, count: Number(matches.get(week)?.count ?? 0) })),
    meetings: weeks.map((week) => ({ week, held: Number(meetings.get(week)?.held ?? 0), averageRating: round(meetings.get(week)?.rating ?? null) })),
    intros: { ...totals.intros, acceptanceRate: decided === 0 ? null : round(totals.intros.accepted / decided) },
    meetingsTotal: { held: totals.meetings.held, averageRating: round(totals.meetings.rating) },
  };
}

const FUNNEL = ["joined", "answered", "profileCompleted", "confirmed", "matched", "met"] as const;

export async function chartsDistributions(ctx: Ctx, query: Pick<ChartsQuery, "communityId">): Promise<ChartsDistributions> {
  await requireCommunityAdmin(ctx, query.communityId);
  const funnel = await funnelCounts(ctx.db, ctx.tenant.id);
  return {
    funnel: FUNNEL.map((step) => ({ step, count: funnel[step] ?? 0 })),
    topTags: (await topTags(ctx.db, ctx.tenant.id, 15)).map((r) => ({ tag: r.tag, count: Number(r.count) })),
    cities: (await topCities(ctx.db, ctx.tenant.id, 15)).map((r) => ({ city: r.city, count: Number(r.count) })),
  };
}
