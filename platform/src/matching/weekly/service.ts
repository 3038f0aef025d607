import { isOperator, requireModerator, requireThisCommunity } from "../../authz/index.ts";
import { recordAudit } from "../../audit/index.ts";
import { type Ctx, withDb } from "../../context.ts";
import { withTx, type Db } from "../../db/client.ts";
import { createHash } from "node:crypto";
import { accessDenied, validation } from "../../lib/errors.ts";
import { matchingMembersMatched, matchingRunDuration } from "../../lib/metrics.ts";
import { type LoadedCommunity, loadCommunityInput } from "../community-model.ts";
import { publishModelChange } from "../model-change.ts";
import {
  type IneligibleReason,
  type MatchReason,
  type PairingResult,
  type RecommendationWhy,
  buildCommunityModel,
  pairModel,
  relevance,
} from "../engine/index.ts";
import { tenantBuildOptions } from "./context.ts";
import { matchingMailJob } from "./jobs/mail.ts";
import {
  type NewMatch,
  findRun,
  insertMatches,
  insertResults,
  insertRun,
  listWeekResultIds,
  lockCommunityMatching,
  markRunMailed,
  updateRunStats,
} from "./queries.ts";
import { emitWebhooks } from "../../webhooks/index.ts";
import { comingTuesday, isTuesday } from "./week.ts";

export type RunStage = "loading" | "graph" | "matching" | "storing" | "mailing" | "done";
export type RunProgress = { stage: RunStage; detail?: string };

export type ScoreDistribution = { min: number; p25: number; median: number; p75: number; max: number };

export type WithoutMatchReason = RecommendationWhy | "no_candidates";

export type WeeklyRunStats = {
  members: number;
  eligible: number;
  ineligible: Partial<Record<IneligibleReason, number>>;
  edges: number;
  pairs: number;
  matchedMembers: number;
  /** Matched share of the eligible members. */
  coverage: number;
  totalScore: number;
  scores: ScoreDistribution | null;
  /** Eligible members without a weekly pair, and what they get instead. */
  withoutMatch: {
    participantId: string;
    name: string;
    reason: WithoutMatchReason;
    recommendation: { participantId: string; name: string; score: number } | null;
  }[];
  /** Odd-member-out recommendations (stored as ODD_OUT matches), with their reasons. */
  oddOut: { participantId: string; candidateId: string; score: number; why: RecommendationWhy; reasons: MatchReason[] }[];
  /** Chosen pairs that were matched before: must be 0. */
  repeats: number;
};

export type WeeklyRunReport = {
  communityId: string;
  week: string;
  seed: string;
  dryRun: boolean;
  /** The week was already stored: nothing changed, the stats are the stored ones. */
  alreadyRun: boolean;
  stored: { matches: number; results: number; mailsQueued: number };
  stats: WeeklyRunStats;
};

export type RunWeeklyInput = {
  communityId: string;
  /** The Tuesday (YYYY-MM-DD); default the coming one in the community's time zone. */
  week?: string | undefined;
  dryRun?: boolean | undefined;
  /** Queue the Tuesday e-mails with the stored run (default true). */
  mail?: boolean | undefined;
  onProgress?: ((p: RunProgress) => void) | undefined;
};

/** Another community's id looks like a missing one; staff may preview, only the job / operators store. */
async function requireRunner(ctx: Ctx, communityId: string, dryRun: boolean): Promise<void> {
  requireThisCommunity(ctx, communityId);
  await requireModerator(ctx);
  if (!dryRun && !isOperator(ctx) && ctx.actor.kind !== "system") throw accessDenied("Weekly matches are stored by the weekly job or an operator");
}

/** A stable numeric form of the week's seed for matching_runs.seed (bigint). */
function seedNumber(seed: string): number {
  return Number.parseInt(createHash("sha256").update(seed).digest("hex").slice(0, 12), 16);
}

function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

export function scoreDistribution(scores: readonly number[]): ScoreDistribution | null {
  if (scores.length === 0) return null;
  const s = [...scores].sort((x, y) => x - y);
  return {
    min: round(s[0] as number),
    p25: round(quantile(s, 0.25)),
    median: round(quantile(s, 0.5)),
    p75: round(quantile(s, 0.75)),
    max: round(s[s.length - 1] as number),
  };
}

/** Reasons are stored from participant_low's side (a = low); the engine's a may be the high one. */
function fromLowSide(reasons: readonly MatchReason[], aIsLow: boolean): MatchReason[] {
  if (aIsLow) return [...reasons];
  return reasons.map((r) => (r.kind === "can_help_with" || r.kind === "helps_with_need" ? { ...r, direction: r.direction === "a_to_b" ? "b_to_a" : "a_to_b" } : r));
}

const pairId = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);

type Computed = { loaded: LoadedCommunity; result: PairingResult; stats: WeeklyRunStats; rows: NewMatch[]; oddOutOf: Map<string, string> };

async function computeWeek(ctx: Ctx, db: Db, communityId: string, week: string, seed: string, progress: (p: RunProgress) => void): Promise<Computed> {
  progress({ stage: "loading" });
  const loaded = await loadCommunityInput(db, communityId, { week, defaultLang: ctx.tenant.config.lang });
  progress({ stage: "graph", detail: `${loaded.input.members.length} members` });
  const model = buildCommunityModel(loaded.input, { topicLabels: loaded.topicLabels, releaseVectors: true, ...tenantBuildOptions(ctx.tenant) });
  progress({ stage: "matching" });
  const result = pairModel(model, { seed, threads: ctx.deps.config.matchingThreads });

  const history = new Set((loaded.input.exclusions ?? []).filter((e) => e.reason === "history").map((e) => pairId(e.a, e.b)));
  const name = (id: string) => {
    const c = loaded.byId.get(id);
    return c ? `${c.firstName} ${c.lastName}`.trim() : id;
  };
  const rows: NewMatch[] = [];
  let repeats = 0;
  const push = (source: NewMatch["source"], a: string, b: string, score: number, reasons: readonly MatchReason[], extra: object) => {
    if (history.has(pairId(a, b))) repeats++;
    const aIsLow = a < b;
    const low = aIsLow ? a : b;
    const high = aIsLow ? b : a;
    rows.push({
      source,
      low,
      high,
      score: Math.min(1, Math.max(0, score)),
      breakdown: { ...relevance(model, low, high).breakdown, ...extra },
      reasons: fromLowSide(reasons, aIsLow),
    });
  };
  for (const m of result.matches) push("WEEKLY", m.a, m.b, m.score, m.reasons, {});
  const oddOutOf = new Map<string, string>();
  for (const r of result.recommendations) {
    oddOutOf.set(r.member, r.candidate);
    push("ODD_OUT", r.member, r.candidate, r.score, r.reasons, { recommendation: { member: r.member, why: r.why } });
  }

  const ineligible: WeeklyRunStats["ineligible"] = {};
  for (const i of result.ineligible) ineligible[i.reason] = (ineligible[i.reason] ?? 0) + 1;
  const stats: WeeklyRunStats = {
    members: result.stats.members,
    eligible: result.stats.eligible,
    ineligible,
    edges: result.stats.edges,
    pairs: result.matches.length,
    matchedMembers: result.stats.matchedMembers,
    coverage: round(result.stats.coverage),
    totalScore: round(result.stats.totalScore),
    scores: scoreDistribution(result.matches.map((m) => m.score)),
    withoutMatch: [
      ...result.recommendations.map((r) => ({
        participantId: r.member,
        name: name(r.member),
        reason: r.why,
        recommendation: { participantId: r.candidate, name: name(r.candidate), score: round(r.score) },
      })),
      ...result.noCandidates.map((id) => ({ participantId: id, name: name(id), reason: "no_candidates" as const, recommendation: null })),
    ],
    oddOut: result.recommendations.map((r) => ({ participantId: r.member, candidateId: r.candidate, score: round(r.score), why: r.why, reasons: r.reasons })),
    repeats,
  };
  return { loaded, result, stats, rows, oddOutOf };
}

/** Jobs a statement of queueWeekMails inserts (about 150 bytes of JSON each). */
const MAIL_JOBS_PER_STATEMENT = 5_000;

/**
 * Enqueues one e-mail job per result of the week, in the caller's transaction: 5,000 jobs a
 * statement (at 100k members one statement a job took about a minute, with the run's lock held).
 */
async function queueWeekMails(ctx: Ctx, tx: Db, communityId: string, week: string): Promise<number> {
  const results = await listWeekResultIds(tx, communityId, week);
  const participantOf = new Map(results.map((r) => [r.id, r.participantId]));
  for (let i = 0; i < results.length; i += MAIL_JOBS_PER_STATEMENT) {
    const batch = results.slice(i, i + MAIL_JOBS_PER_STATEMENT).map((r) => ({ communityId, week, resultId: r.id }));
    await ctx.deps.jobs.sendMany(matchingMailJob, batch, { db: tx, singletonKey: (d) => `weekly:${communityId}:${week}:${participantOf.get(d.resultId) ?? d.resultId}` });
  }
  await markRunMailed(tx, communityId, week);
  return results.length;
}

/**
 * The weekly pairing of one community: loads the members, pairs them (seed
 * `${communityId}:${week}`), and unless dryRun stores the run, its matches and the members'
 * results in ONE transaction, queueing the Tuesday e-mails in it. Idempotent per (community,
 * week): an advisory lock serialises runs and the run row decides; a second run changes nothing
 * and returns the stored stats.
 */
export async function runWeeklyPairing(ctx: Ctx, input: RunWeeklyInput): Promise<WeeklyRunReport> {
  const dryRun = input.dryRun ?? false;
  const runStarted = performance.now();
  await requireRunner(ctx, input.communityId, dryRun);
  const communityId = input.communityId;
  const week = input.week ?? comingTuesday(new Date(), ctx.tenant.config.timeZone);
  if (!isTuesday(week)) throw validation("week must be a Tuesday as YYYY-MM-DD", { week: "must be a Tuesday as YYYY-MM-DD" });
  const seed = `${communityId}:${week}`;
  const progress = input.onProgress ?? (() => {});
  const mail = input.mail ?? true;
  const base = { communityId, week, seed, dryRun };

  if (dryRun) {
    const existing = await findRun(ctx.db, communityId, week);
    if (existing) return { ...base, alreadyRun: true, stored: { matches: 0, results: 0, mailsQueued: 0 }, stats: existing.stats as WeeklyRunStats };
    const computed = await computeWeek(ctx, ctx.db, communityId, week, seed, progress);
    progress({ stage: "done" });
    return { ...base, alreadyRun: false, stored: { matches: 0, results: 0, mailsQueued: 0 }, stats: computed.stats };
  }

  const report = await withTx(ctx.db, async (tx): Promise<WeeklyRunReport> => {
    await lockCommunityMatching(tx, communityId);
    const existing = await findRun(tx, communityId, week);
    if (existing) {
      // A run stored without its e-mails (e.g. `--no-mail`) gets them now; otherwise nothing to do.
      const mailsQueued = mail && existing.status === "paired" ? await queueWeekMails(ctx, tx, communityId, week) : 0;
      return { ...base, alreadyRun: true, stored: { matches: 0, results: 0, mailsQueued }, stats: existing.stats as WeeklyRunStats };
    }
    const { stats, rows, oddOutOf } = await computeWeek(ctx, tx, communityId, week, seed, progress);
    progress({ stage: "storing", detail: `${rows.length} matches` });
    await insertRun(tx, { communityId, week, seed: seedNumber(seed), stats });
    const inserted = await insertMatches(tx, communityId, week, rows);
    // The unique key on the pair skipped any repeat: count it, never store it twice.
    stats.repeats = Math.max(stats.repeats, rows.length - inserted.length);
    const results: { matchId: string; participantId: string; subjectId: string }[] = [];
    const sourceOf = new Map(rows.map((r) => [pairId(r.low, r.high), r.source]));
    for (const m of inserted) {
      if (sourceOf.get(pairId(m.low, m.high)) === "WEEKLY") {
        results.push({ matchId: m.id, participantId: m.low, subjectId: m.high }, { matchId: m.id, participantId: m.high, subjectId: m.low });
      } else {
        // The odd member out alone sees the recommendation.
        const member = oddOutOf.get(m.low) === m.high ? m.low : m.high;
        results.push({ matchId: m.id, participantId: member, subjectId: member === m.low ? m.high : m.low });
      }
    }
    const storedResults = await insertResults(tx, communityId, results);
    // One match.created per stored pair (docs/decisions/0142), keyed by the match so its feedback follows it.
    const txCtx = withDb(ctx, tx);
    const shownTo = new Map<string, string[]>();
    for (const r of results) shownTo.set(r.matchId, [...(shownTo.get(r.matchId) ?? []), r.participantId]);
    await emitWebhooks(
      txCtx,
      "match.created",
      inserted.map((m) => ({
        data: { matchId: m.id, week, source: sourceOf.get(pairId(m.low, m.high)) === "WEEKLY" ? ("WEEKLY" as const) : ("ODD_OUT" as const), participantIds: [m.low, m.high], shownTo: shownTo.get(m.id) ?? [] },
        orderingKey: `match:${m.id}`,
      })),
    );
    // New history: on-demand recommendations must not offer this week's pairs again.
    await publishModelChange(ctx.deps.bus, tx, communityId);
    if (stats.repeats > 0) await updateRunStats(tx, communityId, week, stats);
    let mailsQueued = 0;
    if (mail) {
      progress({ stage: "mailing" });
      mailsQueued = await queueWeekMails(ctx, tx, communityId, week);
    }
    // The weekly job's own run is routine; an operator storing a week by hand is an audited write.
    if (ctx.actor.kind !== "system") {
      await recordAudit(withDb(ctx, tx), {
        action: "matching.run",
        target: { type: "matching_week", id: week },
        after: { matches: inserted.length, results: storedResults, mailsQueued },
      });
    }
    return { ...base, alreadyRun: false, stored: { matches: inserted.length, results: storedResults, mailsQueued }, stats };
  });
  progress({ stage: "done" });
  if (!dryRun && !report.alreadyRun) {
    matchingRunDuration.observe((performance.now() - runStarted) / 1000);
    matchingMembersMatched.inc(report.stored.results);
  }
  return report;
}

/**
 * The pairs a dry run of the week would store (the console's preview list): WEEKLY pairs and the
 * odd-member-out recommendations, with their scores and reasons (from the low member's side).
 * A week already stored has no preview (`alreadyRun`): its pairs are the stored ones.
 */
export async function previewWeekPairs(ctx: Ctx, input: { communityId: string; week?: string | undefined }): Promise<{ week: string; alreadyRun: boolean; pairs: NewMatch[] }> {
  await requireRunner(ctx, input.communityId, true);
  const week = input.week ?? comingTuesday(new Date(), ctx.tenant.config.timeZone);
  if (!isTuesday(week)) throw validation("week must be a Tuesday as YYYY-MM-DD", { week: "must be a Tuesday as YYYY-MM-DD" });
  if (await findRun(ctx.db, input.communityId, week)) return { week, alreadyRun: true, pairs: [] };
  const { rows } = await computeWeek(ctx, ctx.db, input.communityId, week, `${input.communityId}:${week}`, () => {});
  return { week, alreadyRun: false, pairs: rows };
}
