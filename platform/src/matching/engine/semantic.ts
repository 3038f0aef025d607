/**
 * The meaning of the texts: each member's need, offer and about as unit vectors from a sentence
 * encoder (computed and stored outside the engine, see ../encoder and ../vectors), packed into one
 * Float32Array per model. Need <-> offer similarity in both directions and about <-> about feed
 * relevance (relevance.ts, dense.ts) when the community's texts have vectors.
 */
import type { MemberFeatures } from "./types.ts";
import { type NearestLists, nearestByVector } from "./vector-index.ts";
import type { ComponentWeights, MatchingWeights } from "./weights.ts";

/** What the semantic terms read of a community model (corpus.ts CommunityModel has these; named here so neither file imports the other). */
export type SemanticModel = {
  weights: MatchingWeights;
  components: Required<ComponentWeights>;
  vectorComponents: Required<ComponentWeights> | null;
  vectors: SemanticVectors | null;
};

/** Slots of a member's vectors in `SemanticVectors.data`: need, offer, about. */
export const VEC = { need: 0, offer: 1, about: 2, slots: 3 } as const;

export interface SemanticVectors {
  dim: number;
  /** n x 3 x dim, member i's slot s at (i * 3 + s) * dim. */
  data: Float32Array;
  /** 1 where member i has a vector in slot s (i * 3 + s). */
  has: Uint8Array;
  /** 1 where member i has a need or an offer vector: their pairs are scored with vectorComponents. */
  ok: Uint8Array;
  /**
   * Hubness of each member's need and offer (CSLS, cross-domain similarity local scaling): the mean
   * cosine of their need to the HUB_K closest offers (and of their offer to the HUB_K closest needs),
   * less the community's mean of it. A text close to everything (a generic need, an offer that
   * lists everything) has its cosines lowered by that much, so it neither crowds every list nor is
   * recommended to everyone.
   */
  needHub: Float32Array;
  offerHub: Float32Array;
  /** Each member's need against the community's offers, nearest first (vector-index.ts). */
  needNear: NearestLists;
  /** Each member's offer against the community's needs. */
  offerNear: NearestLists;
  /**
   * How much member i's need weighs when another's offer meets it, in (0, 1]: the lexicon's need
   * weight of what their need text states outright (a pastime or a family errand weighs half, see
   * lexicon/need-weights.ts), 1 for a professional need or one the lexicon does not know. The
   * direction "b's offer meets a's need" is scaled by it in the weekly pairing's weights (not in
   * the scores shown, nor in a member's own ranking, where it would only move the members who meet
   * their need down beside the others), as the lexicon's need <-> offer term is: a member who can
   * help someone's work is not spent on someone's weekend hobby.
   */
  needStrength: Float32Array;
}

/** Neighbours whose mean cosine is a text's hubness. */
const HUB_K = 10;

/**
 * A shared buffer laid out as SemanticVectors.data for `n` members, in their order in the input. A
 * loader that writes member i's vectors into `view(i, slot)` and gives those views as its
 * MemberFeatures.vectors hands the engine its packed array without a copy: packVectors adopts the
 * buffer (the model then reads it; the caller writes no more into it). At 100k members a copy is
 * 600 MB.
 */
export function memberVectorBuffer(n: number, dim: number): { data: Float32Array; view(i: number, slot: number): Float32Array } {
  const data = new Float32Array(new SharedArrayBuffer(n * VEC.slots * dim * 4));
  return { data, view: (i, slot) => data.subarray((i * VEC.slots + slot) * dim, (i * VEC.slots + slot + 1) * dim) };
}

/** A member's vectors with the slot each takes in SemanticVectors.data. */
function slotsOf(v: NonNullable<MemberFeatures["vectors"]>) {
  return [
    [VEC.need, v.need],
    [VEC.offer, v.offer],
    [VEC.about, v.about],
  ] as const;
}

/** The members' vectors as one array already laid out as SemanticVectors.data (memberVectorBuffer), or null. */
function adoptable(members: readonly MemberFeatures[], dim: number): Float32Array | null {
  let buffer: ArrayBufferLike | null = null;
  let base = 0;
  for (const [i, m] of members.entries()) {
    const v = m.vectors;
    if (!v) continue;
    for (const [slot, vec] of slotsOf(v)) {
      if (!vec) continue;
      const at = (i * VEC.slots + slot) * dim * 4;
      if (vec.length !== dim || !(vec.buffer instanceof SharedArrayBuffer)) return null;
      if (buffer === null) {
        buffer = vec.buffer;
        base = vec.byteOffset - at;
        if (base < 0) return null;
      } else if (vec.buffer !== buffer || vec.byteOffset !== base + at) return null;
    }
  }
  const bytes = members.length * VEC.slots * dim * 4;
  return buffer !== null && base + bytes <= buffer.byteLength ? new Float32Array(buffer, base, bytes / 4) : null;
}

/**
 * The members' vectors packed, or null when no member has any (the model then scores without them).
 * `release`: each member's own arrays are dropped once copied (BuildOptions.releaseVectors).
 */
export function packVectors(members: readonly MemberFeatures[], needStrength?: Float32Array, release = false): SemanticVectors | null {
  let dim = 0;
  for (const m of members) {
    const v = m.vectors;
    const any = v?.need ?? v?.offer ?? v?.about;
    if (any) {
      dim = any.length;
      break;
    }
  }
  if (dim === 0) return null;
  const n = members.length;
  // Shared memory: the candidate search's worker threads read the vectors without a copy each. A
  // loader's memberVectorBuffer is taken as it is.
  const adopted = adoptable(members, dim);
  const data = adopted ?? new Float32Array(new SharedArrayBuffer(n * VEC.slots * dim * 4));
  const has = new Uint8Array(new SharedArrayBuffer(n * VEC.slots));
  const ok = new Uint8Array(new SharedArrayBuffer(n));
  members.forEach((m, i) => {
    const v = m.vectors;
    if (!v) return;
    for (const [slot, vec] of slotsOf(v)) {
      // A vector of another width (another model's, mid-switch) is left out rather than compared.
      if (!vec || vec.length !== dim) continue;
      if (!adopted) data.set(vec, (i * VEC.slots + slot) * dim);
      has[i * VEC.slots + slot] = 1;
      if (slot !== VEC.about) ok[i] = 1;
    }
    if (release) delete (m as { vectors?: MemberFeatures["vectors"] }).vectors;
  });
  const needNear = nearestByVector(data, has, n, dim, VEC.slots, VEC.need, VEC.offer);
  const offerNear = nearestByVector(data, has, n, dim, VEC.slots, VEC.offer, VEC.need);
  const { needHub, offerHub } = hubness(needNear, offerNear, has, n);
  return { dim, data, has, ok, needNear, offerNear, needHub, offerHub, needStrength: needStrength ?? new Float32Array(new SharedArrayBuffer(4 * n)).fill(1) };
}

/**
 * Hubness from the nearest lists: each text's mean cosine to its HUB_K closest partners, less the
 * mean of that over the community's texts of its kind (SemanticVectors.needHub).
 */
function hubness(needNear: NearestLists, offerNear: NearestLists, has: Uint8Array, n: number): { needHub: Float32Array; offerHub: Float32Array } {
  const side = (near: NearestLists, slot: number): Float32Array => {
    const out = new Float32Array(new SharedArrayBuffer(n * 4));
    const { items, cos, k } = near;
    let total = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (!has[i * VEC.slots + slot]) continue;
      let sum = 0;
      let r = 0;
      for (; r < HUB_K && r < k && (items[i * k + r] as number) >= 0; r++) sum += cos[i * k + r] as number;
      const mean = r === 0 ? 0 : sum / r;
      out[i] = mean;
      total += mean;
      count++;
    }
    const mean = count > 0 ? total / count : 0;
    for (let i = 0; i < n; i++) if (has[i * VEC.slots + slot]) out[i] = (out[i] as number) - mean;
    return out;
  };
  return { needHub: side(needNear, VEC.need), offerHub: side(offerNear, VEC.offer) };
}

function cosine(s: SemanticVectors, a: number, sa: number, b: number, sb: number): number {
  if (s.has[a * VEC.slots + sa] === 0 || s.has[b * VEC.slots + sb] === 0) return 0;
  const d = s.dim;
  const x = s.data;
  let i = (a * VEC.slots + sa) * d;
  let j = (b * VEC.slots + sb) * d;
  const end = i + d;
  // Eight running sums: one sum is a chain of dependent additions, eight keep the CPU's adders
  // busy (the exact scoring of the candidates is mostly these products). Deterministic, though not
  // bit-equal to a single running sum.
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  let s6 = 0;
  let s7 = 0;
  for (const stop = end - 7; i < stop; i += 8, j += 8) {
    s0 += (x[i] as number) * (x[j] as number);
    s1 += (x[i + 1] as number) * (x[j + 1] as number);
    s2 += (x[i + 2] as number) * (x[j + 2] as number);
    s3 += (x[i + 3] as number) * (x[j + 3] as number);
    s4 += (x[i + 4] as number) * (x[j + 4] as number);
    s5 += (x[i + 5] as number) * (x[j + 5] as number);
    s6 += (x[i + 6] as number) * (x[j + 6] as number);
    s7 += (x[i + 7] as number) * (x[j + 7] as number);
  }
  for (; i < end; i++, j++) s0 += (x[i] as number) * (x[j] as number);
  return s0 + s1 + (s2 + s3) + (s4 + s5 + (s6 + s7));
}

/** A cosine mapped onto [0, 1]: `floor` and below count 0, `ceiling` and above 1. */
function lift(cos: number, floor: number, ceiling: number): number {
  return cos <= floor ? 0 : Math.min(1, (cos - floor) / (ceiling - floor));
}

export interface SemanticParts {
  /** a's offer (or about) meets b's need. */
  aToB: number;
  bToA: number;
  /** a's about vs b's about. */
  about: number;
}

/**
 * The component weights of the pair a, b: with vectors when both have a need or offer vector,
 * else the words-and-lexicon set (a text the encoder cannot read, e.g. Russian for an English-only
 * encoder, has no vector: that member is scored as before vectors, with everyone).
 */
export function pairComponents(m: SemanticModel, a: number, b: number): Required<ComponentWeights> {
  const s = m.vectors;
  return s !== null && m.vectorComponents !== null && s.ok[a] === 1 && s.ok[b] === 1 ? m.vectorComponents : m.components;
}

/**
 * The vector similarities of members a and b (zeros without vectors); `pairing`: each direction
 * weighed by the strength of the need it meets (SemanticVectors.needStrength), for the weekly
 * pairing's weights (which also mix the directions by semantic.pairingMaxShare, semanticBase).
 */
export function semanticParts(m: SemanticModel, a: number, b: number, out: SemanticParts, pairing = false): SemanticParts {
  if (!semanticDirections(m, a, b, out, pairing)) return out;
  out.about = semanticAbout(m, a, b);
  return out;
}

/**
 * The need <-> offer directions of semanticParts alone (out.aToB, out.bToA; out.about set to 0):
 * false when a or b has no vectors (all three 0).
 */
export function semanticDirections(m: SemanticModel, a: number, b: number, out: SemanticParts, pairing = false): boolean {
  const s = m.vectors;
  out.about = 0;
  if (!s || s.ok[a] === 0 || s.ok[b] === 0) {
    out.aToB = 0;
    out.bToA = 0;
    return false;
  }
  const { floor, ceiling, aboutOfferWeight: w } = m.weights.semantic;
  // CSLS: each cosine less the mean hubness of the two texts (see SemanticVectors.needHub).
  const hubAToB = ((s.offerHub[a] as number) + (s.needHub[b] as number)) / 2;
  const hubBToA = ((s.offerHub[b] as number) + (s.needHub[a] as number)) / 2;
  // The about <-> need cosines only where they count (aboutOfferWeight > 0): each is 512 products.
  const abToB = w > 0 ? w * cosine(s, a, VEC.about, b, VEC.need) : 0;
  const abToA = w > 0 ? w * cosine(s, b, VEC.about, a, VEC.need) : 0;
  out.aToB = (pairing ? (s.needStrength[b] as number) : 1) * lift(Math.max(cosine(s, a, VEC.offer, b, VEC.need), abToB) - hubAToB, floor, ceiling);
  out.bToA = (pairing ? (s.needStrength[a] as number) : 1) * lift(Math.max(cosine(s, b, VEC.offer, a, VEC.need), abToA) - hubBToA, floor, ceiling);
  return true;
}

/** about <-> about of semanticParts, for a pair whose directions semanticDirections gave. */
export function semanticAbout(m: SemanticModel, a: number, b: number): number {
  const s = m.vectors as SemanticVectors;
  const { floor, ceiling } = m.weights.semantic;
  return lift(cosine(s, a, VEC.about, b, VEC.about), floor, ceiling);
}

/**
 * The two directions mixed as the score mixes them (max share to the stronger); `pairing`: as the
 * weekly pairing's weights mix them (semantic.pairingMaxShare).
 */
export function combineSemantic(m: SemanticModel, aToB: number, bToA: number, pairing = false): number {
  const share = pairing ? m.weights.semantic.pairingMaxShare : m.weights.semantic.maxShare;
  return aToB >= bToA ? share * aToB + (1 - share) * bToA : share * bToA + (1 - share) * aToB;
}

/** The semantic part of the base score of a and b at the weights `c` (pairComponents). */
export function semanticBase(m: SemanticModel, a: number, b: number, c: Required<ComponentWeights>, out: SemanticParts, pairing = false): number {
  if (c.semantic === 0 && c.about === 0) return 0;
  const p = semanticParts(m, a, b, out, pairing);
  return c.semantic * combineSemantic(m, p.aToB, p.bToA, pairing) + c.about * p.about;
}
