/**
 * The community model: every member's features interned into integer ids and packed into
 * CSR typed arrays (offsets + flat lists), plus the community's IDF of tags, terms and
 * answers. Built once per run; relevance, candidates and reasons all read from it, so the
 * hot paths never allocate per pair.
 */
import { Stemmer, normalizeCity, normalizeCompany, normalizeTag } from "./text.ts";
import type { CommunityFormat, CommunityInput, ConceptMatcher, ExclusionReason, MemberFeatures, TopicLabels } from "./types.ts";
import { type SemanticVectors, packVectors } from "./semantic.ts";
import { type ComponentWeights, type MatchingWeights, type MatchingWeightsOverride, normalizedComponents, resolveWeights } from "./weights.ts";

export type IneligibleReason = "deleted" | "not_confirmed" | "networking_disabled" | "profile_incomplete" | "paused";

/** Compressed sparse rows: the items of row i are `items[offsets[i] .. offsets[i+1])`. */
export interface Csr {
  offsets: Int32Array;
  items: Int32Array;
}

export interface WeightedCsr extends Csr {
  weights: Float64Array;
}

export interface CommunityModel {
  n: number;
  ids: readonly string[];
  indexOf: ReadonlyMap<string, number>;
  members: readonly MemberFeatures[];
  weights: MatchingWeights;
  /** Component weights normalised to sum to 1, for a pair scored without vectors (semantic and about 0). */
  components: Required<ComponentWeights>;
  /** ... and for a pair whose members both have vectors (null: nobody has any). See semantic.ts pairComponents. */
  vectorComponents: Required<ComponentWeights> | null;
  /** The members' text vectors (null: none). */
  vectors: SemanticVectors | null;
  eligible: Uint8Array;
  ineligibleReason: readonly (IneligibleReason | null)[];

  /** Display form of each tag id (first spelling seen in the community). */
  tagNames: readonly string[];
  tagIdf: Float64Array;
  /** Sorted tag ids per member. */
  tags: Csr;
  /** sqrt(sum of idf^2) of each member's tags (0 when none). */
  tagNorm: Float64Array;

  /** Stem of each term id. */
  termNames: readonly string[];
  termIdf: Float64Array;
  /** L2-normalised TF-IDF of lookingFor + needHelpWith, sorted by term id. */
  need: WeightedCsr;
  /** L2-normalised TF-IDF of canHelpWith + aboutWeight * about, sorted by term id. */
  offer: WeightedCsr;

  /**
   * Need / offer features: "c:<concept>" (a lexicon concept found in the member's text) and
   * "t:<topic>" (a taxonomy topic: picked, or the topic of a concept found). Display = key.
   */
  conceptNames: readonly string[];
  conceptIdf: Float64Array;
  /** IDF-weighted need features summing to 1 (picked need topics, concepts of lookingFor / needHelpWith). */
  cneed: WeightedCsr;
  /** Per cneed entry, how directly it was stated: 1 for a concept or a picked topic, topicShare for a concept's topic. */
  cneedRaw: Float64Array;
  /** Offer strength per feature, in (0, 1] (picked offer topics, concepts of canHelpWith, position, about). */
  coffer: WeightedCsr;
  /** Per coffer entry, 1 when stated directly (a concept, or a picked topic), 0 for a concept's topic. */
  directOffer: Uint8Array;
  /** The matcher the concepts came from (null: picked topics only) and the community's topic labels. */
  concepts: ConceptMatcher | null;
  topicLabels: TopicLabels;
  format: CommunityFormat;

  answerNames: readonly string[];
  answerIdf: Float64Array;
  answers: Csr;
  answerNorm: Float64Array;

  /** Normalised city id per member, -1 when unknown. */
  cityId: Int32Array;
  /** Display form of each city id (first spelling seen). */
  cityNames: readonly string[];
  /** Normalised key of each city id (see normalizeCity). */
  cityKeys: readonly string[];

  /** Feedback multiplier per member, in [memberFloor, 1]. */
  memberMultiplier: Float64Array;
  /**
   * 1 for a member whose last two meetings did not happen (MemberFeedback.lastTwoNoShows): their
   * matching weights are scaled by feedback.lowPriorityFactor and on-demand lists put them last.
   */
  lowPriority: Uint8Array;
  /**
   * Company id per member (normalizeCompany), -1 when unknown or when the community pairs
   * colleagues. Two members with the same id >= 0 are excluded as "colleague" (see exclusionOf);
   * kept per member rather than as listed pairs, which would be quadratic in a company's size.
   */
  companyId: Int32Array;
  /** Unordered pair key -> why the pair is excluded (colleagues are not listed here: companyId). */
  excluded: ReadonlyMap<number, ExclusionReason>;
  /** Excluded partners per member (both directions). */
  exclusionsOf: Csr;
  /** Unordered pair key -> internalAdminScore (0..scale). */
  adminScore: ReadonlyMap<number, number>;
  /** Admin-scored partners per member (both directions). */
  adminPartnersOf: Csr;
  /** Unordered pair key -> feedback multiplier of that pair (< 1 after a poor meeting). */
  pairMultiplier: ReadonlyMap<number, number>;
  /**
   * Per member: bit 1 = has an admin-scored pair, bit 2 = has pair feedback. Lets the hot
   * path skip the two map lookups for the vast majority of pairs.
   */
  pairFlags: Uint8Array;
  /**
   * Everything `scorePair` reads about member i, packed contiguously at
   * `packed[packedAt[i]..]`: a PACK_HEADER-long header (counts, norms, multiplier, city),
   * then tag ids, answer ids, need / offer concepts (ids, weights, raw strengths / ids, strengths), and
   * the texts last (need ids, weights, offer ids, weights), so that scoring without the texts reads a short prefix. Scoring a
   * pair then touches two short memory ranges instead of ~15 arrays; at 100k members the
   * cache misses, not the arithmetic, are what scoring costs.
   */
  packed: Float64Array;
  packedAt: Int32Array;
}

/** Header layout of a packed member record. */
export const PACK = { tags: 0, need: 1, offer: 2, answers: 3, city: 4, tagNorm: 5, answerNorm: 6, cneed: 7, coffer: 8, header: 9 } as const;

function rowLength(csr: Csr, i: number): number {
  return (csr.offsets[i + 1] as number) - (csr.offsets[i] as number);
}

/** Key of the unordered pair {u, v} among n members. */
export function pairKey(n: number, u: number, v: number): number {
  return u < v ? u * n + v : v * n + u;
}

function ineligibility(m: MemberFeatures): IneligibleReason | null {
  const e = m.eligibility;
  if (e.deleted) return "deleted";
  if (e.moderation !== "confirmed") return "not_confirmed";
  if (!e.networkingEnabled) return "networking_disabled";
  if (!e.profileComplete) return "profile_incomplete";
  if (e.paused) return "paused";
  return null;
}

/** BM25's IDF: always positive, ~0 for a feature everyone has, large for a rare one. */
function idf(total: number, df: number): number {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

class Interner {
  readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  readonly keys: string[] = [];
  readonly df: number[] = [];

  id(key: string, display: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(key, id);
      this.names.push(display);
      this.keys.push(key);
      this.df.push(0);
    }
    return id;
  }
}

/** Sorted unique ids of each row; counts document frequency on the way. */
function setCsr(rows: readonly number[][], df: number[]): Csr {
  const offsets = new Int32Array(rows.length + 1);
  let total = 0;
  const sorted: Int32Array[] = rows.map((row) => {
    const s = Int32Array.from(new Set(row)).sort();
    total += s.length;
    return s;
  });
  const items = new Int32Array(total);
  let at = 0;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i] as Int32Array;
    items.set(s, at);
    for (const id of s) df[id] = (df[id] ?? 0) + 1;
    at += s.length;
    offsets[i + 1] = at;
  }
  return { offsets, items };
}

function norms(csr: Csr, idfOf: Float64Array): Float64Array {
  const n = csr.offsets.length - 1;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let p = csr.offsets[i] as number; p < (csr.offsets[i + 1] as number); p++) {
      const w = idfOf[csr.items[p] as number] as number;
      s += w * w;
    }
    out[i] = Math.sqrt(s);
  }
  return out;
}

function memberMultiplier(m: MemberFeatures, w: MatchingWeights): number {
  const f = m.feedback;
  if (!f) return 1;
  const fb = w.feedback;
  let mult = 1;
  if (f.meanRatingReceived !== null && f.ratingsReceived >= fb.minRatings && f.meanRatingReceived < fb.goodRating) {
    const badness = Math.min(1, (fb.goodRating - f.meanRatingReceived) / (fb.goodRating - 1));
    mult *= 1 - fb.poorMemberPenalty * badness;
  }
  if (f.noShows > fb.noShowAllowance) mult *= 1 - fb.noShowPenalty * (f.noShows - fb.noShowAllowance);
  return Math.min(1, Math.max(fb.memberFloor, mult));
}

/** Multiplier of a pair after one meeting's rating (1..5; null + noMeeting = did not meet). */
export function pairRatingMultiplier(rating: number, w: MatchingWeights): number {
  const fb = w.feedback;
  if (rating >= fb.goodRating) return 1;
  const t = Math.max(0, (rating - 1) / (fb.goodRating - 1));
  return fb.poorPairFloor + (1 - fb.poorPairFloor) * t;
}

function pairLists(n: number, keys: Iterable<number>): Csr {
  const deg = new Int32Array(n + 1);
  const pairs: number[] = [];
  for (const key of keys) {
    const u = Math.floor(key / n);
    const v = key - u * n;
    pairs.push(u, v);
    deg[u + 1] = (deg[u + 1] as number) + 1;
    deg[v + 1] = (deg[v + 1] as number) + 1;
  }
  for (let i = 0; i < n; i++) deg[i + 1] = (deg[i + 1] as number) + (deg[i] as number);
  const items = new Int32Array(deg[n] as number);
  const fill = deg.slice(0, n);
  for (let p = 0; p < pairs.length; p += 2) {
    const u = pairs[p] as number;
    const v = pairs[p + 1] as number;
    items[fill[u] as number] = v;
    fill[u] = (fill[u] as number) + 1;
    items[fill[v] as number] = u;
    fill[v] = (fill[v] as number) + 1;
  }
  return { offsets: deg, items };
}

/**
 * Sublinear TF-IDF vectors, L2-normalised. `parts` are the per-member term-id lists with a
 * factor each (e.g. canHelpWith x1, about x aboutWeight).
 */
function tfidf(parts: readonly { rows: readonly Int32Array[]; factor: number }[], n: number, termIdf: Float64Array): WeightedCsr {
  const count = new Float64Array(termIdf.length);
  const value = new Float64Array(termIdf.length);
  const touched: number[] = [];
  const partTouched: number[] = [];
  const offsets = new Int32Array(n + 1);
  const ids: number[] = [];
  const ws: number[] = [];
  for (let i = 0; i < n; i++) {
    touched.length = 0;
    for (const part of parts) {
      if (part.factor <= 0) continue;
      partTouched.length = 0;
      for (const t of part.rows[i] as Int32Array) {
        if (count[t] === 0) partTouched.push(t);
        count[t] = (count[t] as number) + 1;
      }
      for (const t of partTouched) {
        if (value[t] === 0) touched.push(t);
        value[t] = (value[t] as number) + (1 + Math.log(count[t] as number)) * part.factor;
        count[t] = 0;
      }
    }
    touched.sort((a, b) => a - b);
    let norm = 0;
    for (const t of touched) {
      const v = (value[t] as number) * (termIdf[t] as number);
      norm += v * v;
    }
    norm = Math.sqrt(norm);
    for (const t of touched) {
      const v = (value[t] as number) * (termIdf[t] as number);
      if (v > 0 && norm > 0) {
        ids.push(t);
        ws.push(v / norm);
      }
      value[t] = 0;
    }
    offsets[i + 1] = ids.length;
  }
  return { offsets, items: Int32Array.from(ids), weights: Float64Array.from(ws) };
}

export interface BuildOptions {
  weights?: MatchingWeightsOverride;
  /** Colleagues (the same normalised company) may be paired. Default false: they are excluded. */
  pairColleagues?: boolean;
  /** Maps free text onto need / offer concepts (the lexicon); without it only picked topics count. */
  concepts?: ConceptMatcher | null;
  /** Labels of the community's topics, for reasons. */
  topicLabels?: TopicLabels;
  /** Online / hybrid / offline: scales the city's weight (weights.cityByFormat). Default hybrid. */
  format?: CommunityFormat;
  /**
   * The members' own vector arrays are dropped (`MemberFeatures.vectors` deleted) as they are
   * packed into the model (as int8), which holds them from then on: for a caller that builds one
   * model from its input and reads no vector of it afterwards. At 100k members the float32 arrays
   * are 600 MB. Default false: the input is left as it is. (A loader that packs the texts itself,
   * CommunityInput.texts, holds no such arrays.)
   */
  releaseVectors?: boolean;
}

/** Feature weights of one side, the strongest statement of a feature kept (not summed). */
class SideFeatures {
  readonly weight = new Map<number, number>();

  add(id: number, w: number): void {
    if (w > (this.weight.get(id) ?? 0)) this.weight.set(id, w);
  }
}

/** Offered concepts beyond this many dampen every offer (by sqrt(BROAD_OFFER / count)). */
const BROAD_OFFER = 8;

/** Strength of an offer read from a need text after a client cue (clients "who want" something). */
const CLIENT_CUE_OFFER = 0.6;

/**
 * A client word followed by "who / that / которые ..." (a member looking for buyers of something):
 * what follows, up to the end of the sentence, is what the member sells, not what they need.
 * Ranges in the text.
 */
const CLIENT_WORDS =
  "clients?|customers?|buyers?|companies|businesses|brands|shops|stores|tenants|advertisers|leads|students|" +
  "заказчик\\p{L}*|клиент\\p{L}*|покупател\\p{L}*|компани\\p{L}*|магазин\\p{L}*|арендатор\\p{L}*|рекламодател\\p{L}*|бренд\\p{L}*|ученик\\p{L}*|учеников";
const CLIENT_CUE = new RegExp(
  [
    // A client word, then who / that / которые ...
    `(?<!\\p{L})(?:${CLIENT_WORDS})\\s*,?\\s+(?:who|that|which|wanting|looking|needing|которы\\p{L}*|кому|кто|желающ\\p{L}*)(?!\\p{L})`,
    // A client word, then for / of / для / на ...
    `(?<!\\p{L})(?:${CLIENT_WORDS})\\s+(?:for|of|на|для)(?!\\p{L})`,
    // A need that starts with a client word: the whole need is a customer
    `^\\s*(?:(?:new|more|smb|новых|новые)\\s+)?(?:${CLIENT_WORDS})(?!\\p{L})`,
  ].join("|"),
  "giu",
);

/**
 * Words that say "this is what I need": what follows them in the sentence is the need; what came
 * before is context (a sentence that first says what the member does, then "and need ...": the need
 * is what follows the cue).
 */
const NEED_CUE =
  /(?<!\p{L})(?:need\p{L}*|looking for|look for|seeking|searching for|want(?:s|ed)? to|help with|help me|struggl\p{L}*|ищу|ищем|нуж[\p{L}]*|хочу|хотим|хотела?|помо[\p{L}]* с|помощь с|требует\p{L}*|не знаю)(?!\p{L})/giu;

/** Weight of a need concept: the first after a need cue 1, later ones in that sentence NEED_LATER, before any cue NEED_CONTEXT. */
const NEED_LATER = 0.6;
const NEED_CONTEXT = 0.4;

/** Per concept hit of a need text, how surely it is the need (see NEED_CUE); all 1 when the text has no cue. */
export function needWeights(text: string, hits: readonly { start: number }[]): number[] {
  const cues = [...text.matchAll(NEED_CUE)].map((m) => m.index + m[0].length);
  if (cues.length === 0) return hits.map(() => 1);
  const sentenceStart = (at: number): number => {
    const before = text.slice(0, at);
    const i = Math.max(before.lastIndexOf("."), before.lastIndexOf("!"), before.lastIndexOf("?"), before.lastIndexOf(";"), before.lastIndexOf("\n"));
    return i + 1;
  };
  const seenAfter = new Set<number>();
  return hits.map((hit) => {
    const from = sentenceStart(hit.start);
    const cue = cues.filter((c) => c <= hit.start && c >= from).pop();
    if (cue === undefined) return NEED_CONTEXT;
    if (seenAfter.has(cue)) return NEED_LATER;
    seenAfter.add(cue);
    return 1;
  });
}

export function clientCues(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(CLIENT_CUE)) {
    // From the client word on: "shops that buy clothes wholesale" sells to shops and sells clothes.
    const from = m.index;
    const end = text.slice(from).search(/[.!?;\n]/);
    out.push([from, end < 0 ? text.length : from + end]);
  }
  return out;
}

/**
 * Need and offer feature vectors over concepts and topics: picks weigh 1, a concept found in
 * "can help with" / "looking for" 1, in the job title `positionWeight`, in about `aboutWeight`;
 * a found concept also counts its topic at `topicShare`. The need is IDF-weighted and sums to 1;
 * the offer is the strength of each offered feature; their dot product is the share of B's need
 * that A covers, in [0, 1], with the same meaning for every member.
 */
function conceptVectors(
  members: readonly MemberFeatures[],
  matcher: ConceptMatcher | null,
  w: MatchingWeights,
): { names: string[]; idf: Float64Array; need: WeightedCsr; needRaw: Float64Array; offer: WeightedCsr; directOffer: Uint8Array; needStrength: Float32Array } {
  const n = members.length;
  const features = new Interner();
  const share = w.topics.topicShare;
  const needs: SideFeatures[] = [];
  const offers: SideFeatures[] = [];
  // Per member, how much their stated need weighs (semantic.ts): the largest needWeight of the
  // concepts their need text states outright (the first after a cue, or any where there is no cue),
  // 1 where it states none the lexicon knows.
  const needStrength = new Float32Array(new SharedArrayBuffer(4 * n)).fill(1);
  let stated = -1;
  // A need names its concept and, at `share`, the concept's topic (so that another concept of the
  // topic covers a little of it); an offer of a concept is an offer of its topic as well.
  const found = (side: SideFeatures, text: string | null | undefined, factor: number, topicFactor: number, flip?: SideFeatures): void => {
    if (!matcher || !text || factor <= 0) return;
    const hits = matcher.match(text);
    const cues = flip ? clientCues(text) : [];
    const weights = flip ? needWeights(text, hits) : null;
    hits.forEach((hit, h) => {
      // Looking for clients who want X: X is what the member offers.
      const offered = flip !== undefined && cues.some(([from, to]) => hit.start >= from && hit.start < to);
      const into = offered ? (flip as SideFeatures) : side;
      const k = offered ? CLIENT_CUE_OFFER : (weights?.[h] ?? 1) * (flip === undefined ? 1 : needWeightOf(hit.concept));
      if (flip !== undefined && !offered && (weights?.[h] ?? 1) === 1) stated = Math.max(stated, needWeightOf(hit.concept));
      into.add(features.id(`c:${hit.concept}`, `c:${hit.concept}`), offered ? k : factor * k);
      const t = offered ? k : topicFactor * k;
      if (t > 0) into.add(features.id(`t:${hit.topic}`, `t:${hit.topic}`), t);
    });
  };
  const needWeightCache = new Map<string, number>();
  const needWeightOf = (concept: string): number => {
    let v = needWeightCache.get(concept);
    if (v === undefined) {
      v = matcher?.concept(concept)?.needWeight ?? 1;
      needWeightCache.set(concept, v);
    }
    return v;
  };
  const picked = (side: SideFeatures, keys: readonly string[] | undefined): void => {
    for (const key of keys ?? []) side.add(features.id(`t:${key}`, `t:${key}`), 1);
  };
  for (const m of members) {
    const need = new SideFeatures();
    const offer = new SideFeatures();
    picked(need, m.needTopics);
    stated = -1;
    found(need, m.lookingFor, 1, share, offer);
    found(need, m.needHelpWith, 1, share, offer);
    if (stated >= 0) needStrength[needs.length] = stated;
    picked(offer, m.offerTopics);
    found(offer, m.canHelpWith, 1, 1);
    found(offer, m.position, w.topics.positionWeight, w.topics.positionWeight);
    found(offer, m.about, w.topics.aboutWeight, w.topics.aboutWeight);
    needs.push(need);
    offers.push(offer);
    for (const id of new Set([...need.weight.keys(), ...offer.weight.keys()])) features.df[id] = (features.df[id] as number) + 1;
  }
  const featureIdf = Float64Array.from(features.df, (df) => idf(n, df));
  // need: IDF-weighted and L1-normalised, so that need . offer is the share of the need covered.
  // offer: how strongly each feature is offered (1 / positionWeight / aboutWeight / topicShare),
  // damped for a member who offers very many concepts (a list of everything is no answer to one need).
  const raw: number[] = [];
  const directOffer: number[] = [];
  const pack = (sides: SideFeatures[], side: "need" | "offer"): WeightedCsr => {
    const offsets = new Int32Array(n + 1);
    const items: number[] = [];
    const weights: number[] = [];
    sides.forEach((one, i) => {
      const ids = [...one.weight.keys()].sort((a, b) => a - b);
      let scale = 1;
      if (side === "need") {
        // Sums to the member's strongest statement of need: 1 for a professional need said
        // outright, less when all they need is a pastime (needWeight) or only context.
        let total = 0;
        let strongest = 0;
        for (const id of ids) {
          const v = one.weight.get(id) as number;
          total += v * (featureIdf[id] as number);
          if (v > strongest) strongest = v;
        }
        scale = total > 0 ? Math.min(1, strongest) / total : 0;
      } else {
        const concepts = ids.filter((id) => (features.names[id] as string).startsWith("c:")).length;
        scale = concepts > BROAD_OFFER ? Math.sqrt(BROAD_OFFER / concepts) : 1;
      }
      for (const id of ids) {
        const v = (one.weight.get(id) as number) * (side === "need" ? (featureIdf[id] as number) : 1) * scale;
        if (v > 0) {
          items.push(id);
          weights.push(v);
          // Directly stated: a concept, or a picked topic; a concept's topic is context, not a statement.
          const wRaw = one.weight.get(id) as number;
          const direct = (features.names[id] as string).startsWith("c:") || wRaw >= 1;
          if (side === "need") raw.push(direct ? wRaw : 0);
          else directOffer.push(direct ? 1 : 0);
        }
      }
      offsets[i + 1] = items.length;
    });
    return { offsets, items: Int32Array.from(items), weights: Float64Array.from(weights) };
  };
  const need = pack(needs, "need");
  const offer = pack(offers, "offer");
  return { names: features.names, idf: featureIdf, need, needRaw: Float64Array.from(raw), offer, directOffer: Uint8Array.from(directOffer), needStrength };
}

/** Why u and v may not be paired, or null. Listed exclusions come first (a dislike is the strongest). */
export function exclusionOf(m: CommunityModel, u: number, v: number): ExclusionReason | null {
  if (u === v) return null;
  const listed = m.excluded.get(pairKey(m.n, u, v));
  if (listed !== undefined) return listed;
  const company = m.companyId[u] as number;
  return company >= 0 && company === m.companyId[v] ? "colleague" : null;
}

/** Builds the model of one community from the caller's plain member features and pair facts. */
export function buildCommunityModel(input: CommunityInput, options: BuildOptions = {}): CommunityModel {
  const weights = resolveWeights(options.weights);
  const members = input.members;
  const n = members.length;
  const ids = members.map((m) => m.id);
  const indexOf = new Map<string, number>();
  ids.forEach((id, i) => {
    if (indexOf.has(id)) throw new Error(`matching: duplicate member id ${id}`);
    indexOf.set(id, i);
  });

  const eligible = new Uint8Array(n);
  const ineligibleReason = members.map((m, i) => {
    const why = ineligibility(m);
    eligible[i] = why === null ? 1 : 0;
    return why;
  });

  const tagInterner = new Interner();
  const tagRows = members.map((m) =>
    m.tags.flatMap((t) => {
      const key = normalizeTag(t);
      return key ? [tagInterner.id(key, t.trim())] : [];
    }),
  );
  const tags = setCsr(tagRows, tagInterner.df);
  const tagIdf = Float64Array.from(tagInterner.df, (df) => idf(n, df));

  const answerInterner = new Interner();
  const answerRows = members.map((m) => (m.answers ?? []).map((a) => answerInterner.id(a, a)));
  const answers = setCsr(answerRows, answerInterner.df);
  const answerIdf = Float64Array.from(answerInterner.df, (df) => idf(n, df));

  const stemmer = new Stemmer();
  const terms = new Interner();
  const toIds = (text: string | undefined): Int32Array => Int32Array.from(stemmer.terms(text), (s) => terms.id(s, s));
  const needRows: Int32Array[] = [];
  const canRows: Int32Array[] = [];
  const aboutRows: Int32Array[] = [];
  let seen = new Uint8Array(1024);
  for (const m of members) {
    const need = toIds(`${m.lookingFor ?? ""}\n${m.needHelpWith ?? ""}`);
    const can = toIds(m.canHelpWith);
    const about = toIds(m.about);
    needRows.push(need);
    canRows.push(can);
    aboutRows.push(about);
    // Document frequency over the member's whole text (one member = one document).
    // `seen` is all zeros between members, so growing it loses nothing.
    if (seen.length < terms.names.length) seen = new Uint8Array(Math.max(terms.names.length, seen.length * 2));
    for (const row of [need, can, about]) {
      for (const t of row) {
        if (seen[t] === 0) {
          seen[t] = 1;
          terms.df[t] = (terms.df[t] as number) + 1;
        }
      }
    }
    for (const row of [need, can, about]) for (const t of row) seen[t] = 0;
  }
  const termIdf = Float64Array.from(terms.df, (df) => idf(n, df));
  const need = tfidf([{ rows: needRows, factor: 1 }], n, termIdf);
  const offer = tfidf(
    [
      { rows: canRows, factor: 1 },
      { rows: aboutRows, factor: weights.complementarity.aboutWeight },
    ],
    n,
    termIdf,
  );

  const concepts = conceptVectors(members, options.concepts ?? null, weights);

  const cityInterner = new Interner();
  const cityId = Int32Array.from(members, (m) => {
    const key = normalizeCity(m.city);
    return key ? cityInterner.id(key, (m.city ?? "").trim()) : -1;
  });

  const companyInterner = new Interner();
  const companyId = Int32Array.from(members, (m) => {
    const key = options.pairColleagues ? "" : normalizeCompany(m.company);
    return key ? companyInterner.id(key, key) : -1;
  });

  const memberMult = Float64Array.from(members, (m) => memberMultiplier(m, weights));
  const lowPriority = Uint8Array.from(members, (m) => (m.feedback?.lastTwoNoShows ? 1 : 0));

  const excluded = new Map<number, ExclusionReason>();
  for (const e of input.exclusions ?? []) {
    const u = indexOf.get(e.a);
    const v = indexOf.get(e.b);
    if (u === undefined || v === undefined || u === v) continue;
    const key = pairKey(n, u, v);
    // A dislike is the strongest statement; keep it when a pair is excluded twice.
    if (excluded.get(key) !== "dislike") excluded.set(key, e.reason);
  }

  const adminScore = new Map<number, number>();
  for (const s of input.adminScores ?? []) {
    const u = indexOf.get(s.a);
    const v = indexOf.get(s.b);
    if (u === undefined || v === undefined || u === v || !Number.isFinite(s.score)) continue;
    adminScore.set(pairKey(n, u, v), Math.min(weights.admin.scale, Math.max(0, s.score)));
  }

  const pairMultiplier = new Map<number, number>();
  for (const f of input.pairFeedback ?? []) {
    const u = indexOf.get(f.a);
    const v = indexOf.get(f.b);
    if (u === undefined || v === undefined || u === v) continue;
    const rating = f.rating ?? (f.noMeeting ? weights.feedback.noMeetingRating : null);
    if (rating === null) continue;
    const key = pairKey(n, u, v);
    pairMultiplier.set(key, Math.min(pairMultiplier.get(key) ?? 1, pairRatingMultiplier(rating, weights)));
  }

  const pairFlags = new Uint8Array(n);
  const flag = (keys: Iterable<number>, bit: number): void => {
    for (const key of keys) {
      const u = Math.floor(key / n);
      pairFlags[u] = (pairFlags[u] as number) | bit;
      pairFlags[key - u * n] = (pairFlags[key - u * n] as number) | bit;
    }
  };
  flag(adminScore.keys(), 1);
  flag(pairMultiplier.keys(), 2);

  const packedAt = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const len =
      PACK.header +
      rowLength(tags, i) +
      2 * rowLength(need, i) +
      2 * rowLength(offer, i) +
      rowLength(answers, i) +
      3 * rowLength(concepts.need, i) +
      2 * rowLength(concepts.offer, i);
    packedAt[i + 1] = (packedAt[i] as number) + len;
  }
  // In shared memory: the candidate search's worker threads read it in place (a structured clone
  // would copy it, 59 MiB at 100k members, into each of them).
  const packed = new Float64Array(new SharedArrayBuffer(8 * (packedAt[n] as number)));
  const tagNorm = norms(tags, tagIdf);
  const answerNorm = norms(answers, answerIdf);
  for (let i = 0; i < n; i++) {
    let at = packedAt[i] as number;
    packed[at + PACK.tags] = rowLength(tags, i);
    packed[at + PACK.need] = rowLength(need, i);
    packed[at + PACK.offer] = rowLength(offer, i);
    packed[at + PACK.answers] = rowLength(answers, i);
    packed[at + PACK.city] = cityId[i] as number;
    packed[at + PACK.tagNorm] = tagNorm[i] as number;
    packed[at + PACK.answerNorm] = answerNorm[i] as number;
    packed[at + PACK.cneed] = rowLength(concepts.need, i);
    packed[at + PACK.coffer] = rowLength(concepts.offer, i);
    at += PACK.header;
    for (const [csr, ws] of [
      [tags, null],
      [answers, null],
      [concepts.need, null],
      [concepts.need, concepts.need.weights],
      [concepts.need, concepts.needRaw],
      [concepts.offer, null],
      [concepts.offer, concepts.offer.weights],
      [need, null],
      [need, need.weights],
      [offer, null],
      [offer, offer.weights],
    ] as const) {
      for (let p = csr.offsets[i] as number; p < (csr.offsets[i + 1] as number); p++) packed[at++] = ws ? (ws[p] as number) : (csr.items[p] as number);
    }
  }

  const vectors = packVectors(members, concepts.needStrength, options.releaseVectors === true, input.texts);
  return {
    n,
    ids,
    indexOf,
    members,
    weights,
    components: normalizedComponents(weights, options.format ?? "hybrid"),
    vectorComponents: vectors ? normalizedComponents(weights, options.format ?? "hybrid", true) : null,
    vectors,
    eligible,
    ineligibleReason,
    tagNames: tagInterner.names,
    tagIdf,
    tags,
    tagNorm,
    termNames: terms.names,
    termIdf,
    need,
    offer,
    conceptNames: concepts.names,
    conceptIdf: concepts.idf,
    cneed: concepts.need,
    cneedRaw: concepts.needRaw,
    directOffer: concepts.directOffer,
    coffer: concepts.offer,
    concepts: options.concepts ?? null,
    topicLabels: options.topicLabels ?? new Map(),
    format: options.format ?? "hybrid",
    answerNames: answerInterner.names,
    answerIdf,
    answers,
    answerNorm,
    cityId,
    cityNames: cityInterner.names,
    cityKeys: cityInterner.keys,
    memberMultiplier: memberMult,
    lowPriority,
    companyId,
    excluded,
    exclusionsOf: pairLists(n, excluded.keys()),
    adminScore,
    adminPartnersOf: pairLists(n, adminScore.keys()),
    pairMultiplier,
    pairFlags,
    packed,
    packedAt,
  };
}
