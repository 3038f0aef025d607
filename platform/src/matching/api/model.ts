/**
 * The community's engine model, as community-model.ts loads and caches it, and what this API
 * derives from it: stored reasons rendered for one viewer, and the candidate graph of the
 * cached model (built once per model, for the admin's "next pair to score").
 */
import type { Ctx } from "../../context.ts";
import type { CachedCommunityModel } from "../community-model.ts";
import {
  buildCandidateGraph,
  type CandidateGraph,
  type CommunityModel,
  type Lang,
  type MatchReason,
  type RecommendationWhy,
  renderReasons,
  renderRecommendationWhy,
} from "../engine/index.ts";
import { tenantBuildOptions } from "../weekly/context.ts";

export function communityModel(ctx: Ctx): Promise<CachedCommunityModel> {
  return ctx.deps.models.load(ctx.db, ctx.tenant.id, tenantBuildOptions(ctx.tenant), { timeZone: ctx.tenant.config.timeZone, defaultLang: ctx.tenant.config.lang });
}

/** Model index of an eligible member, or undefined (not in matching: unconfirmed, paused, incomplete, ...). */
export function eligibleIndex(model: CommunityModel, participantId: string): number | undefined {
  const i = model.indexOf.get(participantId);
  return i !== undefined && model.eligible[i] === 1 ? i : undefined;
}

const graphs = new WeakMap<CommunityModel, CandidateGraph>();

/** The sparse top-k candidate graph of the model; a fresh model (after invalidation) gets a fresh graph. */
export function candidateGraph(model: CommunityModel, seed: string, threads?: number): CandidateGraph {
  let graph = graphs.get(model);
  if (!graph) {
    graph = buildCandidateGraph(model, { seed, ...(threads !== undefined ? { threads } : {}) });
    graphs.set(model, graph);
  }
  return graph;
}

/**
 * Stored reasons are about the pair (a, b) with a = the lower participant id (matches.participant_low);
 * the sentences are phrased for the viewer's side.
 */
export function viewerSide(viewerId: string, subjectId: string): "a" | "b" {
  return viewerId < subjectId ? "a" : "b";
}

export function renderFor(reasons: readonly MatchReason[], lang: Lang, side: "a" | "b", why?: RecommendationWhy | null): string[] {
  const lines = renderReasons(reasons, { lang, viewer: side, partnerGender: null });
  return why ? [renderRecommendationWhy(why, lang), ...lines] : lines;
}
