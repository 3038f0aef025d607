/**
 * The matching engine: pure functions, no HTTP, no database, no clock, no Math.random.
 *
 * Pipeline (pairCommunity):
 *   CommunityInput (plain member features + pair facts, see types.ts)
 *   -> buildCommunityModel (corpus.ts: interned tags / stemmed terms / answers, IDF, TF-IDF,
 *      packed typed arrays; weights.ts merged with the tenant override)
 *   -> buildCandidateGraph (candidates.ts: top-k per member through an inverted index)
 *   -> maxWeightMatching (matching.ts: exact blossom up to 1,500 members, else greedy +
 *      alternating path search)
 *   -> matches with reasons (reasons.ts), recommendations for the unmatched, members
 *      without candidates, and the audit export (export.ts).
 *
 * The DB layer feeds it one MemberFeatures per participant (eligibility flags, tags,
 * texts, city, answer option ids, feedback counts) plus exclusions (DISLIKE relations and
 * past matches), admin pair scores and meeting feedback; it seeds each week with e.g.
 * `${communityId}:${isoWeek}` so a rerun reproduces the same pairs.
 */
export * from "./types.ts";
export * from "./weights.ts";
export { normalizeCity, normalizeCompany, normalizeTag, scriptOf, stemToken, terms, tokenizeWithSurface, Stemmer } from "./text.ts";
export { buildCommunityModel, exclusionOf, pairKey, pairRatingMultiplier } from "./corpus.ts";
export type { BuildOptions, CommunityModel, IneligibleReason } from "./corpus.ts";
export { relevance, scorePair } from "./relevance.ts";
export type { Relevance, RelevanceBreakdown } from "./relevance.ts";
export { WEIGHT_SCALE, buildCandidateGraph } from "./candidates.ts";
export type { CandidateGraph } from "./candidates.ts";
export { exactMaxWeightMatching } from "./blossom.ts";
export { DEFAULT_MATCHING_OPTIONS, matchingWeight, maxWeightMatching } from "./matching.ts";
export type { MatchingOptions, MatchingResult, WeightedGraph } from "./matching.ts";
export { pairCommunity, pairModel } from "./pairing.ts";
export type { PairingOptions, PairingResult, PairingStats, PairingTimings, Recommendation, WeeklyMatch } from "./pairing.ts";
export { explainPair, renderReason, renderReasons, renderRecommendationWhy } from "./reasons.ts";
export type { Lang, MatchReason, RecommendationWhy, RenderOptions } from "./reasons.ts";
export {
  AuditFormatError,
  exportAudit,
  formatGraph,
  formatMapping,
  formatPairing,
  pairsOfMate,
  parseGraph,
  parseMapping,
  parsePairing,
  validateMatching,
} from "./export.ts";
export type { MatchingCheck } from "./export.ts";
export { Rng } from "./random.ts";
