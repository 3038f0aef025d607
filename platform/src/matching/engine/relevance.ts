/**
 * Relevance of two members of one community, in [0, 1]:
 *
 *   base  = w.topics * topics + w.tags * tagCos + w.complementarity * comp + w.answers * answerCos + w.city * sameCity
 *   comp  = maxShare * max(aToB, bToA) + (1 - maxShare) * min(aToB, bToA)   (topics: the same, topics.maxShare)
 *   prior = admin score present ? (override ? admin/10 : (1-s) * base + s * admin/10) : base
 *   score = prior * memberMultiplier(a) * memberMultiplier(b) * pairMultiplier(a, b)
 *
 * (an admin override is final: feedback multipliers do not touch it). tagCos / answerCos are
 * cosines of IDF-weighted binary vectors, aToB = cos(offer(a), need(b)) over L2-normalised
 * TF-IDF vectors, i.e. "A can help with what B looks for". The score is symmetric:
 * relevance(a, b) === relevance(b, a), with the two directions swapped in the breakdown.
 */
import { type CommunityModel, PACK, exclusionOf, pairKey } from "./corpus.ts";
import { type SemanticParts, combineSemantic, pairComponents, semanticBase, semanticParts } from "./semantic.ts";
import type { ExclusionReason } from "./types.ts";

export interface RelevanceBreakdown {
  /** Each `contribution` is the component's share of `base` (weight x similarity). */
  tags: { similarity: number; contribution: number };
  complementarity: { aToB: number; bToA: number; similarity: number; contribution: number };
  /** Need <-> offer over concepts and topics; aToB = "A offers what B needs". */
  topics: { aToB: number; bToA: number; similarity: number; contribution: number };
  answers: { similarity: number; shared: number; contribution: number };
  city: { same: boolean; contribution: number };
  /** Need <-> offer by the meaning of the texts (vectors); aToB = "A offers what B needs". */
  semantic: { aToB: number; bToA: number; similarity: number; contribution: number };
  /** about <-> about by the vectors. */
  about: { similarity: number; contribution: number };
  /** Sum of the contributions, before the admin score and feedback. */
  base: number;
  /** internalAdminScore (0..scale) and how it was applied. */
  admin: { score: number; mode: "prior" | "override"; value: number } | null;
  feedback: { pairMultiplier: number; memberMultiplierA: number; memberMultiplierB: number };
  /** Set when the pair may not be matched (the score is still computed for admins). */
  excluded: ExclusionReason | null;
}

export interface Relevance {
  score: number;
  breakdown: RelevanceBreakdown;
}

/**
 * Cosine of two IDF-weighted id sets stored in `packed` (sorted ids at ia / ib, lengths
 * la / lb, norms na / nb).
 */
function setCosine(packed: Float64Array, idf: Float64Array, ia: number, la: number, na: number, ib: number, lb: number, nb: number): number {
  if (na === 0 || nb === 0) return 0;
  let i = ia;
  const ie = ia + la;
  let j = ib;
  const je = ib + lb;
  let dot = 0;
  while (i < ie && j < je) {
    const x = packed[i] as number;
    const y = packed[j] as number;
    if (x === y) {
      const w = idf[x] as number;
      dot += w * w;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return Math.min(1, dot / (na * nb));
}

function sharedCount(packed: Float64Array, ia: number, la: number, ib: number, lb: number): number {
  let i = ia;
  let j = ib;
  let count = 0;
  while (i < ia + la && j < ib + lb) {
    const x = packed[i] as number;
    const y = packed[j] as number;
    if (x === y) {
      count++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return count;
}

/** Dot product of two L2-normalised sparse vectors in `packed` (ids at ia, weights at ia + la). */
function dot(packed: Float64Array, ia: number, la: number, ib: number, lb: number): number {
  let i = ia;
  const ie = ia + la;
  let j = ib;
  const je = ib + lb;
  let s = 0;
  while (i < ie && j < je) {
    const x = packed[i] as number;
    const y = packed[j] as number;
    if (x === y) {
      s += (packed[i + la] as number) * (packed[j + lb] as number);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return Math.min(1, s);
}

/**
 * How much of a need the offer covers: `lam` x the IDF-weighted share of the need covered, plus
 * (1 - lam) x the most directly stated need covered (a concept or a picked topic counts 1, a
 * concept's topic topicShare), each times its offer strength. Covering the one thing a member
 * asked for outright counts, even when their text names several. Needs at `needAt`: ids,
 * weights, raw strengths (ln each); offers at `offerAt`: ids, strengths (lo each).
 */
function cover(packed: Float64Array, offerAt: number, lo: number, needAt: number, ln: number, lam: number): number {
  let i = offerAt;
  const ie = offerAt + lo;
  let j = needAt;
  const je = needAt + ln;
  let sum = 0;
  let best = 0;
  while (i < ie && j < je) {
    const x = packed[i] as number;
    const y = packed[j] as number;
    if (x === y) {
      const o = packed[i + lo] as number;
      sum += (packed[j + ln] as number) * o;
      const direct = (packed[j + 2 * ln] as number) * o;
      if (direct > best) best = direct;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return Math.min(1, lam * sum + (1 - lam) * best);
}

interface Components {
  tags: number;
  aToB: number;
  bToA: number;
  topicsAToB: number;
  topicsBToA: number;
  answers: number;
  sameCity: boolean;
}

/** Reusable output of `components` (the hot path allocates nothing). */
const scratch: Components = { tags: 0, aToB: 0, bToA: 0, topicsAToB: 0, topicsBToA: 0, answers: 0, sameCity: false };
const semScratch: SemanticParts = { aToB: 0, bToA: 0, about: 0 };

/** The similarity components of members a and b, read from their packed records. */
function components(m: CommunityModel, a: number, b: number, out: Components, texts = true): Components {
  const P = m.packed;
  const pa = m.packedAt[a] as number;
  const pb = m.packedAt[b] as number;
  const ta = P[pa + PACK.tags] as number;
  const tb = P[pb + PACK.tags] as number;
  const na = P[pa + PACK.need] as number;
  const nb = P[pb + PACK.need] as number;
  const oa = P[pa + PACK.offer] as number;
  const ob = P[pb + PACK.offer] as number;
  const aa = P[pa + PACK.answers] as number;
  const ab = P[pb + PACK.answers] as number;
  // Record layout after the header: tags, answers, need concepts (ids, weights, raw), offer concepts
  // (ids, strengths), need terms (ids, weights), offer terms (ids, weights).
  const cna = P[pa + PACK.cneed] as number;
  const cnb = P[pb + PACK.cneed] as number;
  const coa = P[pa + PACK.coffer] as number;
  const cob = P[pb + PACK.coffer] as number;
  const tagA = pa + PACK.header;
  const tagB = pb + PACK.header;
  const ansA = tagA + ta;
  const ansB = tagB + tb;
  const cneedA = ansA + aa;
  const cneedB = ansB + ab;
  const cofferA = cneedA + 3 * cna;
  const cofferB = cneedB + 3 * cnb;
  const needA = cofferA + 2 * coa;
  const needB = cofferB + 2 * cob;
  const offerA = needA + 2 * na;
  const offerB = needB + 2 * nb;
  const c = m.components;
  const lam = m.weights.topics.coverageShare;
  out.topicsAToB = c.topics > 0 && coa > 0 && cnb > 0 ? cover(P, cofferA, coa, cneedB, cnb, lam) : 0;
  out.topicsBToA = c.topics > 0 && cob > 0 && cna > 0 ? cover(P, cofferB, cob, cneedA, cna, lam) : 0;
  out.tags = c.tags > 0 ? setCosine(P, m.tagIdf, tagA, ta, P[pa + PACK.tagNorm] as number, tagB, tb, P[pb + PACK.tagNorm] as number) : 0;
  out.aToB = texts && c.complementarity > 0 ? dot(P, offerA, oa, needB, nb) : 0;
  out.bToA = texts && c.complementarity > 0 ? dot(P, offerB, ob, needA, na) : 0;
  out.answers = c.answers > 0 ? setCosine(P, m.answerIdf, ansA, aa, P[pa + PACK.answerNorm] as number, ansB, ab, P[pb + PACK.answerNorm] as number) : 0;
  const city = P[pa + PACK.city] as number;
  out.sameCity = city >= 0 && city === P[pb + PACK.city];
  return out;
}

export function combine(m: CommunityModel, aToB: number, bToA: number, share = m.weights.complementarity.maxShare): number {
  return aToB >= bToA ? share * aToB + (1 - share) * bToA : share * bToA + (1 - share) * aToB;
}

export function finish(m: CommunityModel, u: number, v: number, base: number): number {
  const flags = (m.pairFlags[u] as number) & (m.pairFlags[v] as number);
  const key = flags === 0 ? -1 : pairKey(m.n, u, v);
  const admin = flags & 1 ? m.adminScore.get(key) : undefined;
  let score = base;
  if (admin !== undefined) {
    const a = admin / m.weights.admin.scale;
    if (m.weights.admin.mode === "override") return a;
    const s = m.weights.admin.priorStrength;
    score = (1 - s) * base + s * a;
  }
  const mult = (m.memberMultiplier[u] as number) * (m.memberMultiplier[v] as number) * (flags & 2 ? (m.pairMultiplier.get(key) ?? 1) : 1);
  return Math.min(1, Math.max(0, score * mult));
}

/**
 * Relevance of members u and v (model indices): the hot path, no allocation. `pairing`: the score
 * the weekly pairing weighs the pair by, each need met weighed by its strength
 * (semantic.ts SemanticVectors.needStrength); never shown.
 */
export function scorePair(m: CommunityModel, u: number, v: number, pairing = false): number {
  if (u === v) return 0;
  // Canonical order so that both directions compute bit-identical floats.
  const a = Math.min(u, v);
  const b = Math.max(u, v);
  const x = components(m, a, b, scratch);
  const c = pairComponents(m, a, b);
  const base =
    c.topics * combine(m, x.topicsAToB, x.topicsBToA, m.weights.topics.maxShare) +
    c.tags * x.tags +
    c.complementarity * combine(m, x.aToB, x.bToA) +
    c.answers * x.answers +
    (x.sameCity ? c.city : 0) +
    semanticBase(m, a, b, c, semScratch, pairing);
  return finish(m, a, b, base);
}

/**
 * The base score of u and v without the texts' TF-IDF part (their longest vectors): need <-> offer,
 * tags, answers and city, exact. The candidate search orders its pool by this plus a proxy of the texts.
 */
export function baseBesidesTexts(m: CommunityModel, u: number, v: number): number {
  if (u === v) return 0;
  const x = components(m, Math.min(u, v), Math.max(u, v), scratch, false);
  const c = pairComponents(m, u, v);
  return c.topics * combine(m, x.topicsAToB, x.topicsBToA, m.weights.topics.maxShare) + c.tags * x.tags + c.answers * x.answers + (x.sameCity ? c.city : 0);
}

function sharedAnswers(m: CommunityModel, a: number, b: number): number {
  const P = m.packed;
  const start = (i: number): number => (m.packedAt[i] as number) + PACK.header + (P[(m.packedAt[i] as number) + PACK.tags] as number);
  const la = P[(m.packedAt[a] as number) + PACK.answers] as number;
  const lb = P[(m.packedAt[b] as number) + PACK.answers] as number;
  return sharedCount(P, start(a), la, start(b), lb);
}

function indexOfMember(m: CommunityModel, ref: string | number): number {
  const i = typeof ref === "number" ? ref : m.indexOf.get(ref);
  if (i === undefined || i < 0 || i >= m.n) throw new Error(`matching: unknown member ${String(ref)}`);
  return i;
}

/**
 * Relevance with its breakdown (admin "score assistance" and the reasons). `a` and `b` are
 * participant ids or model indices; `aToB` in the breakdown means "A can help B".
 */
export function relevance(m: CommunityModel, aRef: string | number, bRef: string | number): Relevance {
  const a = indexOfMember(m, aRef);
  const b = indexOfMember(m, bRef);
  const c = pairComponents(m, a, b);
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const x = a === b ? { ...scratch, tags: 0, aToB: 0, bToA: 0, topicsAToB: 0, topicsBToA: 0, answers: 0, sameCity: false } : components(m, lo, hi, { ...scratch });
  // components() works on the canonical order (lo, hi); swap the directions back for (a, b).
  const aToB = a === lo ? x.aToB : x.bToA;
  const bToA = a === lo ? x.bToA : x.aToB;
  const topicsAToB = a === lo ? x.topicsAToB : x.topicsBToA;
  const topicsBToA = a === lo ? x.topicsBToA : x.topicsAToB;
  const tagSim = x.tags;
  const compSim = combine(m, aToB, bToA);
  const topicSim = combine(m, topicsAToB, topicsBToA, m.weights.topics.maxShare);
  const ansSim = x.answers;
  const sameCity = x.sameCity;
  const sem = a === b ? { aToB: 0, bToA: 0, about: 0 } : semanticParts(m, lo, hi, { aToB: 0, bToA: 0, about: 0 });
  const semAToB = a === lo ? sem.aToB : sem.bToA;
  const semBToA = a === lo ? sem.bToA : sem.aToB;
  const semSim = combineSemantic(m, semAToB, semBToA);
  const base =
    c.topics * topicSim + c.tags * tagSim + c.complementarity * compSim + c.answers * ansSim + (sameCity ? c.city : 0) + c.semantic * semSim + c.about * sem.about;
  const key = pairKey(m.n, a, b);
  const admin = m.adminScore.get(key);
  const breakdown: RelevanceBreakdown = {
    tags: { similarity: tagSim, contribution: c.tags * tagSim },
    complementarity: { aToB, bToA, similarity: compSim, contribution: c.complementarity * compSim },
    topics: { aToB: topicsAToB, bToA: topicsBToA, similarity: topicSim, contribution: c.topics * topicSim },
    answers: { similarity: ansSim, shared: a === b ? 0 : sharedAnswers(m, a, b), contribution: c.answers * ansSim },
    city: { same: sameCity, contribution: sameCity ? c.city : 0 },
    semantic: { aToB: semAToB, bToA: semBToA, similarity: semSim, contribution: c.semantic * semSim },
    about: { similarity: sem.about, contribution: c.about * sem.about },
    base,
    admin:
      admin === undefined
        ? null
        : {
            score: admin,
            mode: m.weights.admin.mode,
            value:
              m.weights.admin.mode === "override"
                ? admin / m.weights.admin.scale
                : (1 - m.weights.admin.priorStrength) * base + (m.weights.admin.priorStrength * admin) / m.weights.admin.scale,
          },
    feedback: {
      pairMultiplier: m.pairMultiplier.get(key) ?? 1,
      memberMultiplierA: m.memberMultiplier[a] as number,
      memberMultiplierB: m.memberMultiplier[b] as number,
    },
    excluded: exclusionOf(m, a, b),
  };
  return { score: scorePair(m, a, b), breakdown };
}
