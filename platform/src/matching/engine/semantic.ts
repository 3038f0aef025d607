/**
 * The meaning of the texts: each member's need, offer and about as unit vectors from a sentence
 * encoder (computed and stored outside the engine, see ../encoder and ../vectors), packed per model
 * and kept as int8 numbers with a scale per text. Need <-> offer similarity in both directions and
 * about <-> about feed relevance (relevance.ts, dense.ts) when the community's texts have vectors.
 */
import { type Int8Dot, int8Dot, type Int8Store, int8Sketch, int8Store } from "./int8-dot.ts";
import type { MemberFeatures, PackedTexts } from "./types.ts";
import { hashWords, innerProducts, type NearestLists, nearestByVector, type TextRows } from "./vector-index.ts";
import type { ComponentWeights, MatchingWeights } from "./weights.ts";

/** What the semantic terms read of a community model (corpus.ts CommunityModel has these; named here so neither file imports the other). */
export type SemanticModel = {
  weights: MatchingWeights;
  components: Required<ComponentWeights>;
  vectorComponents: Required<ComponentWeights> | null;
  vectors: SemanticVectors | null;
};

/** Slots of a member's vectors in `SemanticVectors.store`: need, offer, about. */
export const VEC = { need: 0, offer: 1, about: 2, slots: 3 } as const;

/**
 * The model's texts (PackedTexts: `dim`, and n x 3 x dim int8 numbers in `store` with a `scale` per
 * text and `has` per slot) and what is derived from them. A text's numbers are its float32 ones over
 * its step (1/127 of its largest magnitude), rounded; a cosine is the int8 product times the two
 * steps: within 0.003 of the float32 one, and a quarter of the bytes to read (decision 0216). The
 * float32 vectors are not kept: the hubness, the sketches and the nearest texts are computed from
 * these numbers too, so a model is the same whichever way its vectors came.
 */
export interface SemanticVectors extends PackedTexts {
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
  /**
   * Each member's need and offer in SKETCH_DIM numbers each (int8): the texts projected on the
   * directions that carry most of the community's vectors; `sketchScale` times the product of two
   * sketches estimates the cosine of the texts (sketchEstimate). Member i's record is the
   * SKETCH_RECORD bytes at i * SKETCH_RECORD: the need's sketch, the offer's, then the need's and the
   * offer's hubness as float32 (`sketchHubs`, at i * SKETCH_RECORD / 4 + NEED_HUB and + OFFER_HUB),
   * all in the first 64 bytes; the second 64 start with the about text's sketch (ABOUT_DIM numbers
   * on the about texts' own directions, `aboutScale`), then the tags and answers (SMALL_AT). Two adjacent cache lines a member, where the texts
   * are 1.5 KiB: the candidate search ranks a member's thousand-odd candidates by it to choose
   * those it scores in full, which the words alone chose badly (a member's best partners are chosen
   * mostly by meaning).
   */
  sketch: Int8Array;
  /** Where `sketch` lives: a shared WebAssembly memory when one could be had (sketchKernel). */
  sketchStore: Int8Store;
  sketchHubs: Float32Array;
  sketchScale: number;
  aboutScale: number;
}

/** Numbers per need or offer sketch, and bytes per member's record (SemanticVectors.sketch). */
export const SKETCH_DIM = 28;
export const SKETCH_RECORD = 128;
/**
 * Numbers of the about text's sketch, and where in the record it starts (the second cache line).
 * Without it the candidate search ranked by everything but the about <-> about term, and among the
 * many partners whose need <-> offer is at its ceiling that term is what tells them apart: at 30k
 * synthetic members, the true top 10 within the 200 scored in full went from 0.965 to 0.989 when
 * the ranking was given that term exactly, and bench:matching's recall@10 from 0.946 to 0.960
 * with this sketch (16, 32 and 64 numbers alike there; 32 leaves room for texts less alike).
 */
export const ABOUT_DIM = 32;
export const ABOUT_AT = 64;
/**
 * The record's last 32 bytes hold the member's tags and answers (their norms, then up to
 * SMALL_IDS ids) for the candidate search, written by DenseScorer.writeSmallTerms: read with the
 * sketches, they give those terms exactly where the capped postings see them only in part.
 */
export const SMALL_AT = ABOUT_AT + ABOUT_DIM;
export const SMALL_IDS = 12;
/** Where a record's two hubness values sit, in float32 places (right after the two sketches). */
const NEED_HUB = (2 * SKETCH_DIM) / 4;
const OFFER_HUB = NEED_HUB + 1;
/** A sketch's number q stands for q / SKETCH_QUANT: a unit vector's projections are within ±1, so none is cut off. */
const SKETCH_QUANT = 127;
/** A text's int8 numbers run from -TEXT_STEPS to TEXT_STEPS (SemanticVectors.store). */
const TEXT_STEPS = 127;
/** Texts sampled to find the sketch's directions, and rounds of the subspace iteration that finds them. */
const SKETCH_SAMPLE = 1_000;
const SKETCH_ROUNDS = 12;
/** About texts (of the sample) whose ABOUT_FIT closest others in it fit the about sketches' scale. */
const ABOUT_FIT_SAMPLE = 300;
const ABOUT_FIT = 5;

/** Neighbours whose mean cosine is a text's hubness. */
const HUB_K = 10;

/**
 * Room for `n` members' texts in the engine's int8 form (CommunityInput.texts): `put` writes member
 * i's vector for a slot (VEC) as it is decoded, so a loader never holds a float32 copy of the whole
 * community (600 MB at 100k members). A vector of another width than `dim` (another model's,
 * mid-switch) is left out, as packVectors leaves it out of the members' own.
 */
export function packedTexts(n: number, dim: number): PackedTexts & { put(i: number, slot: number, vec: Float32Array): void } {
  const store = int8Store(n * VEC.slots * dim);
  const scale = new Float32Array(new SharedArrayBuffer(4 * n * VEC.slots));
  const has = new Uint8Array(new SharedArrayBuffer(n * VEC.slots));
  return {
    dim,
    store,
    scale,
    has,
    put(i, slot, vec) {
      if (vec.length !== dim || i < 0 || i >= n) return;
      quantizeText(vec, store.q, scale, i * VEC.slots + slot);
      has[i * VEC.slots + slot] = 1;
    },
  };
}

/** A member's vectors with the slot each takes in SemanticVectors.store. */
function slotsOf(v: NonNullable<MemberFeatures["vectors"]>) {
  return [
    [VEC.need, v.need],
    [VEC.offer, v.offer],
    [VEC.about, v.about],
  ] as const;
}

/**
 * The members' vectors packed, or null when no member has any (the model then scores without them).
 * `release`: each member's own arrays are dropped once copied (BuildOptions.releaseVectors).
 * `given`: the texts already packed (CommunityInput.texts); the members' own are then not read.
 */
export function packVectors(members: readonly MemberFeatures[], needStrength?: Float32Array, release = false, given?: PackedTexts): SemanticVectors | null {
  return given ? semanticVectors(given, members.length, needStrength) : fromMembers(members, needStrength, release);
}

function fromMembers(members: readonly MemberFeatures[], needStrength: Float32Array | undefined, release: boolean): SemanticVectors | null {
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
  // Shared memory: the candidate search's worker threads read the texts without a copy each.
  const texts = packedTexts(members.length, dim);
  members.forEach((m, i) => {
    const v = m.vectors;
    if (!v) return;
    // A vector of another width (another model's, mid-switch) is left out rather than compared.
    for (const [slot, vec] of slotsOf(v)) if (vec) texts.put(i, slot, vec);
    if (release) delete (m as { vectors?: MemberFeatures["vectors"] }).vectors;
  });
  return semanticVectors(texts, members.length, needStrength);
}

/** The model's semantic part from its members' packed texts: the hubness, the sketches and the nearest texts computed from them. */
function semanticVectors({ dim, store, scale, has }: PackedTexts, n: number, needStrength: Float32Array | undefined): SemanticVectors | null {
  const ok = new Uint8Array(new SharedArrayBuffer(n));
  let any = false;
  for (let i = 0; i < n; i++) {
    if (has[i * VEC.slots + VEC.need] || has[i * VEC.slots + VEC.offer]) ok[i] = 1;
    if (ok[i] || has[i * VEC.slots + VEC.about]) any = true;
  }
  if (!any) return null;
  const texts = int8Rows(store.q, scale, dim);
  // The sketches first: their scratch is gone before the nearest-text indexes (the peak of memory) are built.
  const { sketchStore, sketchHubs, aboutScale } = sketchTexts(texts, has, n, dim);
  const sketch = sketchStore.q;
  const needNear = nearestByVector(texts, has, n, dim, VEC.slots, VEC.need, VEC.offer);
  const offerNear = nearestByVector(texts, has, n, dim, VEC.slots, VEC.offer, VEC.need);
  const { needHub, offerHub } = hubness(needNear, offerNear, has, n);
  const sketchScale = fitSketches(sketch, sketchHubs, n, needNear, needHub, offerHub);
  return {
    dim,
    store,
    scale,
    has,
    ok,
    needNear,
    offerNear,
    needHub,
    offerHub,
    needStrength: needStrength ?? new Float32Array(new SharedArrayBuffer(4 * n)).fill(1),
    sketch,
    sketchStore,
    sketchHubs,
    sketchScale,
    aboutScale,
  };
}

/**
 * The members' sketches (SemanticVectors.sketch): for the need and offer texts, the top SKETCH_DIM
 * eigenvectors of the second moment of a sample of the community's need and offer vectors; for the
 * about texts, the top ABOUT_DIM of theirs (subspace iteration from a fixed start, so the same
 * community gives the same sketches), each text's projection on them rounded to int8. The need and
 * offer's hubness and scale come once the nearest texts are known (fitSketches); the about scale
 * here, from the sample's own closest pairs.
 */
function sketchTexts(texts: TextRows, has: Uint8Array, n: number, dim: number): { sketchStore: Int8Store; sketchHubs: Float32Array; aboutScale: number } {
  const sketchStore = int8Store(n * SKETCH_RECORD);
  const sketch = sketchStore.q;
  const sketchHubs = new Float32Array(sketch.buffer, 0, sketch.length / 4);
  const needOffer = sampleTexts(has, n, [VEC.need, VEC.offer]);
  if (needOffer.length > 0) {
    const basis = directions(texts, needOffer, dim, SKETCH_DIM);
    project(texts, has, n, dim, basis, SKETCH_DIM, sketch, [
      [VEC.need, 0],
      [VEC.offer, SKETCH_DIM],
    ]);
  }
  const about = sampleTexts(has, n, [VEC.about]);
  let aboutScale = 1 / (SKETCH_QUANT * SKETCH_QUANT);
  if (about.length > 0) {
    const basis = directions(texts, about, dim, ABOUT_DIM);
    project(texts, has, n, dim, basis, ABOUT_DIM, sketch, [[VEC.about, ABOUT_AT]]);
    aboutScale = fitAbout(texts, about, dim, basis);
  }
  return { sketchStore, sketchHubs, aboutScale };
}

/** Up to SKETCH_SAMPLE of the texts in `slots` (their places in the texts), evenly spaced over the members. */
function sampleTexts(has: Uint8Array, n: number, slots: readonly number[]): number[] {
  let filled = 0;
  for (let i = 0; i < n; i++) for (const slot of slots) filled += has[i * VEC.slots + slot] as number;
  const step = Math.max(1, Math.floor(filled / SKETCH_SAMPLE));
  const sampled: number[] = [];
  let seen = 0;
  for (let i = 0; i < n; i++) for (const slot of slots) if (has[i * VEC.slots + slot] && seen++ % step === 0 && sampled.length < SKETCH_SAMPLE) sampled.push(i * VEC.slots + slot);
  return sampled;
}

/** The top K eigenvectors (K rows of dim) of the second moment of the sampled texts. */
function directions(texts: TextRows, sampled: number[], dim: number, K: number): Float32Array {
  // The sample transposed (dim rows of its texts' numbers); C's entries the products of those rows.
  const ms = sampled.length;
  const T = new Float32Array(dim * ms);
  const row = new Float32Array(dim);
  for (const [r, t] of sampled.entries()) {
    texts.read(t, row, 0);
    for (let d = 0; d < dim; d++) T[d * ms + r] = row[d] as number;
  }
  const C = innerProducts(T, T, ms, dim);
  // Subspace iteration: Q <- orthonormal rows of Q C (C is symmetric), from a fixed start.
  let Q: Float32Array = new Float32Array(K * dim);
  for (let j = 0; j < K; j++) for (let d = 0; d < dim; d++) Q[j * dim + d] = Math.sin(1 + j * 7.31 + d * 1.713);
  for (let round = 0; round < SKETCH_ROUNDS; round++) {
    Q = innerProducts(Q, C, dim, dim);
    orthonormalRows(Q, K, dim);
  }
  return Q;
}

/** Each member's texts of the given slots projected on `basis` (K directions), into their record at the slot's offset. */
function project(texts: TextRows, has: Uint8Array, n: number, dim: number, basis: Float32Array, K: number, sketch: Int8Array, slots: readonly (readonly [number, number])[]): void {
  // A block of texts at a time (native, on all threads).
  const BLOCK = 256;
  const block = new Float32Array(BLOCK * dim);
  const at: number[] = [];
  const flush = () => {
    const p = innerProducts(block.subarray(0, at.length * dim), basis, dim, K);
    for (const [r, to] of at.entries()) for (let j = 0; j < K; j++) sketch[to + j] = quantize(p[r * K + j] as number);
    at.length = 0;
  };
  for (let i = 0; i < n; i++) {
    for (const [slot, offset] of slots) {
      if (!has[i * VEC.slots + slot]) continue;
      texts.read(i * VEC.slots + slot, block, at.length * dim);
      at.push(i * SKETCH_RECORD + offset);
      if (at.length === BLOCK) flush();
    }
  }
  if (at.length > 0) flush();
}

/**
 * The about sketches' scale: least squares of the true cosines of ABOUT_FIT_SAMPLE sampled about
 * texts' ABOUT_FIT closest others among them on their sketches' products (the close pairs are
 * those whose estimate decides anything; a cosine at the floor or below counts 0 either way).
 */
function fitAbout(texts: TextRows, sample: number[], dim: number, basis: Float32Array): number {
  const every = Math.ceil(sample.length / ABOUT_FIT_SAMPLE);
  const sampled = sample.filter((_, r) => r % every === 0);
  const ms = sampled.length;
  const rows = new Float32Array(ms * dim);
  for (const [r, t] of sampled.entries()) texts.read(t, rows, r * dim);
  const cos = innerProducts(rows, rows, dim, ms);
  const proj = innerProducts(rows, basis, dim, ABOUT_DIM);
  const q = new Int8Array(ms * ABOUT_DIM);
  for (let x = 0; x < q.length; x++) q[x] = quantize(proj[x] as number);
  let num = 0;
  let den = 0;
  const closest: number[] = [];
  for (let r = 0; r < ms; r++) {
    // The ABOUT_FIT largest cosines of row r (the first of equal ones), best first.
    closest.length = 0;
    for (let o = 0; o < ms; o++) {
      if (o === r) continue;
      const x = cos[r * ms + o] as number;
      if (closest.length === ABOUT_FIT && x <= (cos[r * ms + (closest[ABOUT_FIT - 1] as number)] as number)) continue;
      let at = closest.length;
      while (at > 0 && (cos[r * ms + (closest[at - 1] as number)] as number) < x) at--;
      closest.splice(at, 0, o);
      if (closest.length > ABOUT_FIT) closest.pop();
    }
    for (const o of closest) {
      const e = int8Run(q, r * ABOUT_DIM, o * ABOUT_DIM, ABOUT_DIM);
      num += e * (cos[r * ms + o] as number);
      den += e * e;
    }
  }
  return den > 0 ? num / den : 1 / (SKETCH_QUANT * SKETCH_QUANT);
}

/**
 * Writes the texts' hubness into the members' sketch records and gives the sketches' scale: least
 * squares of the true cosines of each sampled need's nearest offers on their sketches' products.
 */
function fitSketches(sketch: Int8Array, sketchHubs: Float32Array, n: number, needNear: NearestLists, needHub: Float32Array, offerHub: Float32Array): number {
  const H = SKETCH_RECORD / 4;
  for (let i = 0; i < n; i++) {
    sketchHubs[i * H + NEED_HUB] = needHub[i] as number;
    sketchHubs[i * H + OFFER_HUB] = offerHub[i] as number;
  }
  let num = 0;
  let den = 0;
  const nearStep = Math.max(1, Math.floor(n / SKETCH_SAMPLE));
  for (let i = 0; i < n; i += nearStep) {
    for (let r = 0; r < Math.min(5, needNear.k); r++) {
      const j = needNear.items[i * needNear.k + r] as number;
      if (j < 0) break;
      const e = sketchProduct(sketch, i, 0, j, 1) / (SKETCH_QUANT * SKETCH_QUANT);
      num += e * (needNear.cos[i * needNear.k + r] as number);
      den += e * e;
    }
  }
  return (den > 0 ? num / den : 1) / (SKETCH_QUANT * SKETCH_QUANT);
}

/** Text t's vector as int8 numbers at t * dim of `q`, and what one step stands for in scale[t] (SemanticVectors.store). */
function quantizeText(vec: Float32Array, q: Int8Array, scale: Float32Array, t: number): void {
  const dim = vec.length;
  let most = 0;
  for (let d = 0; d < dim; d++) most = Math.max(most, Math.abs(vec[d] as number));
  if (most === 0) return;
  const step = most / TEXT_STEPS;
  scale[t] = step;
  const at = t * dim;
  for (let d = 0; d < dim; d++) q[at + d] = Math.round((vec[d] as number) / step);
}

/** The int8 texts as the nearest-text search and the sketches read them: each number times its text's step. */
function int8Rows(q: Int8Array, scale: Float32Array, dim: number): TextRows {
  const scaleBits = new Uint32Array(scale.buffer, scale.byteOffset, scale.length);
  return {
    read: (t, out, at) => {
      const step = scale[t] as number;
      const from = t * dim;
      for (let d = 0; d < dim; d++) out[at + d] = (q[from + d] as number) * step;
    },
    hash: (t) => hashWords(q, t * dim, dim, scaleBits[t] as number),
    same: (a, b) => {
      if (scaleBits[a] !== scaleBits[b]) return false;
      for (let d = 0; d < dim; d++) if (q[a * dim + d] !== q[b * dim + d]) return false;
      return true;
    },
  };
}

function quantize(p: number): number {
  return Math.max(-127, Math.min(127, Math.round(p * SKETCH_QUANT)));
}

/** Modified Gram-Schmidt on the rows of M (rows x dim); a row that vanishes is left at zero. */
function orthonormalRows(M: Float32Array, rows: number, dim: number): void {
  for (let j = 0; j < rows; j++) {
    const q = j * dim;
    for (let p = 0; p < j; p++) {
      const o = p * dim;
      let dot = 0;
      for (let d = 0; d < dim; d++) dot += (M[q + d] as number) * (M[o + d] as number);
      for (let d = 0; d < dim; d++) M[q + d] = (M[q + d] as number) - dot * (M[o + d] as number);
    }
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += (M[q + d] as number) ** 2;
    norm = Math.sqrt(norm);
    for (let d = 0; d < dim; d++) M[q + d] = norm > 1e-12 ? (M[q + d] as number) / norm : 0;
  }
}

/** The product of member a's sketch `ta` (0 need, 1 offer) and member b's `tb`, unscaled. */
function sketchProduct(sketch: Int8Array, a: number, ta: number, b: number, tb: number): number {
  return int8Run(sketch, a * SKETCH_RECORD + ta * SKETCH_DIM, b * SKETCH_RECORD + tb * SKETCH_DIM, SKETCH_DIM);
}

/** The product of members a's and b's about sketches, unscaled. */
function aboutProduct(sketch: Int8Array, a: number, b: number): number {
  return int8Run(sketch, a * SKETCH_RECORD + ABOUT_AT, b * SKETCH_RECORD + ABOUT_AT, ABOUT_DIM);
}

/** The product of the `len` numbers of `q` at i and at j (len a multiple of 4). */
function int8Run(q: Int8Array, i: number, j: number, len: number): number {
  const end = i + len;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (; i < end; i += 4, j += 4) {
    s0 += (q[i] as number) * (q[j] as number);
    s1 += (q[i + 1] as number) * (q[j + 1] as number);
    s2 += (q[i + 2] as number) * (q[j + 2] as number);
    s3 += (q[i + 3] as number) * (q[j + 3] as number);
  }
  return s0 + s1 + s2 + s3;
}

/**
 * The vectors' part of a and b's score (semanticBase: need <-> offer and about <-> about) estimated
 * from their sketches: 0 when the pair is not scored with vectors. Not the score: it ranks candidates.
 */
export function sketchEstimate(m: SemanticModel, a: number, b: number): number {
  return sketchDirections(m, a, b) + sketchAbout(m, a, b);
}

/** sketchEstimate's need <-> offer part alone. */
export function sketchDirections(m: SemanticModel, a: number, b: number): number {
  const s = m.vectors;
  if (!s || m.vectorComponents === null || s.ok[a] === 0 || s.ok[b] === 0) return 0;
  const c = m.vectorComponents;
  if (c.semantic === 0) return 0;
  const { floor, ceiling } = m.weights.semantic;
  // The hubness from the members' records (SemanticVectors.sketch), equal to needHub and offerHub.
  const h = s.sketchHubs;
  const H = SKETCH_RECORD / 4;
  const hubAToB = ((h[a * H + OFFER_HUB] as number) + (h[b * H + NEED_HUB] as number)) / 2;
  const hubBToA = ((h[b * H + OFFER_HUB] as number) + (h[a * H + NEED_HUB] as number)) / 2;
  const aToB = lift(s.sketchScale * sketchProduct(s.sketch, a, 1, b, 0) - hubAToB, floor, ceiling);
  const bToA = lift(s.sketchScale * sketchProduct(s.sketch, b, 1, a, 0) - hubBToA, floor, ceiling);
  return c.semantic * combineSemantic(m, aToB, bToA);
}

/** sketchEstimate's about <-> about part alone: at most vectorComponents.about. */
export function sketchAbout(m: SemanticModel, a: number, b: number): number {
  const s = m.vectors;
  if (!s || m.vectorComponents === null || s.ok[a] === 0 || s.ok[b] === 0) return 0;
  const c = m.vectorComponents;
  if (c.about === 0) return 0;
  const { floor, ceiling } = m.weights.semantic;
  return c.about * lift(s.aboutScale * aboutProduct(s.sketch, a, b), floor, ceiling);
}

/** sketchEstimate(m, a, b) for this thread: the candidate search's sketch stage asks it of a thousand-odd pairs a member. */
export type SketchKernel = (a: number, b: number) => number;

/**
 * sketchEstimate as one call into WebAssembly (int8-dot.wat `sketch`: the three products with SIMD,
 * then the same double operations in the same order, so the same value), or sketchEstimate itself
 * where the sketches are not in a WebAssembly memory.
 */
export function sketchKernel(m: SemanticModel): SketchKernel {
  const s = m.vectors;
  const c = m.vectorComponents;
  if (s === null || c === null) return () => 0;
  const wasm = int8Sketch(s.sketchStore);
  if (wasm === null) return (a, b) => sketchEstimate(m, a, b);
  const { ok, sketchScale, aboutScale } = s;
  const { floor, ceiling, maxShare } = m.weights.semantic;
  const { semantic, about } = c;
  return (a, b) => (ok[a] === 0 || ok[b] === 0 ? 0 : wasm(a * SKETCH_RECORD, b * SKETCH_RECORD, sketchScale, aboutScale, floor, ceiling, semantic, about, maxShare));
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

/** The cosine of member a's text in slot sa (VEC) and b's in sb, as the scores read it (0 when either has none). */
export function textCosine(s: SemanticVectors, a: number, sa: number, b: number, sb: number): number {
  return cosine(s, int8Dot(s.store), a, sa, b, sb);
}

/** The cosine of a's text in slot sa and b's in sb (0 when either has none), from their int8 numbers. */
function cosine(s: SemanticVectors, dot: Int8Dot, a: number, sa: number, b: number, sb: number): number {
  const ta = a * VEC.slots + sa;
  const tb = b * VEC.slots + sb;
  if (s.has[ta] === 0 || s.has[tb] === 0) return 0;
  const d = s.dim;
  return dot(ta * d, tb * d, d) * (s.scale[ta] as number) * (s.scale[tb] as number);
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
  const dot = int8Dot(s.store);
  // The about <-> need cosines only where they count (aboutOfferWeight > 0): each is 512 products.
  const abToB = w > 0 ? w * cosine(s, dot, a, VEC.about, b, VEC.need) : 0;
  const abToA = w > 0 ? w * cosine(s, dot, b, VEC.about, a, VEC.need) : 0;
  out.aToB = (pairing ? (s.needStrength[b] as number) : 1) * lift(Math.max(cosine(s, dot, a, VEC.offer, b, VEC.need), abToB) - hubAToB, floor, ceiling);
  out.bToA = (pairing ? (s.needStrength[a] as number) : 1) * lift(Math.max(cosine(s, dot, b, VEC.offer, a, VEC.need), abToA) - hubBToA, floor, ceiling);
  return true;
}

/** about <-> about of semanticParts, for a pair whose directions semanticDirections gave. */
export function semanticAbout(m: SemanticModel, a: number, b: number): number {
  const s = m.vectors as SemanticVectors;
  const { floor, ceiling } = m.weights.semantic;
  return lift(cosine(s, int8Dot(s.store), a, VEC.about, b, VEC.about), floor, ceiling);
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
