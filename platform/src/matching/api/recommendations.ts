import { requireMember } from "../../authz/index.ts";
import type { Ctx } from "../../context.ts";
import { withTx } from "../../db/client.ts";
import { notFound, validation } from "../../lib/errors.ts";
import { type PageQuery, pageRows, pageWindow } from "../../lib/paging.ts";
import { cardsOf, iso, isoOrNull, loadMe, type Me, requireOtherMember } from "../../members/index.ts";
import { listMemberCards, lockParticipant } from "../../participant/queries.ts";
import { bookmarkedAmong, creditWeek, listBlockedWith, listOpenIntrosWith } from "../../relations/index.ts";
import { exclusionOf, explainPair, type RecommendationWhy, relevance, scorePair } from "../engine/index.ts";
import { findMyResult, type ResultRow, type ResultStatus } from "../results.ts";
import { communityModel, eligibleIndex, renderFor, viewerSide } from "./model.ts";
import {
  countInstantSince,
  countOpenResults,
  type IncomingResultRow,
  insertInstantMatch,
  listMyResults,
  listPastPartners,
  listResultsWithIntroToMe,
  markSeen,
} from "./queries.ts";
import {
  type CalcRelevanceResult,
  FEEDBACK_DELAY_DAYS,
  type Feedback,
  INSTANT_OPEN_TARGET,
  INSTANT_WEEKLY_CAP,
  type InstantQuery,
  type MatchingRequestPage,
  type PendingScore,
  type Recommendation,
  type RecommendationPage,
  type RelevanceRate,
} from "./schemas.ts";

const DAY_MS = 86_400_000;
/** Below this relevance a member is not worth an on-demand recommendation. */
const INSTANT_MIN_SCORE = 0.01;

export function feedbackOf(r: ResultRow, now = new Date()): Feedback {
  const due = new Date(r.createdAt.getTime() + FEEDBACK_DELAY_DAYS * DAY_MS);
  const given = r.feedbackAt !== null || r.noMeeting;
  return {
    score: r.meetingScore,
    notes: r.meetingNotes,
    noMeeting: r.noMeeting,
    feedbackAt: isoOrNull(r.feedbackAt),
    pending: !given && r.status !== "DISMISSED" && now >= due,
    dueAt: iso(due),
  };
}

function whyOf(r: ResultRow): RecommendationWhy | null {
  const b = r.breakdown as { recommendation?: { why?: unknown } } | null;
  const why = b?.recommendation?.why;
  return why === "odd_count" || why === "no_free_candidate" ? why : null;
}

/** Results as the member sees them: the contact's card through privacy, reasons in the member's language. */
async function toRecommendations<R extends ResultRow>(ctx: Ctx, me: Me, rows: readonly R[]): Promise<(Recommendation & { row: R })[]> {
  const ids = rows.map((r) => r.subjectId);
  const [cards, bookmarked] = await Promise.all([cardsOf(ctx, me.viewer, ids), bookmarkedAmong(ctx.db, ctx.tenant.id, me.participant.id, ids)]);
  const out: (Recommendation & { row: R })[] = [];
  for (const r of rows) {
    const participant = cards.get(r.subjectId);
    if (!participant) continue;
    const side = viewerSide(me.participant.id, r.subjectId);
    out.push({
      row: r,
      matchingResultId: r.id,
      matchingId: r.matchId,
      source: r.source,
      week: r.week,
      score: r.score,
      reasons: renderFor(r.reasons, me.lang, side, whyOf(r)),
      reasonDetails: r.reasons,
      viewerIs: side,
      status: r.status,
      introMessage: r.introMessage,
      introSentAt: isoOrNull(r.introSentAt),
      note: r.note,
      bookmarked: bookmarked.has(r.subjectId),
      feedback: feedbackOf(r),
      createdAt: iso(r.createdAt),
      participant,
    });
  }
  return out;
}

const strip = <R extends ResultRow>({ row: _row, ...rest }: Recommendation & { row: R }): Recommendation => rest;

/**
 * Tops the member's open recommendations (NEW / SEEN) up to INSTANT_OPEN_TARGET with the best
 * members they were never matched with, neither side disliked, have no open intro with and who
 * are not their colleagues (unless the community pairs colleagues), members whose last two
 * meetings did not happen only when no one else is left, at most INSTANT_WEEKLY_CAP
 * a week so the weekly contact stays the main event. Each one is stored as an INSTANT match
 * (the pair's unique key means it is never offered again) plus the member's result.
 */
async function topUpInstant(ctx: Ctx, me: Me): Promise<void> {
  const communityId = ctx.tenant.id;
  const memberId = me.participant.id;
  if ((await countOpenResults(ctx.db, communityId, memberId)) >= INSTANT_OPEN_TARGET) return;
  const { model } = await communityModel(ctx);
  const self = eligibleIndex(model, memberId);
  if (self === undefined) return;
  await withTx(ctx.db, async (tx) => {
    // Two tabs loading at once must not both top up (nor both use the week's allowance).
    await lockParticipant(tx, communityId, memberId, "instant");
    const open = await countOpenResults(tx, communityId, memberId);
    const week = await creditWeek(tx, ctx.tenant.config.timeZone);
    const used = await countInstantSince(tx, communityId, memberId, week.start);
    const room = Math.min(INSTANT_OPEN_TARGET - open, INSTANT_WEEKLY_CAP - used);
    if (room <= 0) return;
    // The database, not the (possibly minute-old) model, has the last word on who is excluded.
    const [past, blocked, intros] = await Promise.all([
      listPastPartners(tx, communityId, memberId),
      listBlockedWith(tx, communityId, memberId),
      listOpenIntrosWith(tx, communityId, memberId),
    ]);
    const excluded = new Set([...past, ...blocked, ...intros]);
    // Ranked by score, low-priority members (last two meetings did not happen) after everyone else.
    const best: { j: number; rank: number }[] = [];
    for (let j = 0; j < model.n; j++) {
      // Excluded pairs are skipped before choosing, so the next best member takes their place.
      if (j === self || model.eligible[j] !== 1 || excluded.has(model.ids[j] as string) || exclusionOf(model, self, j) !== null) continue;
      const score = scorePair(model, self, j);
      if (score < INSTANT_MIN_SCORE) continue;
      const rank = model.lowPriority[j] === 1 ? score - 1 : score;
      if (best.length < room || rank > (best[best.length - 1]?.rank ?? -1)) {
        best.push({ j, rank });
        best.sort((x, y) => y.rank - x.rank);
        if (best.length > room) best.pop();
      }
    }
    for (const { j } of best) {
      const subjectId = model.ids[j] as string;
      // Reasons and breakdown are stored for (low, high), as every match is.
      const [low, high] = memberId < subjectId ? [self, j] : [j, self];
      const r = relevance(model, low, high);
      await insertInstantMatch(tx, {
        communityId,
        participantId: memberId,
        subjectId,
        score: r.score,
        breakdown: r.breakdown,
        reasons: explainPair(model, low, high, r.breakdown),
      });
    }
  });
}

/**
 * GET /matching/instant: the Recommended tab. My weekly, odd-out and on-demand contacts, newest
 * first (DISMISSED ones only when asked for by status). The first page tops up on-demand
 * recommendations; NEW results shown here become SEEN.
 */
export async function listInstant(ctx: Ctx, query: InstantQuery): Promise<RecommendationPage> {
  const me = await loadMe(ctx, await requireMember(ctx));
  if (query.page === 0 && (query.status === undefined || query.status === "NEW")) await topUpInstant(ctx, me);
  const statuses: ResultStatus[] = query.status ? [query.status] : ["NEW", "SEEN", "CONNECTED"];
  const { rows, hasMore } = pageRows(await listMyResults(ctx.db, ctx.tenant.id, me.participant.id, { statuses }, pageWindow(query)), query);
  const items = await toRecommendations(ctx, me, rows);
  await markSeen(
    ctx.db,
    ctx.tenant.id,
    me.participant.id,
    items.filter((i) => i.status === "NEW").map((i) => i.matchingResultId),
  );
  return { items: items.map(strip), page: query.page, size: query.size, hasMore };
}

/** GET /matching/matches-history: every result I ever had, with its feedback state. */
export async function listMatchesHistory(ctx: Ctx, query: PageQuery): Promise<RecommendationPage> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const statuses: ResultStatus[] = ["NEW", "SEEN", "CONNECTED", "DISMISSED"];
  const { rows, hasMore } = pageRows(await listMyResults(ctx.db, ctx.tenant.id, me.participant.id, { statuses }, pageWindow(query)), query);
  const items = await toRecommendations(ctx, me, rows);
  return { items: items.map(strip), page: query.page, size: query.size, hasMore };
}

/** GET /matching/requests: my contacts who sent me an intro. */
export async function listMatchingRequests(ctx: Ctx, query: PageQuery): Promise<MatchingRequestPage> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const { rows, hasMore } = pageRows(await listResultsWithIntroToMe(ctx.db, ctx.tenant.id, me.participant.id, pageWindow(query)), query);
  const items = await toRecommendations<IncomingResultRow>(ctx, me, rows);
  return {
    items: items.map((i) => ({
      ...strip(i),
      request: { id: i.row.requestId, status: i.row.requestStatus, message: i.row.requestMessage, createdAt: iso(i.row.requestAt) },
    })),
    page: query.page,
    size: query.size,
    hasMore,
  };
}

/** GET /matching/{id}/pending-score: does my result {id} wait for meeting feedback? */
export async function getPendingScore(ctx: Ctx, resultId: string): Promise<PendingScore> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const row = await findMyResult(ctx.db, ctx.tenant.id, me.participant.id, resultId);
  if (!row) throw notFound("Match not found");
  const feedback = feedbackOf(row);
  return { matchingResultId: row.id, pending: feedback.pending, dueAt: feedback.dueAt, feedback };
}

/** GET /matching/get-relevance-rate: how relevant a member is to me, and why. */
export async function getRelevanceRate(ctx: Ctx, participantId: string): Promise<RelevanceRate> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const other = await requireOtherMember(ctx, me, participantId);
  const { model } = await communityModel(ctx);
  const a = model.indexOf.get(me.participant.id);
  const b = model.indexOf.get(other.id);
  if (a === undefined || b === undefined) return { participantId: other.id, score: 0, reasons: [], reasonDetails: [], excluded: null };
  const [low, high] = me.participant.id < other.id ? [a, b] : [b, a];
  const r = relevance(model, low, high);
  const reasons = explainPair(model, low, high, r.breakdown);
  return {
    participantId: other.id,
    score: r.score,
    reasons: renderFor(reasons, me.lang, viewerSide(me.participant.id, other.id)),
    reasonDetails: reasons,
    excluded: r.breakdown.excluded,
  };
}

/** POST /matching/calc-relevance-rate: my relevance with up to 50 members at once. */
export async function calcRelevanceRates(ctx: Ctx, participantIds: readonly string[]): Promise<CalcRelevanceResult> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const ids = [...new Set(participantIds)];
  if (ids.includes(me.participant.id)) throw validation("Your own id is not a contact", { participantIds: "Leave out your own id" });
  const found = new Set((await listMemberCards(ctx.db, ctx.tenant.id, ids)).map((m) => m.id));
  if (ids.some((id) => !found.has(id))) throw notFound("Participant not found");
  const { model } = await communityModel(ctx);
  const a = model.indexOf.get(me.participant.id);
  return {
    items: ids.map((id) => {
      const b = model.indexOf.get(id);
      return { participantId: id, score: a === undefined || b === undefined ? 0 : scorePair(model, a, b) };
    }),
  };
}
