/**
 * Every number that shapes relevance and pairing lives here. A tenant can override any of
 * them with a partial object (`resolveWeights(override)` merges it over the defaults and
 * validates it); the DB layer stores that object in the tenant config.
 */
import type { CommunityFormat } from "./types.ts";

export interface ComponentWeights {
  /** IDF-weighted tag overlap (cosine of IDF-weighted tag sets). */
  tags: number;
  /** "Looking for" of one member vs "can help with" (+ about) of the other, both directions. */
  complementarity: number;
  /** Shared onboarding answer options, rarer answers counting more. */
  answers: number;
  /** Same normalised city (scaled by `cityByFormat` of the community's format). */
  city: number;
  /**
   * Need <-> offer over concepts and taxonomy topics: what one member needs (picked topics, and
   * lexicon concepts found in "looking for") against what the other offers (picked topics, and
   * concepts in "can help with", job title and about), both directions. The strongest signal.
   */
  topics: number;
  /**
   * Meaning of the texts (sentence-encoder vectors, see ../encoder): one member's offer (and, at
   * semantic.aboutOfferWeight, their about) against the other's need, both directions. Only in
   * `vectorComponents`: a community whose texts have no vectors scores without it.
   */
  semantic?: number;
  /** about <-> about similarity of the vectors (who they are, alike). Only in `vectorComponents`. */
  about?: number;
}

export interface MatchingWeights {
  /**
   * Relative weights of the components. They are normalised to sum to 1, so the base score
   * is a convex combination of components that are each in [0, 1].
   */
  components: ComponentWeights;
  /**
   * The components used when the members' texts have vectors (a community whose vectors are
   * computed): the meaning of the texts carries the need <-> offer signal, the lexicon's topics a little.
   */
  vectorComponents: Required<ComponentWeights>;
  semantic: {
    /**
     * A cosine at or below `floor` counts 0, `ceiling` and above 1, linear between: unrelated texts of one
     * encoder are rarely orthogonal (the built-in encoder puts them around 0.1-0.3).
     */
    floor: number;
    /** A cosine at or above this counts 1 (a close paraphrase). */
    ceiling: number;
    /** The offering member's about (position, about) against the need, relative to their offer text. */
    aboutOfferWeight: number;
    /** Directions combined as complementarity.maxShare does. */
    maxShare: number;
    /**
     * The same in the weekly pairing's weights (only there): 1 counts the need the pair meets best and
     * nothing of the other direction. The week gives each member one contact for the need they wrote;
     * a little of the reverse direction (maxShare's 0.1) lifts pairs of one field, whose texts
     * resemble each other both ways, above the one-way fit of a helper, which is the usual case.
     */
    pairingMaxShare: number;
    /** A direction is a reason ("can help with <the need>") from this similarity up. */
    minReason: number;
  };
  complementarity: {
    /**
     * The two directions (A helps B, B helps A) are combined as
     * `maxShare * max + (1 - maxShare) * min`: one-sided help is valuable, mutual help more so.
     */
    maxShare: number;
    /** The "about" text counts this much relative to "can help with" on the offering side. */
    aboutWeight: number;
  };
  topics: {
    /** The two directions are combined as `maxShare * max + (1 - maxShare) * min` (see complementarity). */
    maxShare: number;
    /**
     * A concept found in a need also names its topic at this fraction of its weight, so that another
     * concept of that topic (bookkeeping for payroll) covers a little of the need. (An offered
     * concept offers its topic in full.)
     */
    topicShare: number;
    /** Concepts in the job title count this much relative to "can help with" on the offering side. */
    positionWeight: number;
    /**
     * Coverage = coverageShare x (IDF-weighted share of the need covered) + (1 - coverageShare) x
     * (the most directly stated need covered): one need met outright counts even among several.
     */
    coverageShare: number;
    /** Concepts in "about" count this much relative to "can help with" on the offering side. */
    aboutWeight: number;
  };
  /** Multiplier of `components.city` by the community's format (tenant matchingRules.format). */
  cityByFormat: { online: number; hybrid: number; offline: number };
  admin: {
    /**
     * internalAdminScore is on a 0..10 scale. "prior": the final score is
     * `(1 - priorStrength) * computed + priorStrength * admin / 10`; "override": `admin / 10`.
     */
    mode: "prior" | "override";
    priorStrength: number;
    scale: number;
    /** A pair at or above this admin score gets the "admin_pick" reason. */
    pickThreshold: number;
  };
  feedback: {
    /** Ratings are 1..5; at or above this a meeting counts as good (no penalty). */
    goodRating: number;
    /** Pair multiplier for the worst rating (1); linear up to 1 at goodRating. */
    poorPairFloor: number;
    /** "We did not meet" reported for a pair counts as this rating. */
    noMeetingRating: number;
    /** A member's mean received rating only counts after this many ratings. */
    minRatings: number;
    /** Multiplier lost by a member whose mean received rating is 1 (linear up to goodRating). */
    poorMemberPenalty: number;
    /** No-shows tolerated before a penalty ("repeated" no-shows rank lower). */
    noShowAllowance: number;
    /** Multiplier lost per no-show beyond the allowance. */
    noShowPenalty: number;
    /** A member's multiplier never goes below this. */
    memberFloor: number;
    /**
     * Matching weight factor of every edge of a member whose last two meetings did not happen
     * (MemberFeedback.lastTwoNoShows): small enough that they are paired only when no one else
     * loses a partner by it. Scores shown to members are not scaled.
     */
    lowPriorityFactor: number;
  };
  candidates: {
    /** Candidates kept per member in the sparse graph (the graph is the union of these lists). */
    k: number;
    /** Candidates per member re-scored exactly after the inverted-index pass (>= k). */
    rescorePool: number;
    /**
     * The same when the community's texts have vectors (>= k). Their meaning is then most of a score
     * but is not in the proxy that picks the pool (a cosine costs 512 products), so a wider pool
     * keeps the true best: at 10k synthetic members recall@10 0.90 at 120, 0.96 at 200 (bench:matching,
     * before the sketches ranked it, decision 0212); since they do, 140 of a wider preselection
     * (vectorPreselect) keep what 200 did (decision 0229).
     */
    vectorRescorePool: number;
    /**
     * The best preselect x rescorePool by the postings proxy are scored exactly but for the texts
     * (cheap: short vectors) to choose that pool; 1 lets the proxy choose it alone.
     */
    preselect: number;
    /**
     * The same with vectors (vectorPreselect x vectorRescorePool, 15 x 140 = 2,100). There the
     * sketches and the prescore rank the preselection well, so the pool scored in full can be
     * narrower, and the true best are lost mostly where the postings preselect: at 100k synthetic
     * members (bench:matching, 2026-12-01) 94% of the true top 10 were in a preselection of 1,800,
     * 93% still after the sketches' 400 and 92% in the pool of 200; 15 x 140 gave the same
     * recall@10 (0.953) as 9 x 200 for a tenth less candidate graph time (decision 0229).
     */
    vectorPreselect: number;
    /**
     * With vectors, of those only the best prescorePool by the postings' estimate of the terms
     * without the vectors (tags and answers exact, from the sketch record) plus the sketches' of the
     * vectors' terms are scored but for the texts (decision 0219); at least vectorPreselect x
     * vectorRescorePool: all of them. At 100k synthetic members 400 of 1,800 cost recall@10 about
     * 0.003 for about a tenth of the candidate graph's time.
     */
    prescorePool: number;
    /**
     * At most this many postings are read from one feature's postings list, twice: the
     * member's own city and the whole list, each in impact order (largest weights first).
     */
    postingsCap: number;
    /**
     * ... except a need or offer concept's postings in the member's own city, read up to this many:
     * same-city partners who meet one need fully carry the city bonus and tie with partners met
     * both ways elsewhere, deep in those lists.
     */
    cityPostingsCap: number;
    /** At most this many postings are read per member in total within the caps (highest query weight first; the scan below has its own bounds). */
    memberBudget: number;
    /**
     * The same for a member whose texts have vectors: their nearest partners by vector and the
     * sketches find most of the best, so fewer postings keep recall@10 (bench:matching, seed 1,
     * 2026-12-01: at 100k members 6,000 -> 4,000 postings 0.965 -> 0.957, the candidate graph 84 ->
     * 74 s; at 10k 0.993 -> 0.992; the evaluation sets unchanged).
     */
    vectorMemberBudget: number;
    /**
     * Past the cut of a run of equal weights in a need or offer concept's, a topic's or a mutual key's
     * postings (the whole list, not the city part), the rest of the run is scanned, up to `scanLimit`
     * postings, for the `scanExtra` members whose small terms (about, tags, answers, the words' need
     * <-> offer) promise most for the asker, from a 64-bit signature stored beside each posting
     * (candidates.ts). A cut run's members tie on the weight read, and at scale the asker's best
     * partners differ from the rest of it by those terms alone. 0 turns the scan off.
     */
    scanExtra: number;
    scanLimit: number;
    /**
     * Ties in the postings (equal weights) are ordered by each member's mean score against this many
     * sampled askers on everything but need <-> offer by meaning, highest first (then the seeded
     * order): a capped read takes the members likelier to be anyone's best. 0: the seeded order alone.
     */
    tieSample: number;
    /**
     * After the index pass, each list is refined once from its neighbourhood (one round of NN-descent):
     * the members that listed u, and the first `refine` entries of the lists of u's first `refine`
     * partners, are scored exactly. 0 turns it off.
     */
    refine: number;
    /** Rounds of that refinement. */
    refineRounds: number;
    /**
     * Hubs: a member is among the first HUB_LIST (10) of at most this many members' lists, those
     * for whom they score highest; in the others they move to the end of the list (the edge stays,
     * so the weekly optimum is unchanged). A member whose offer lists everything would otherwise
     * fill everyone's first ten. 0 turns the cap off.
     */
    hubCap: number;
  };
  /** Maximum-weight matching effort (see matching.ts). */
  matching: {
    /** Graphs up to this many members are solved exactly (blossom, O(n^3)). */
    exactLimit: number;
    /** Larger graphs: depth of the alternating path search after greedy + local moves. */
    lkDepth: number;
    /** ... and its maximum number of passes. */
    lkPasses: number;
    /**
     * The weekly matching maximises the sum of score^exponent over the pairs, not of the scores:
     * above 1 one strong pair outweighs two middling ones, so a seeker meets the member who can
     * help rather than a partner who half-fits while the helper goes to someone they half-fit.
     * Scores shown to members are not raised. In [1, 4].
     */
    exponent: number;
  };
  reasons: {
    /** Tags / terms listed in one reason. */
    maxItems: number;
    /** A direction of complementarity is a reason only from this similarity up. */
    minComplementarity: number;
    /** Shared answers are a reason only from this many up. */
    minSharedAnswers: number;
  };
}

export const DEFAULT_WEIGHTS: MatchingWeights = {
  components: { tags: 0.1, complementarity: 0.12, answers: 0.08, city: 0.1, topics: 0.6 },
  vectorComponents: { tags: 0.04, complementarity: 0.04, answers: 0.05, city: 0.03, topics: 0.15, semantic: 0.65, about: 0.04 },
  semantic: { floor: 0.3, ceiling: 0.75, aboutOfferWeight: 0, maxShare: 0.9, pairingMaxShare: 1, minReason: 0.25 },
  complementarity: { maxShare: 0.7, aboutWeight: 0.5 },
  topics: { maxShare: 0.85, topicShare: 0.5, positionWeight: 0.6, aboutWeight: 0.4, coverageShare: 0.5 },
  cityByFormat: { online: 0.2, hybrid: 1, offline: 1.5 },
  admin: { mode: "prior", priorStrength: 0.8, scale: 10, pickThreshold: 7 },
  feedback: {
    goodRating: 4,
    poorPairFloor: 0.3,
    noMeetingRating: 2,
    minRatings: 2,
    poorMemberPenalty: 0.4,
    noShowAllowance: 1,
    noShowPenalty: 0.15,
    memberFloor: 0.4,
    lowPriorityFactor: 0.001,
  },
  candidates: { k: 20, rescorePool: 120, vectorRescorePool: 140, preselect: 9, vectorPreselect: 15, prescorePool: 400, postingsCap: 150, cityPostingsCap: 500, memberBudget: 6_000, vectorMemberBudget: 4_000, scanExtra: 150, scanLimit: 20_000, tieSample: 64, refine: 8, refineRounds: 1, hubCap: 100 },
  matching: { exactLimit: 1500, lkDepth: 12, lkPasses: 30, exponent: 2 },
  reasons: { maxItems: 3, minComplementarity: 0.05, minSharedAnswers: 1 },
};

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

/** Per-tenant override: any subset of the weights. */
export type MatchingWeightsOverride = DeepPartial<MatchingWeights>;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function merge(base: unknown, over: unknown, path: string): unknown {
  if (over === undefined) return base;
  if (isPlainObject(base)) {
    if (!isPlainObject(over)) throw new Error(`matching weights: ${path} must be an object`);
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(over)) {
      if (!(key in base)) throw new Error(`matching weights: unknown key ${path}.${key}`);
      out[key] = merge(base[key], value, `${path}.${key}`);
    }
    return out;
  }
  if (typeof base !== typeof over) throw new Error(`matching weights: ${path} must be a ${typeof base}`);
  return over;
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(`matching weights: ${message}`);
}

/** Defaults with the tenant override merged over them; throws on an unknown key or a bad value. */
export function resolveWeights(override?: MatchingWeightsOverride): MatchingWeights {
  const w = merge(DEFAULT_WEIGHTS, override, "weights") as MatchingWeights;
  const c = w.components;
  for (const [key, value] of Object.entries(c)) check(Number.isFinite(value) && value >= 0, `components.${key} must be >= 0`);
  check(c.tags + c.complementarity + c.answers + c.city + c.topics > 0, "at least one component weight must be positive");
  for (const [key, value] of Object.entries(w.vectorComponents)) check(Number.isFinite(value) && value >= 0, `vectorComponents.${key} must be >= 0`);
  check(Object.values(w.vectorComponents).some((v) => v > 0), "at least one vector component weight must be positive");
  check(w.semantic.floor >= 0 && w.semantic.floor < w.semantic.ceiling && w.semantic.ceiling <= 1, "semantic needs 0 <= floor < ceiling <= 1");
  check(w.semantic.aboutOfferWeight >= 0 && w.semantic.aboutOfferWeight <= 1, "semantic.aboutOfferWeight must be in [0, 1]");
  check(w.semantic.maxShare >= 0.5 && w.semantic.maxShare <= 1, "semantic.maxShare must be in [0.5, 1]");
  check(w.semantic.pairingMaxShare >= 0.5 && w.semantic.pairingMaxShare <= 1, "semantic.pairingMaxShare must be in [0.5, 1]");
  check(w.topics.maxShare >= 0.5 && w.topics.maxShare <= 1, "topics.maxShare must be in [0.5, 1]");
  for (const [key, value] of Object.entries(w.topics)) check(Number.isFinite(value) && value >= 0, `topics.${key} must be >= 0`);
  check(w.topics.coverageShare <= 1, "topics.coverageShare must be in [0, 1]");
  for (const [key, value] of Object.entries(w.cityByFormat)) check(Number.isFinite(value) && value >= 0, `cityByFormat.${key} must be >= 0`);
  check(w.complementarity.maxShare >= 0.5 && w.complementarity.maxShare <= 1, "complementarity.maxShare must be in [0.5, 1]");
  check(w.complementarity.aboutWeight >= 0, "complementarity.aboutWeight must be >= 0");
  check(w.admin.mode === "prior" || w.admin.mode === "override", "admin.mode must be prior or override");
  check(w.admin.priorStrength >= 0 && w.admin.priorStrength <= 1, "admin.priorStrength must be in [0, 1]");
  check(w.admin.scale > 0, "admin.scale must be positive");
  check(w.feedback.poorPairFloor >= 0 && w.feedback.poorPairFloor <= 1, "feedback.poorPairFloor must be in [0, 1]");
  check(w.feedback.memberFloor >= 0 && w.feedback.memberFloor <= 1, "feedback.memberFloor must be in [0, 1]");
  check(w.feedback.lowPriorityFactor > 0 && w.feedback.lowPriorityFactor <= 1, "feedback.lowPriorityFactor must be in (0, 1]");
  check(w.feedback.goodRating > 1, "feedback.goodRating must be > 1");
  check(Number.isInteger(w.candidates.k) && w.candidates.k >= 1, "candidates.k must be a positive integer");
  check(w.candidates.rescorePool >= w.candidates.k, "candidates.rescorePool must be >= candidates.k");
  check(w.candidates.vectorRescorePool >= w.candidates.k, "candidates.vectorRescorePool must be >= candidates.k");
  check(Number.isInteger(w.candidates.preselect) && w.candidates.preselect >= 1, "candidates.preselect must be a positive integer");
  check(Number.isInteger(w.candidates.vectorPreselect) && w.candidates.vectorPreselect >= 1, "candidates.vectorPreselect must be a positive integer");
  check(Number.isInteger(w.candidates.prescorePool) && w.candidates.prescorePool >= 1, "candidates.prescorePool must be a positive integer");
  check(w.candidates.postingsCap >= 1 && w.candidates.cityPostingsCap >= 1 && w.candidates.memberBudget >= 1 && w.candidates.vectorMemberBudget >= 1, "candidates caps must be positive");
  check(Number.isInteger(w.candidates.scanExtra) && w.candidates.scanExtra >= 0 && Number.isInteger(w.candidates.scanLimit) && w.candidates.scanLimit >= 0, "candidates.scanExtra and scanLimit must be non-negative integers");
  check(Number.isInteger(w.candidates.tieSample) && w.candidates.tieSample >= 0, "candidates.tieSample must be a non-negative integer");
  check(Number.isInteger(w.candidates.refine) && w.candidates.refine >= 0, "candidates.refine must be a non-negative integer");
  check(Number.isInteger(w.candidates.refineRounds) && w.candidates.refineRounds >= 0, "candidates.refineRounds must be a non-negative integer");
  check(Number.isInteger(w.candidates.hubCap) && w.candidates.hubCap >= 0, "candidates.hubCap must be a non-negative integer");
  check(w.matching.exactLimit >= 0 && w.matching.lkDepth >= 0 && w.matching.lkPasses >= 0, "matching limits must be >= 0");
  check(w.matching.exponent >= 1 && w.matching.exponent <= 4, "matching.exponent must be in [1, 4]");
  return w;
}

/**
 * Component weights scaled to sum to 1, the city's first scaled by the community's format: an
 * online community barely cares where members live, an offline one cares more.
 */
export function normalizedComponents(w: MatchingWeights, format: CommunityFormat = "hybrid", withVectors = false): Required<ComponentWeights> {
  const c: Required<ComponentWeights> = withVectors ? w.vectorComponents : { ...w.components, semantic: 0, about: 0 };
  const city = c.city * w.cityByFormat[format];
  const total = c.tags + c.complementarity + c.answers + city + c.topics + c.semantic + c.about;
  if (total <= 0) return { tags: 0, complementarity: 0, answers: 0, city: 0, topics: 0, semantic: 0, about: 0 };
  return {
    tags: c.tags / total,
    complementarity: c.complementarity / total,
    answers: c.answers / total,
    city: city / total,
    topics: c.topics / total,
    semantic: c.semantic / total,
    about: c.about / total,
  };
}
