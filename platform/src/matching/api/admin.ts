import { requireMember, requireModerator, requireThisCommunity } from "../../authz/index.ts";
import { recordAudit } from "../../audit/index.ts";
import { type Ctx, withDb } from "../../context.ts";
import { withTx } from "../../db/client.ts";
import { readerLang } from "./reader-lang.ts";
import { notFound, validation } from "../../lib/errors.ts";
import { publishModelChange } from "../model-change.ts";
import { pairComponents } from "../engine/semantic.ts";
import { type CommunityModel, explainPair, pairKey, relevance } from "../engine/index.ts";
import { type PageQuery, pageRows, pageWindow } from "../../lib/paging.ts";
import { cardsOf, iso, isoOrNull, loadMe, requireMemberCard, toCard } from "../../members/index.ts";
import { communityModel, candidateGraph, renderFor } from "./model.ts";
import { findAdminScoreForUpdate, listMemberHistory, upsertAdminScore } from "./queries.ts";
import type { AdminHistoryItem, AdminHistoryPage, AdminScore, AdminScoreBody, NextPair, ScoreAssistance } from "./schemas.ts";

/** The model with both members in it; a member who joined after the cached build triggers one rebuild. */
async function modelWith(ctx: Ctx, ids: readonly string[]): Promise<CommunityModel> {
  let { model } = await communityModel(ctx);
  if (ids.some((id) => !model.indexOf.has(id))) {
    // Only this process's copy is older than the member: no one else needs telling.
    ctx.deps.models.invalidate(ctx.tenant.id);
    ({ model } = await communityModel(ctx));
  }
  if (ids.some((id) => !model.indexOf.has(id))) throw notFound("Participant not found");
  return model;
}

function sharedTagNames(model: CommunityModel, a: number, b: number): string[] {
  const { offsets, items } = model.tags;
  const mine = new Set(items.subarray(offsets[a] as number, offsets[a + 1] as number));
  const out: string[] = [];
  for (const t of items.subarray(offsets[b] as number, offsets[b + 1] as number)) if (mine.has(t)) out.push(model.tagNames[t] as string);
  return out;
}

/**
 * GET /admin/{id}/matches/next: the pair an admin should score next — the most relevant pair of
 * the week's candidate graph (the pairs weekly matching actually chooses from) that has no admin
 * score yet.
 */
export async function nextPairToScore(ctx: Ctx, communityId: string, acceptLanguage?: string): Promise<NextPair> {
  requireThisCommunity(ctx, communityId);
  await requireModerator(ctx);
  const me = await loadMe(ctx, await requireMember(ctx));
  const { model, week } = await communityModel(ctx);
  const graph = candidateGraph(model, `${ctx.tenant.id}:${week}`, ctx.deps.config.matchingThreads);
  let best = -1;
  let unscored = 0;
  for (let e = 0; e < graph.edgeU.length; e++) {
    const u = graph.memberOf[graph.edgeU[e] as number] as number;
    const v = graph.memberOf[graph.edgeV[e] as number] as number;
    if (model.adminScore.has(pairKey(model.n, u, v))) continue;
    unscored++;
    if (best < 0 || (graph.score[e] as number) > (graph.score[best] as number)) best = e;
  }
  if (best < 0) return { pair: null, unscored: 0 };
  const u = graph.memberOf[graph.edgeU[best] as number] as number;
  const v = graph.memberOf[graph.edgeV[best] as number] as number;
  const ids = [model.ids[u] as string, model.ids[v] as string].sort();
  const [lowId, highId] = ids as [string, string];
  const cards = await cardsOf(ctx, me.viewer, ids);
  const participant = cards.get(lowId);
  const subject = cards.get(highId);
  if (!participant || !subject) return { pair: null, unscored };
  const r = relevance(model, lowId, highId);
  const reasons = explainPair(model, lowId, highId, r.breakdown);
  return { pair: { participant, subject, score: r.score, reasons: renderFor(reasons, readerLang(acceptLanguage, me.lang), "a"), reasonDetails: reasons }, unscored };
}

/** GET /admin/pairs/{id}/history: member {id}'s matches with scores, admin scores and both sides' feedback. */
export async function memberMatchHistory(ctx: Ctx, participantId: string, query: PageQuery): Promise<AdminHistoryPage> {
  await requireModerator(ctx);
  const me = await loadMe(ctx, await requireMember(ctx));
  const member = await requireMemberCard(ctx, participantId);
  const { rows, hasMore } = pageRows(await listMemberHistory(ctx.db, ctx.tenant.id, member.id, pageWindow(query)), query);
  const cards = await cardsOf(ctx, me.viewer, rows.map((r) => r.subjectId));
  const items: AdminHistoryItem[] = [];
  for (const r of rows) {
    const subject = cards.get(r.subjectId);
    if (!subject) continue;
    items.push({
      matchingResultId: r.id,
      matchingId: r.matchId,
      source: r.source,
      week: r.week,
      score: r.score,
      status: r.status,
      introSentAt: isoOrNull(r.introSentAt),
      createdAt: iso(r.createdAt),
      internalAdminScore: r.adminScore,
      feedback: { score: r.meetingScore, notes: r.meetingNotes, noMeeting: r.noMeeting, feedbackAt: isoOrNull(r.feedbackAt) },
      partnerFeedback: r.partnerHasResult
        ? { score: r.partnerScore, noMeeting: r.partnerNoMeeting ?? false, feedbackAt: isoOrNull(r.partnerFeedbackAt) }
        : null,
      subject,
    });
  }
  return { items, page: query.page, size: query.size, hasMore };
}

/**
 * GET /admin/pairs/{id}/score-assistance?with=: the relevance of {id} and {with} taken apart:
 * each component's weight, similarity and contribution (they sum to `base`), what the admin
 * score makes of it, the feedback multipliers, and the words behind it.
 */
export async function scoreAssistance(ctx: Ctx, participantId: string, withId: string, acceptLanguage?: string): Promise<ScoreAssistance> {
  await requireModerator(ctx);
  const me = await loadMe(ctx, await requireMember(ctx));
  const [a, b] = await Promise.all([requireMemberCard(ctx, participantId), requireMemberCard(ctx, withId)]);
  if (a.id === b.id) throw validation("A pair needs two members", { with: "Choose another member" });
  const model = await modelWith(ctx, [a.id, b.id]);
  const ia = model.indexOf.get(a.id) as number;
  const ib = model.indexOf.get(b.id) as number;
  const { score, breakdown: d } = relevance(model, ia, ib);
  const reasons = explainPair(model, ia, ib, d);
  const helps = (direction: "a_to_b" | "b_to_a") =>
    reasons.flatMap((r) => (r.kind === "can_help_with" && r.direction === direction ? r.terms : []));
  const needs = (direction: "a_to_b" | "b_to_a") =>
    reasons.flatMap((r) => (r.kind === "helps_with_need" && r.direction === direction ? r.needs : []));
  const c = pairComponents(model, ia, ib);
  const cityId = model.cityId[ia] as number;
  return {
    participant: toCard(ctx, me.viewer, a),
    subject: toCard(ctx, me.viewer, b),
    score,
    base: d.base,
    terms: [
      { name: "topics", weight: c.topics, similarity: d.topics.similarity, contribution: d.topics.contribution },
      { name: "tags", weight: c.tags, similarity: d.tags.similarity, contribution: d.tags.contribution },
      { name: "complementarity", weight: c.complementarity, similarity: d.complementarity.similarity, contribution: d.complementarity.contribution },
      { name: "answers", weight: c.answers, similarity: d.answers.similarity, contribution: d.answers.contribution },
      { name: "city", weight: c.city, similarity: d.city.same ? 1 : 0, contribution: d.city.contribution },
      { name: "semantic", weight: c.semantic, similarity: d.semantic.similarity, contribution: d.semantic.contribution },
      { name: "about", weight: c.about, similarity: d.about.similarity, contribution: d.about.contribution },
    ],
    sharedTags: sharedTagNames(model, ia, ib),
    complementarity: {
      participantHelpsSubject: d.complementarity.aToB,
      subjectHelpsParticipant: d.complementarity.bToA,
      participantCanHelpWith: helps("a_to_b"),
      subjectCanHelpWith: helps("b_to_a"),
    },
    topics: {
      participantHelpsSubject: d.topics.aToB,
      subjectHelpsParticipant: d.topics.bToA,
      participantHelpsWith: needs("a_to_b"),
      subjectHelpsWith: needs("b_to_a"),
    },
    semantic: { participantHelpsSubject: d.semantic.aToB, subjectHelpsParticipant: d.semantic.bToA },
    city: { same: d.city.same, name: d.city.same && cityId >= 0 ? (model.cityNames[cityId] ?? null) : null },
    answers: { shared: d.answers.shared, similarity: d.answers.similarity },
    admin: d.admin ? { internalAdminScore: d.admin.score, mode: d.admin.mode, value: d.admin.value } : null,
    feedback: {
      pairMultiplier: d.feedback.pairMultiplier,
      participantMultiplier: d.feedback.memberMultiplierA,
      subjectMultiplier: d.feedback.memberMultiplierB,
    },
    excluded: d.excluded,
    reasons: renderFor(reasons, readerLang(acceptLanguage, me.lang), "a"),
    reasonDetails: reasons,
  };
}

/** POST /admin/pairs/{id}/score: the admin's internalAdminScore (0..10) for {id} and subjectId. */
export async function setAdminPairScore(ctx: Ctx, participantId: string, body: AdminScoreBody): Promise<AdminScore> {
  await requireModerator(ctx);
  const me = await loadMe(ctx, await requireMember(ctx));
  const [a, b] = await Promise.all([requireMemberCard(ctx, participantId), requireMemberCard(ctx, body.subjectId)]);
  if (a.id === b.id) throw validation("A pair needs two members", { subjectId: "Choose another member" });
  const row = await withTx(ctx.db, async (tx) => {
    const before = await findAdminScoreForUpdate(tx, ctx.tenant.id, a.id, b.id);
    const saved = await upsertAdminScore(tx, ctx.tenant.id, a.id, b.id, body.internalAdminScore, me.participant.userId);
    await recordAudit(withDb(ctx, tx), {
      action: "pair_score.set",
      target: { type: "participant_pair", id: [a.id, b.id].sort().join(":") },
      before: before === null ? null : { internalAdminScore: before },
      after: { internalAdminScore: saved.score },
    });
    await publishModelChange(ctx.deps.bus, tx, ctx.tenant.id);
    return saved;
  });
  return { participantId: a.id, subjectId: b.id, internalAdminScore: row.score, updatedAt: iso(row.updatedAt) };
}
