/**
 * Weekly pairing: model -> sparse candidate graph -> maximum-weight matching -> matches
 * with reasons, plus a best-available recommendation for every eligible member left
 * without a pair, and the list of members who had no candidate at all. Pure and
 * deterministic for (input, seed); the DB layer persists the result idempotently.
 */
import { type BuildOptions, type CommunityModel, type IneligibleReason, buildCommunityModel } from "./corpus.ts";
import { type CandidateGraph, buildCandidateGraph } from "./candidates.ts";
import { type MatchingResult, maxWeightMatching } from "./matching.ts";
import { type MatchReason, type RecommendationWhy, explainPair } from "./reasons.ts";
import { relevance } from "./relevance.ts";
import type { CommunityInput } from "./types.ts";

export interface WeeklyMatch {
  a: string;
  b: string;
  /** Relevance in [0, 1]. */
  score: number;
  /** Integer edge weight in the audit export. */
  weight: number;
  reasons: MatchReason[];
}

export interface Recommendation {
  /** The member left without a pair. */
  member: string;
  /** Their best available (non-excluded) candidate; may be matched to someone else. */
  candidate: string;
  candidateMatched: boolean;
  score: number;
  why: RecommendationWhy;
  /** Reasons with a = member, b = candidate. */
  reasons: MatchReason[];
}

export interface PairingTimings {
  modelMs: number;
  graphMs: number;
  matchingMs: number;
  reasonsMs: number;
}

export interface PairingStats {
  members: number;
  eligible: number;
  edges: number;
  matchedMembers: number;
  /** Matched share of the eligible members. */
  coverage: number;
  /** Sum of the integer weights of the chosen pairs. */
  totalWeight: number;
  /** Sum of the relevance scores of the chosen pairs. */
  totalScore: number;
  matching: MatchingResult["stats"];
  timings: PairingTimings;
}

export interface PairingResult {
  matches: WeeklyMatch[];
  recommendations: Recommendation[];
  /** Eligible members with no candidate at all (nothing in common, or all excluded). */
  noCandidates: string[];
  ineligible: { id: string; reason: IneligibleReason }[];
  model: CommunityModel;
  graph: CandidateGraph;
  /** mate[vertex] in graph vertices, -1 when unmatched. */
  mate: Int32Array;
  stats: PairingStats;
}

export interface PairingOptions extends BuildOptions {
  /** Seed of the week (e.g. `${communityId}:${isoWeek}`). */
  seed: number | string;
  /** Skip computing reasons (benchmarks of the bare algorithm). Default true. */
  reasons?: boolean;
  /** Threads of the candidate lists (CandidateOptions.threads). */
  threads?: number | undefined;
}

/** Weekly pairing from the caller's plain input. */
export function pairCommunity(input: CommunityInput, options: PairingOptions): PairingResult {
  const t0 = performance.now();
  const model = buildCommunityModel(input, options);
  const modelMs = performance.now() - t0;
  return pairModel(model, options, modelMs);
}

/** Weekly pairing on an already built model. */
export function pairModel(model: CommunityModel, options: PairingOptions, modelMs = 0): PairingResult {
  const t1 = performance.now();
  const graph = buildCandidateGraph(model, { seed: options.seed, ...(options.threads !== undefined ? { threads: options.threads } : {}) });
  const t2 = performance.now();
  const matching = maxWeightMatching(graph, model.weights.matching);
  const t3 = performance.now();
  const withReasons = options.reasons ?? true;
  const { mate } = matching;
  const nv = graph.n;
  const id = (vertex: number): string => model.ids[graph.memberOf[vertex] as number] as string;
  const member = (vertex: number): number => graph.memberOf[vertex] as number;

  // Best incident edge of every vertex (weight desc, then lower neighbour) and degrees.
  const bestNbr = new Int32Array(nv).fill(-1);
  const bestW = new Int32Array(nv);
  const bestScore = new Float64Array(nv);
  const degree = new Int32Array(nv);
  const offer = (v: number, u: number, w: number, s: number): void => {
    degree[v] = (degree[v] as number) + 1;
    if (w > (bestW[v] as number) || (w === bestW[v] && u < (bestNbr[v] as number))) {
      bestW[v] = w;
      bestNbr[v] = u;
      bestScore[v] = s;
    }
  };
  const matchedScore = new Float64Array(nv);
  const matchedW = new Int32Array(nv);
  for (let e = 0; e < graph.edgeU.length; e++) {
    const u = graph.edgeU[e] as number;
    const v = graph.edgeV[e] as number;
    const w = graph.weight[e] as number;
    const s = graph.score[e] as number;
    offer(u, v, w, s);
    offer(v, u, w, s);
    if (mate[u] === v) {
      matchedScore[u] = s;
      matchedW[u] = w;
    }
  }

  const matches: WeeklyMatch[] = [];
  let totalWeight = 0;
  let totalScore = 0;
  for (let u = 0; u < nv; u++) {
    const v = mate[u] as number;
    if (v <= u) continue;
    const score = matchedScore[u] as number;
    const weight = matchedW[u] as number;
    totalWeight += weight;
    totalScore += score;
    matches.push({ a: id(u), b: id(v), score, weight, reasons: withReasons ? explainPair(model, member(u), member(v)) : [] });
  }

  const unmatchedWithCandidates: number[] = [];
  const noCandidates: string[] = [];
  let verticesWithEdges = 0;
  for (let v = 0; v < nv; v++) {
    if (degree[v] === 0) noCandidates.push(id(v));
    else {
      verticesWithEdges++;
      if (mate[v] === -1) unmatchedWithCandidates.push(v);
    }
  }
  // A lone unmatched member among an odd number is the "odd one out"; otherwise their
  // candidates were all taken by better pairs.
  const oddOut = unmatchedWithCandidates.length === 1 && verticesWithEdges % 2 === 1;
  const recommendations: Recommendation[] = unmatchedWithCandidates.map((v) => {
    const c = bestNbr[v] as number;
    return {
      member: id(v),
      candidate: id(c),
      candidateMatched: mate[c] !== -1,
      score: bestScore[v] as number,
      why: oddOut ? "odd_count" : "no_free_candidate",
      reasons: withReasons ? explainPair(model, member(v), member(c), relevance(model, member(v), member(c)).breakdown) : [],
    };
  });
  const t4 = performance.now();

  const ineligible: PairingResult["ineligible"] = [];
  model.ineligibleReason.forEach((reason, i) => {
    if (reason !== null) ineligible.push({ id: model.ids[i] as string, reason });
  });

  const matchedMembers = 2 * matches.length;
  return {
    matches,
    recommendations,
    noCandidates,
    ineligible,
    model,
    graph,
    mate,
    stats: {
      members: model.n,
      eligible: nv,
      edges: graph.edgeU.length,
      matchedMembers,
      coverage: nv === 0 ? 1 : matchedMembers / nv,
      totalWeight,
      totalScore,
      matching: matching.stats,
      timings: { modelMs, graphMs: t2 - t1, matchingMs: t3 - t2, reasonsMs: t4 - t3 },
    },
  };
}
