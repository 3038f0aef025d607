/**
 * The sparse candidate graph: top-k partners per eligible member, found through one
 * inverted index over tags, stemmed need / offer terms, need / offer concepts and topics, mutual
 * concept keys, and answers — never by scoring all n^2 pairs.
 *
 * Every feature f of the index has postings (member v, document weight D_v[f]) and every
 * member u a query vector Q_u[f], chosen so that sum_f Q_u[f] * D_v[f] plus the city bonus
 * approximates relevance(u, v) (tags, answers and city exactly; the two complementarity
 * directions with weight maxShare each, an upper bound of the real max/min mix). A mutual key
 * (x, y) holds the members who offer concept x and need y: u, who needs x and offers y, finds the
 * people who help u and whom u helps through one short list where the lists of x and y alone run
 * to thousands at scale. A feature's postings are stored twice, in impact order (weight
 * descending, ties by a seeded rank): the whole list, and grouped by city. For u we walk its
 * features, mutual keys first (most of u's best partners at scale help u and are helped by u), then
 * highest query weight first, and read from each the first `postingsCap` postings of
 * u's own city (same-city partners carry the city bonus, so they are wanted deeper into the list)
 * and the first `postingsCap` of the whole list (ties ordered by each member's mean score against sampled
 * askers, `tieSample`; where the whole list's read is cut inside a run of equal weights of a concept,
 * topic or mutual key, the rest of the run is scanned for the `scanExtra` members whose small terms
 * promise most by a signature stored beside each posting, smallTermSignatures), accumulating that proxy in a dense scratch array
 * (need <-> offer per direction, mixed as relevance mixes it, plus the plain sum of the overlaps;
 * through the mutual keys each of u's needs and offers counts once per partner, a bit mask per
 * partner, so that those two sums are the directions' coverage).
 * The proxy weighs the terms as u's pairs are scored (with the vectors' weights when u has vectors).
 * A member with little in common with anyone is filled up with a rotating sample of their city.
 * The best `preselect` x `rescorePool` (with vectors `vectorPreselect` x `vectorRescorePool`) by
 * proxy go on; with vectors, the best `prescorePool` of them by the proxy (without the plain sum;
 * tags and answers exact, from the sketch record, see DenseScorer.smallTerms) plus the sketches'
 * estimate of the vectors' terms. Those are ranked on everything but the texts and the vectors (the proxy and the sketches stand for
 * them) from a float32 record per member (DenseScorer.prescore: one contiguous record,
 * where the cost at scale is the cache misses), the best `rescorePool` of them scored in full
 * (DenseScorer: u's features spread into dense arrays, each candidate's record read once) best
 * first, skipping those whose ceiling (the texts at their most) is below the k-th best so far, and
 * the best k kept, beside the member's nearest partners by vector when the community has vectors
 * (vector-candidates.ts, scored in full too); one round of NN-descent then refines every list.
 * Members are visited grouped by city and strongest need and offer, so that neighbours in that
 * order find each other's candidates in cache. Work per member is bounded by `memberBudget` postings (`vectorMemberBudget` with vectors). From PARALLEL_FROM eligible
 * members the lists, and then each refinement round, are computed on worker threads as well
 * (candidates-worker.ts), which claim blocks of that order from one shared counter (overBlocks);
 * every list depends on the member (and in a round on the lists before it) alone, so the graph is
 * the same on any number of threads.
 * Recall of the true top-10 on the synthetic communities is measured by `npm run bench:matching`.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { CommunityModel } from "./corpus.ts";
import { Rng, mix32, permutation, seedOf } from "./random.ts";
import { DenseScorer, writeSmallTerms } from "./dense.ts";
import { scorePair } from "./relevance.ts";
import { ABOUT_AT, ABOUT_DIM, SKETCH_RECORD, type SemanticVectors, sketchAbout, sketchKernel, VEC } from "./semantic.ts";
import type { ComponentWeights } from "./weights.ts";
import { nearestPartners } from "./vector-candidates.ts";
import { type ScanIndex, type Scanner, scanIndex, scanner } from "./postings-scan.ts";

/** Integer edge weights: relevance (raised to weights.matching.exponent) scaled by this and rounded (the audit export format). */
export const WEIGHT_SCALE = 1_000_000;

export interface CandidateGraph {
  /** Vertices are the eligible members, 0..n-1. */
  n: number;
  /** Vertex -> model member index. */
  memberOf: Int32Array;
  /** Edges with edgeU < edgeV, sorted by (u, v). */
  edgeU: Int32Array;
  edgeV: Int32Array;
  score: Float64Array;
  /** round(score^exponent * WEIGHT_SCALE) (weights.matching.exponent), always >= 1; scaled by feedback.lowPriorityFactor at a low-priority member. */
  weight: Int32Array;
  /** Per vertex, its own top-k list (vertex ids, best first but for hubs past weights.candidates.hubCap, moved to the end) — the recommendations pool. */
  topK: { offsets: Int32Array; items: Int32Array };
  /** threads: those that computed lists (a worker that could not start computes none). */
  stats: { postingsRead: number; features: number; rescored: number; threads: number };
}

export interface CandidateOptions {
  seed: number | string;
  /**
   * Threads that compute the lists (this one and worker threads); default: the machine's cores up
   * to 4 from PARALLEL_FROM eligible members, else 1 (the server passes MATCHING_THREADS from env.ts). The graph is the same
   * for any number.
   */
  threads?: number;
}

export interface Index {
  offsets: Int32Array;
  /** Per feature, postings by weight descending (ties: seeded rank): the highest contributions first. */
  members: Int32Array;
  weights: Float32Array;
  /** The same postings per feature grouped by city (ascending id), by weight descending in a city. */
  byCity: Int32Array;
  byCityWeights: Float32Array;
  /** Mutual keys' second direction (see memberFeatures), 0 elsewhere. */
  weights2: Float32Array;
  byCityWeights2: Float32Array;
  /** Per posting of `members`, its member's small-terms signature (smallTermSignatures): 64 bits and the norm; null when the scan is off (scanExtra 0). */
  scan: ScanIndex | null;
  /** Per member, its signature's two words (at 2i, 2i + 1). */
  memberSig: Int32Array;
  features: number;
}

/** First position in [lo, hi) of `members` whose city is >= city (the list is sorted by city). */
function cityStart(members: Int32Array, cityId: Int32Array, lo: number, hi: number, city: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cityId[members[mid] as number] as number) < city) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Query (and document) features of member i, appended to `feat` / `w`. A mutual key's posting
 * carries each direction apart: `w` the first (u's need of x / v's offer of x), `w2` the second
 * (u's offer of y / v's need of y); `w2` is 0 for the other features.
 */
function memberFeatures(m: CommunityModel, i: number, query: boolean, feat: number[], w: number[], w2: number[], withCity = true, c: ComponentWeights = m.components): void {
  const share = m.weights.complementarity.maxShare;
  const nTags = m.tagNames.length;
  const nTerms = m.termNames.length;
  const nAns = m.answerNames.length;
  const tagNorm = m.tagNorm[i] as number;
  if (c.tags > 0 && tagNorm > 0) {
    for (let p = m.tags.offsets[i] as number; p < (m.tags.offsets[i + 1] as number); p++) {
      const t = m.tags.items[p] as number;
      feat.push(t);
      w.push(((query ? c.tags : 1) * (m.tagIdf[t] as number)) / tagNorm);
    }
  }
  if (c.complementarity > 0) {
    // Feature "need:t" (base nTags) is matched by the querying member's offer, and vice versa.
    for (let p = m.need.offsets[i] as number; p < (m.need.offsets[i + 1] as number); p++) {
      feat.push(query ? nTags + nTerms + (m.need.items[p] as number) : nTags + (m.need.items[p] as number));
      w.push((query ? c.complementarity * share : 1) * (m.need.weights[p] as number));
    }
    for (let p = m.offer.offsets[i] as number; p < (m.offer.offsets[i + 1] as number); p++) {
      feat.push(query ? nTags + (m.offer.items[p] as number) : nTags + nTerms + (m.offer.items[p] as number));
      w.push((query ? c.complementarity * share : 1) * (m.offer.weights[p] as number));
    }
  }
  const ansNorm = m.answerNorm[i] as number;
  if (c.answers > 0 && ansNorm > 0) {
    for (let p = m.answers.offsets[i] as number; p < (m.answers.offsets[i + 1] as number); p++) {
      const a = m.answers.items[p] as number;
      feat.push(nTags + 2 * nTerms + a);
      w.push(((query ? c.answers : 1) * (m.answerIdf[a] as number)) / ansNorm);
    }
  }
  const city = m.cityId[i] as number;
  if (withCity && c.city > 0 && city >= 0) {
    feat.push(nTags + 2 * nTerms + nAns + city);
    w.push(query ? c.city : 1);
  }
  if (c.topics > 0) {
    // Need <-> offer concepts and topics: "cneed:x" at base + x, "coffer:x" at base + nConcepts + x,
    // a query's need reads the others' offers and the other way round (as terms above).
    const base = nTags + 2 * nTerms + nAns + m.cityNames.length;
    const nC = m.conceptNames.length;
    const share = m.weights.topics.maxShare;
    const lam = m.weights.topics.coverageShare;
    for (let p = m.cneed.offsets[i] as number; p < (m.cneed.offsets[i + 1] as number); p++) {
      feat.push(query ? base + nC + (m.cneed.items[p] as number) : base + (m.cneed.items[p] as number));
      // The need's share and its directness, as relevance's cover() weighs them (an upper bound of the max).
      const need = lam * (m.cneed.weights[p] as number) + (1 - lam) * (m.cneedRaw[p] as number);
      w.push((query ? c.topics * share : 1) * need);
    }
    for (let p = m.coffer.offsets[i] as number; p < (m.coffer.offsets[i + 1] as number); p++) {
      feat.push(query ? base + (m.coffer.items[p] as number) : base + nC + (m.coffer.items[p] as number));
      w.push((query ? c.topics * share : 1) * (m.coffer.weights[p] as number));
    }
    // Mutual keys "x needed by one, offered by the other, and y the other way round" over directly
    // stated needs and offers: a member who helps u and whom u helps is found through one short
    // list, where the two single lists are long and read only in part at scale.
    const pairBase = base + 2 * nC;
    for (let p = m.cneed.offsets[i] as number; p < (m.cneed.offsets[i + 1] as number); p++) {
      if ((m.cneedRaw[p] as number) <= 0) continue;
      const x = m.cneed.items[p] as number;
      const need = lam * (m.cneed.weights[p] as number) + (1 - lam) * (m.cneedRaw[p] as number);
      for (let q = m.coffer.offsets[i] as number; q < (m.coffer.offsets[i + 1] as number); q++) {
        if (!m.directOffer[q]) continue;
        const y = m.coffer.items[q] as number;
        // Query: u needs x and offers y; document: v offers x and needs y (the same key).
        while (w2.length < w.length) w2.push(0);
        feat.push(query ? pairBase + x * nC + y : pairBase + y * nC + x);
        w.push(query ? need : (m.coffer.weights[q] as number));
        w2.push(query ? (m.coffer.weights[q] as number) : need);
      }
    }
  }
  while (w2.length < w.length) w2.push(0);
}

/**
 * Per member, a 64-bit sign projection (SimHash: the signs of its products with 64 seeded ±1
 * directions) of an embedding of its small terms, built so that the product of an asker's query
 * embedding and a member's document embedding approximates those terms of their score: the about
 * sketch (scaled as sketchAbout scales it), tags and answers (IDF-weighted and normalised as their
 * cosines, each times the root of its weight) and the words' need <-> offer (the asker's need against
 * the member's offer, and the other way round, at half the weight each: the two directions summed
 * where the score mixes them). Returns the document signatures (lo, hi) with the embedding's norm,
 * and the query signatures (qLo, qHi). Two signatures h apart estimate the cosine of the embeddings
 * as cos(pi * h / 64); times the member's norm, that ranks the members of a tie for the asker
 * (weights.candidates.scanExtra).
 */
export function smallTermSignatures(m: CommunityModel): { lo: Int32Array; hi: Int32Array; norm: Float32Array; qLo: Int32Array; qHi: Int32Array } {
  const n = m.n;
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const qLo = new Int32Array(n);
  const qHi = new Int32Array(n);
  const norm = new Float32Array(n);
  const proj = new Float64Array(64);
  const qProj = new Float64Array(64);
  const s = m.vectors;
  const vc = m.vectorComponents;
  const c = vc ?? m.components;
  const { floor, ceiling } = m.weights.semantic;
  const aboutW = s && vc ? Math.sqrt((vc.about * s.aboutScale) / (ceiling - floor)) : 0;
  const nTags = m.tagNames.length;
  const nAns = m.answerNames.length;
  const nTerms = m.termNames.length;
  const compW = Math.sqrt(c.complementarity / 2);
  const add = (into: Float64Array, f: number, x: number): void => {
    const a = mix32(f, 0x5eed);
    const b = mix32(f, 0x5eee);
    for (let bit = 0; bit < 32; bit++) {
      into[bit] = (into[bit] as number) + ((a >>> bit) & 1 ? x : -x);
      into[32 + bit] = (into[32 + bit] as number) + ((b >>> bit) & 1 ? x : -x);
    }
  };
  // The about sketch's, tags' and answers' part is the same on both sides: made once a member
  // (the about dimensions' signs once for all), then each side's words are added to a copy of it.
  const common = new Float64Array(64);
  const aboutSigns = new Float64Array(ABOUT_DIM * 64);
  for (let d = 0; d < ABOUT_DIM; d++) {
    const a = mix32(d, 0x5eed);
    const b = mix32(d, 0x5eee);
    for (let bit = 0; bit < 32; bit++) {
      aboutSigns[d * 64 + bit] = (a >>> bit) & 1 ? 1 : -1;
      aboutSigns[d * 64 + 32 + bit] = (b >>> bit) & 1 ? 1 : -1;
    }
  }
  const bits = (from: Float64Array, out0: Int32Array, out1: Int32Array, i: number): void => {
    let l = 0;
    let h = 0;
    for (let bit = 0; bit < 32; bit++) {
      if ((from[bit] as number) > 0) l |= 1 << bit;
      if ((from[32 + bit] as number) > 0) h |= 1 << bit;
    }
    out0[i] = l;
    out1[i] = h;
  };
  for (let i = 0; i < n; i++) {
    common.fill(0);
    let sq = 0;
    if (s && vc && s.ok[i] === 1 && aboutW > 0) {
      const at = i * SKETCH_RECORD + ABOUT_AT;
      for (let d = 0; d < ABOUT_DIM; d++) {
        const x = aboutW * (s.sketch[at + d] as number);
        sq += x * x;
        for (let bit = 0; bit < 64; bit++) common[bit] = (common[bit] as number) + x * (aboutSigns[d * 64 + bit] as number);
      }
    }
    const tagNorm = m.tagNorm[i] as number;
    if (c.tags > 0 && tagNorm > 0) {
      for (let p = m.tags.offsets[i] as number; p < (m.tags.offsets[i + 1] as number); p++) {
        const t = m.tags.items[p] as number;
        const x = (Math.sqrt(c.tags) * (m.tagIdf[t] as number)) / tagNorm;
        sq += x * x;
        add(common, ABOUT_DIM + t, x);
      }
    }
    const ansNorm = m.answerNorm[i] as number;
    if (c.answers > 0 && ansNorm > 0) {
      for (let p = m.answers.offsets[i] as number; p < (m.answers.offsets[i + 1] as number); p++) {
        const a = m.answers.items[p] as number;
        const x = (Math.sqrt(c.answers) * (m.answerIdf[a] as number)) / ansNorm;
        sq += x * x;
        add(common, ABOUT_DIM + nTags + a, x);
      }
    }
    proj.set(common);
    qProj.set(common);
    if (compW > 0) {
      // Words: the asker's need meets the member's offer at A_t, the asker's offer the member's need at B_t.
      const A = ABOUT_DIM + nTags + nAns;
      const B = A + nTerms;
      for (let p = m.need.offsets[i] as number; p < (m.need.offsets[i + 1] as number); p++) {
        const x = compW * (m.need.weights[p] as number);
        sq += x * x;
        add(qProj, A + (m.need.items[p] as number), x);
        add(proj, B + (m.need.items[p] as number), x);
      }
      for (let p = m.offer.offsets[i] as number; p < (m.offer.offsets[i + 1] as number); p++) {
        const x = compW * (m.offer.weights[p] as number);
        sq += x * x;
        add(qProj, B + (m.offer.items[p] as number), x);
        add(proj, A + (m.offer.items[p] as number), x);
      }
    }
    bits(proj, lo, hi, i);
    bits(qProj, qLo, qHi, i);
    norm[i] = Math.sqrt(sq);
  }
  return { lo, hi, norm, qLo, qHi };
}

export function buildIndex(m: CommunityModel, ctx: ListContext, sharedMemory = false): Index {
  // Before any list is filled (the workers wait for this index): the sketch records' tags and answers.
  writeSmallTerms(m);
  // Equal weights are ordered by the members' tie rank (weights.candidates.tieSample), else the seeded one.
  const rank = m.weights.candidates.tieSample > 0 ? tieRank(m, ctx) : ctx.rank;
  // The postings are laid down in that rank's order (ranks are 0 .. nv - 1), so a stable sort by
  // weight alone leaves equal weights in rank order: most of a long list is runs of equal weights.
  const order = new Int32Array(ctx.nv);
  for (const i of ctx.order) order[rank[i] as number] = i;
  const nC = m.conceptNames.length;
  const features = m.tagNames.length + 2 * m.termNames.length + m.answerNames.length + m.cityNames.length + 2 * nC + nC * nC;
  // For worker threads the postings are made in shared memory, where the workers read them in
  // place: a copy beside them would be the index twice over while the lists are computed.
  const Buffer = sharedMemory ? SharedArrayBuffer : ArrayBuffer;
  const ints = (length: number) => new Int32Array(new Buffer(4 * length));
  const floats = (length: number) => new Float32Array(new Buffer(4 * length));
  const counts = ints(features + 1);
  const feat: number[] = [];
  const w: number[] = [];
  const w2: number[] = [];
  for (const i of order) {
    feat.length = 0;
    w.length = 0;
    w2.length = 0;
    memberFeatures(m, i, false, feat, w, w2, false);
    for (const f of feat) counts[f + 1] = (counts[f + 1] as number) + 1;
  }
  for (let f = 0; f < features; f++) counts[f + 1] = (counts[f + 1] as number) + (counts[f] as number);
  const total = counts[features] as number;
  const members = ints(total);
  const weights = floats(total);
  const weights2 = floats(total);
  const fill = counts.slice(0, features);
  for (const i of order) {
    feat.length = 0;
    w.length = 0;
    w2.length = 0;
    memberFeatures(m, i, false, feat, w, w2, false);
    for (let k = 0; k < feat.length; k++) {
      const f = feat[k] as number;
      const at = fill[f] as number;
      members[at] = i;
      weights[at] = w[k] as number;
      weights2[at] = w2[k] as number;
      fill[f] = at + 1;
    }
  }
  // Impact order: a capped read of a long list takes its largest contributions.
  const byCity = ints(total);
  const byCityWeights = floats(total);
  const byCityWeights2 = floats(total);
  const cityId = m.cityId;
  // A mutual posting's impact is the product of its two directions.
  const impact = (p: number): number => ((weights2[p] as number) > 0 ? (weights[p] as number) * (weights2[p] as number) : (weights[p] as number));
  let idx: number[] = [];
  for (let f = 0; f < features; f++) {
    const start = counts[f] as number;
    const end = counts[f + 1] as number;
    if (end - start < 2) {
      if (end > start) {
        byCity[start] = members[start] as number;
        byCityWeights[start] = weights[start] as number;
        byCityWeights2[start] = weights2[start] as number;
      }
      continue;
    }
    idx = [];
    for (let p = start; p < end; p++) idx.push(p);
    // Stable sorts (equal weights stay in rank order, equal cities in that order).
    idx.sort((x, y) => impact(y) - impact(x));
    const cityIdx = idx.slice();
    cityIdx.sort((x, y) => (cityId[members[x] as number] as number) - (cityId[members[y] as number] as number));
    const mm = idx.map((p) => members[p] as number);
    const ww = idx.map((p) => weights[p] as number);
    const ww2 = idx.map((p) => weights2[p] as number);
    for (let t = 0; t < cityIdx.length; t++) {
      byCity[start + t] = members[cityIdx[t] as number] as number;
      byCityWeights[start + t] = weights[cityIdx[t] as number] as number;
      byCityWeights2[start + t] = weights2[cityIdx[t] as number] as number;
    }
    members.set(mm, start);
    weights.set(ww, start);
    weights2.set(ww2, start);
  }
  // The signatures only where the scan reads them (weights.candidates.scanExtra): 12 bytes a posting.
  const scanned = m.weights.candidates.scanExtra > 0;
  const sig = scanned ? smallTermSignatures(m) : null;
  // A run is never longer than the whole index: a small community's scratch slots stay small.
  const scan = sig ? scanIndex(total, Math.min(m.weights.candidates.scanLimit, total)) : null;
  const memberSig = ints(scanned ? 2 * m.n : 0);
  if (sig && scan) {
    for (let p = 0; p < total; p++) {
      const v = members[p] as number;
      scan.sig[2 * p] = sig.lo[v] as number;
      scan.sig[2 * p + 1] = sig.hi[v] as number;
      scan.norm[p] = sig.norm[v] as number;
    }
    for (let i = 0; i < m.n; i++) {
      memberSig[2 * i] = sig.qLo[i] as number;
      memberSig[2 * i + 1] = sig.qHi[i] as number;
    }
  }
  return { offsets: counts, members, weights, weights2, byCity, byCityWeights, byCityWeights2, scan, memberSig, features };
}

/** Bounded min-heap of (score, member), ties broken by a seeded rank (lower rank wins). */
class TopHeap {
  readonly score: Float64Array;
  readonly item: Int32Array;
  size = 0;

  constructor(
    readonly capacity: number,
    private readonly rank: Int32Array,
  ) {
    this.score = new Float64Array(capacity);
    this.item = new Int32Array(capacity);
  }

  /** True when (s1, i1) ranks below (s2, i2). */
  private worse(s1: number, i1: number, s2: number, i2: number): boolean {
    return s1 < s2 || (s1 === s2 && (this.rank[i1] as number) > (this.rank[i2] as number));
  }

  clear(): void {
    this.size = 0;
  }

  /** Lowest score kept (the root); meaningful once the heap is full. */
  minScore(): number {
    return this.score[0] as number;
  }

  push(s: number, i: number): void {
    if (this.size < this.capacity) {
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!this.worse(s, i, this.score[parent] as number, this.item[parent] as number)) break;
        this.score[at] = this.score[parent] as number;
        this.item[at] = this.item[parent] as number;
        at = parent;
      }
      this.score[at] = s;
      this.item[at] = i;
      return;
    }
    if (!this.worse(this.score[0] as number, this.item[0] as number, s, i)) return;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) break;
      const right = child + 1;
      if (right < this.size && this.worse(this.score[right] as number, this.item[right] as number, this.score[child] as number, this.item[child] as number)) child = right;
      if (!this.worse(this.score[child] as number, this.item[child] as number, s, i)) break;
      this.score[at] = this.score[child] as number;
      this.item[at] = this.item[child] as number;
      at = child;
    }
    this.score[at] = s;
    this.item[at] = i;
  }

  /** Contents best first (destroys the heap order). */
  drainBestFirst(outItems: number[], outScores: number[]): void {
    const idx = Array.from({ length: this.size }, (_, k) => k);
    idx.sort((x, y) => {
      const sx = this.score[x] as number;
      const sy = this.score[y] as number;
      if (sx !== sy) return sy - sx;
      return (this.rank[this.item[x] as number] as number) - (this.rank[this.item[y] as number] as number);
    });
    for (const k of idx) {
      outItems.push(this.item[k] as number);
      outScores.push(this.score[k] as number);
    }
    this.size = 0;
  }

  /** Scores v in full (`dense` bound to the asker) against the k-th best so far, and keeps it if it makes the list. */
  scoreAndPush(dense: DenseScorer, v: number): void {
    const s = dense.score(v, true, this.size === this.capacity ? this.minScore() : Number.NEGATIVE_INFINITY);
    if (Math.round(s * WEIGHT_SCALE) >= 1) this.push(s, v);
  }

  /** Empties the list best first into vertex vu's slots of `out` (capacity slots a vertex); `items` and `scores` are scratch. */
  drainInto(out: ListsOut, vu: number, vertexOf: Int32Array, items: number[], scores: number[]): void {
    items.length = 0;
    scores.length = 0;
    this.drainBestFirst(items, scores);
    const at = vu * this.capacity;
    for (let r = 0; r < items.length; r++) {
      out.items[at + r] = vertexOf[items[r] as number] as number;
      out.scores[at + r] = scores[r] as number;
    }
    out.count[vu] = items.length;
  }
}

/** Each vertex's reverse list: who listed it in their first-pass list, with the score (shared with the workers when there are any). */
export interface Reverse {
  offsets: Int32Array;
  items: Int32Array;
  scores: Float64Array;
}

function reverseLists(first: ListsOut, nv: number, k: number, inShared: boolean): Reverse {
  const Buffer = inShared ? SharedArrayBuffer : ArrayBuffer;
  const offsets = new Int32Array(new Buffer(4 * (nv + 1)));
  for (let vu = 0; vu < nv; vu++) {
    for (let r = 0; r < (first.count[vu] as number); r++) {
      const x = first.items[vu * k + r] as number;
      offsets[x + 1] = (offsets[x + 1] as number) + 1;
    }
  }
  for (let x = 0; x < nv; x++) offsets[x + 1] = (offsets[x + 1] as number) + (offsets[x] as number);
  const total = offsets[nv] as number;
  const items = new Int32Array(new Buffer(4 * total));
  const scores = new Float64Array(new Buffer(8 * total));
  const at = offsets.slice(0, nv);
  for (let vu = 0; vu < nv; vu++) {
    for (let r = 0; r < (first.count[vu] as number); r++) {
      const x = first.items[vu * k + r] as number;
      items[at[x] as number] = vu;
      scores[at[x] as number] = first.scores[vu * k + r] as number;
      at[x] = (at[x] as number) + 1;
    }
  }
  return { offsets, items, scores };
}

/**
 * One round of NN-descent over the blocks it claims: each vertex's list becomes the best k of its
 * own list, the members who listed it (reverse lists: relevance is symmetric, so their scores are
 * known) and the first `refine` entries of the lists of its first `refine` partners, scored in full. Reads `first` (k slots per vertex), writes `out`
 * the same way; every list depends on the first lists alone, so any number of threads gives the same.
 */
export function refineBlocks(m: CommunityModel, ctx: ListContext, first: ListsOut, rev: Reverse, claim: () => number, done: () => void, out: ListsOut): void {
  const { memberOf, vertexOf, nv, visit, rank } = ctx;
  const { k, refine } = m.weights.candidates;
  const n = m.n;
  const mark = new Int32Array(n);
  const banned = new Int32Array(n);
  const companyId = m.companyId;
  const best = new TopHeap(k, rank);
  const dense = new DenseScorer(m);
  const items: number[] = [];
  const scores: number[] = [];
  let rescored = 0;
  for (let block = claim(); block >= 0; block = claim()) {
    for (let t = block * LIST_BLOCK; t < Math.min(nv, (block + 1) * LIST_BLOCK); t++) {
      const vu = visit[t] as number;
      const u = memberOf[vu] as number;
      const stamp = u + 1;
      const company = companyId[u] as number;
      banned[u] = stamp;
      mark[u] = stamp;
      for (let p = m.exclusionsOf.offsets[u] as number; p < (m.exclusionsOf.offsets[u + 1] as number); p++) banned[m.exclusionsOf.items[p] as number] = stamp;
      best.clear();
      const own = vu * k;
      const ownCount = first.count[vu] as number;
      for (let r = 0; r < ownCount; r++) {
        const v = memberOf[first.items[own + r] as number] as number;
        mark[v] = stamp;
        best.push(first.scores[own + r] as number, v);
      }
      for (let p = rev.offsets[vu] as number; p < (rev.offsets[vu + 1] as number); p++) {
        const v = memberOf[rev.items[p] as number] as number;
        if (mark[v] === stamp) continue;
        mark[v] = stamp;
        best.push(rev.scores[p] as number, v);
      }
      dense.bind(u);
      for (let r = 0; r < Math.min(ownCount, refine); r++) {
        const w = first.items[own + r] as number;
        const wCount = Math.min(first.count[w] as number, refine);
        for (let q = 0; q < wCount; q++) {
          const v = memberOf[first.items[w * k + q] as number] as number;
          if (mark[v] === stamp) continue;
          mark[v] = stamp;
          if (banned[v] === stamp || (company >= 0 && companyId[v] === company)) continue;
          if (best.size === k && dense.ceiling(v, dense.prescore(v)) < best.minScore()) continue;
          rescored++;
          best.scoreAndPush(dense, v);
        }
      }
      best.drainInto(out, vu, vertexOf, items, scores);
    }
    out.stats[1] = (out.stats[1] as number) + rescored;
    out.stats[2] = (out.stats[2] as number) + 1;
    rescored = 0;
    done();
  }
}

/** Vertices ordered by (city, strongest need concept, strongest offer concept), ties by vertex. */
function visitOrder(m: CommunityModel, memberOf: Int32Array): Int32Array {
  const nv = memberOf.length;
  const key = new Float64Array(nv);
  const nC = m.conceptNames.length + 1;
  const strongest = (csr: { offsets: Int32Array; items: Int32Array; weights: Float64Array }, i: number): number => {
    let best = -1;
    let bw = -1;
    for (let p = csr.offsets[i] as number; p < (csr.offsets[i + 1] as number); p++) {
      if ((csr.weights[p] as number) > bw) {
        bw = csr.weights[p] as number;
        best = csr.items[p] as number;
      }
    }
    return best + 1;
  };
  for (let vu = 0; vu < nv; vu++) {
    const i = memberOf[vu] as number;
    key[vu] = (((m.cityId[i] as number) + 1) * nC + strongest(m.cneed, i)) * nC + strongest(m.coffer, i);
  }
  const order = Int32Array.from({ length: nv }, (_, x) => x);
  order.sort((x, y) => (key[x] as number) - (key[y] as number) || x - y);
  return order;
}

/** Vertices handed out per claim: the threads share the visit order by blocks. */
export const LIST_BLOCK = 256;

/** What every thread computing lists derives from (model, seed) alone. */
export interface ListContext {
  nv: number;
  memberOf: Int32Array;
  vertexOf: Int32Array;
  /** Members in the seeded order (postings order), and each member's rank in it (tie-breaks). */
  order: Int32Array;
  rank: Int32Array;
  /** Vertices grouped by city and strongest need and offer (see visitOrder). */
  visit: Int32Array;
  seed: number;
}

export function listContext(m: CommunityModel, seedValue: number | string): ListContext {
  const seed = seedOf(seedValue);
  const rng = new Rng(seed);
  const n = m.n;
  const vertexOf = new Int32Array(n).fill(-1);
  const memberList: number[] = [];
  for (let i = 0; i < n; i++) {
    if (m.eligible[i]) {
      vertexOf[i] = memberList.length;
      memberList.push(i);
    }
  }
  const memberOf = Int32Array.from(memberList);
  const nv = memberOf.length;
  // Seeded order: postings order, and the tie-break rank between equal scores.
  const perm = permutation(nv, rng);
  const order = Int32Array.from(perm, (p) => memberOf[p] as number);
  const rank = new Int32Array(n);
  order.forEach((i, r) => {
    rank[i] = r;
  });
  // Members are visited grouped by city and strongest need and offer: neighbours in that order read
  // the same postings and score the same candidates, whose records are then still in cache.
  return { nv, memberOf, vertexOf, order, rank, visit: visitOrder(m, memberOf), seed };
}

/** The first pass's lists: k slots per vertex, `count` of them used; stats: postings read, rescored, blocks. */
export interface ListsOut {
  count: Int32Array;
  items: Int32Array;
  scores: Float64Array;
  stats: Float64Array;
}

/**
 * Members whose records the sketch stage, the prescore and the pool scored in full each ask for at
 * once (a power of 2): at 100k members the records are beyond the core's cache and read at random,
 * so a batch's first bytes are read before any is worked on, and their cache misses overlap
 * instead of queueing one behind another's arithmetic (one thread: the stage's and the prescore's
 * about 5-10% of the candidate graph's time at 60k-100k, the pool's about 3% at 60k).
 */
const STAGE_BATCH = 16;
/** Where those early reads go (the compiler would drop reads whose values nobody keeps). */
let touchSink = 0;

/** Reads `count` bytes `step` apart of each record (`stride` bytes a member) of items[from, to): see STAGE_BATCH. */
function touchRows(bytes: Int8Array, items: ArrayLike<number>, from: number, to: number, stride: number, step: number, count: number): void {
  let t = touchSink;
  for (let b = from; b < to; b++) {
    const o = (items[b] as number) * stride;
    for (let j = 0; j < count; j++) t ^= bytes[o + j * step] as number;
  }
  touchSink = t;
}

/**
 * The first pass (see the top of this file) for the blocks of the visit order that `claim()` hands
 * out (-1: none left); `done()` after each block. Each vertex's list depends on the model, the seed
 * and the index alone, so any split of the blocks between threads gives the same lists.
 */
export function fillLists(m: CommunityModel, ctx: ListContext, index: Index, claim: () => number, done: () => void, out: ListsOut): void {
  const { k, postingsCap, cityPostingsCap, memberBudget, vectorMemberBudget } = m.weights.candidates;
  const rescorePool = m.vectors ? m.weights.candidates.vectorRescorePool : m.weights.candidates.rescorePool;
  const withSketch = m.vectors !== null && m.vectorComponents !== null;
  const { nv, memberOf, vertexOf, order, rank, visit, seed } = ctx;
  const n = m.n;
  const mutualFrom = index.features - m.conceptNames.length * m.conceptNames.length;
  // Members by city in the seeded order: the fill for members with little else in common.
  const cityOffsets = new Int32Array(m.cityNames.length + 1);
  for (const i of order) if ((m.cityId[i] as number) >= 0) cityOffsets[(m.cityId[i] as number) + 1] = (cityOffsets[(m.cityId[i] as number) + 1] as number) + 1;
  for (let c = 0; c < m.cityNames.length; c++) cityOffsets[c + 1] = (cityOffsets[c + 1] as number) + (cityOffsets[c] as number);
  const cityMembers = new Int32Array(cityOffsets[m.cityNames.length] as number);
  {
    const at = cityOffsets.slice(0, m.cityNames.length);
    for (const i of order) {
      const c = m.cityId[i] as number;
      if (c < 0) continue;
      cityMembers[at[c] as number] = i;
      at[c] = (at[c] as number) + 1;
    }
  }
  let seenStamp = 0;
  // Postings of long lists are read capped, and need <-> offer is max/min-mixed, so the accumulated
  // proxy orders candidates only roughly. The best `preselect` x rescorePool by the proxy get every
  // component but the texts exactly (DenseScorer without texts: the short part of the records) plus
  // the texts' proxy, which is kept apart here; the pool scored in full is chosen by that.
  const textsFrom = m.tagNames.length;
  const textsTo = textsFrom + 2 * m.termNames.length;
  // Need <-> offer is accumulated per direction and mixed as relevance mixes it (each direction's
  // coverage capped at 1, then maxShare x max + (1 - maxShare) x min): a partner who meets u's need
  // through a concept, its topic and a mutual key is not counted three times over one who helps
  // both ways. accIn: v covers u's need (u's needs read the offers), accOut: u covers v's need;
  // the mutual keys' two directions are summed apart (each need and offer once per partner) and
  // taken as a max beside those sums (the same concepts again).
  const topicsFrom = textsTo + m.answerNames.length + m.cityNames.length;
  const offersFrom = topicsFrom + m.conceptNames.length;
  // The randomly accessed scratch is one 64-byte slot per member (a cache line): at 100k members
  // it is the cache misses here that cost, not arithmetic, so everything a touched member is judged
  // on is in its slot. Float32: [0] the rest (tags, answers), [1] the texts, [2] accIn, [3] accOut,
  // [4] [5] the mutual keys' two directions, [10] the member's multiplier; Int32: [6] the stamp of
  // the feature last read (a posting seen in the city part is not read again) or the mutual keys'
  // bit mask, [7] the stamp of the member u that touched it (its accumulators are reset then),
  // [8] city, [9] company, [11] the stamp of the u it is excluded for; float32: [12] its prescore,
  // [13] its proxy without the plain sum of overlaps, [14] the sketches' estimate of its vectors' terms.
  const ACC = 16;
  const acc = new Float32Array(n * ACC);
  const stamps = new Int32Array(acc.buffer);
  for (let i = 0; i < n; i++) {
    stamps[i * ACC + 8] = m.cityId[i] as number;
    stamps[i * ACC + 9] = m.companyId[i] as number;
    acc[i * ACC + 10] = m.memberMultiplier[i] as number;
  }
  const topicsShare = m.weights.topics.maxShare;
  // Beside that mixed value, the plain sum of every need <-> offer overlap found (concepts, their
  // topics, mutual keys) at this weight: partners who share more of u's needs and offers tend to
  // share their wording and tags too, which break the many ties of the mixed value at scale.
  const EXCESS = 0.5;
  const preCap = (m.vectors ? m.weights.candidates.vectorPreselect : m.weights.candidates.preselect) * rescorePool;
  const preScores = new Float64Array(2 * preCap);
  const preItems = new Int32Array(2 * preCap);

  const companyId = m.companyId;
  const rescoredMark = new Int32Array(n);
  const touched = new Int32Array(n);
  const dense = new DenseScorer(m);
  const sketchOf = sketchKernel(m);
  const best = new TopHeap(k, rank);
  const qFeat: number[] = [];
  const qW: number[] = [];
  const qW2: number[] = [];
  const qOrder: number[] = [];
  const qBits: number[] = [];
  const qNeedW: number[] = [];
  const nConcepts = m.conceptNames.length;
  const xBit = new Int32Array(nConcepts);
  const yBit = new Int32Array(nConcepts);
  const xPos = new Int32Array(nConcepts);
  const yPos = new Int32Array(nConcepts);
  const poolItems: number[] = [];
  const poolScores: number[] = [];
  const nearItems: number[] = [];
  const { scanExtra, scanLimit, prescorePool } = m.weights.candidates;
  const scan = index.scan === null ? null : scanner(index.scan);
  const { memberSig } = index;
  let postingsRead = 0;
  let rescored = 0;

  for (let block = claim(); block >= 0; block = claim()) {
   for (let t = block * LIST_BLOCK; t < Math.min(nv, (block + 1) * LIST_BLOCK); t++) {
    const vu = visit[t] as number;
    const u = memberOf[vu] as number;
    const stamp = u + 1;
    const company = companyId[u] as number;
    stamps[u * ACC + 11] = stamp;
    for (let p = m.exclusionsOf.offsets[u] as number; p < (m.exclusionsOf.offsets[u + 1] as number); p++) stamps[(m.exclusionsOf.items[p] as number) * ACC + 11] = stamp;

    qFeat.length = 0;
    qW.length = 0;
    qW2.length = 0;
    // The postings are weighed as u's pairs are scored: with the vectors' weights where both have
    // vectors (most of u's pairs when u has them), where the words-and-lexicon weights would make the
    // topics six times what they count.
    const sketchStage = withSketch && (m.vectors as SemanticVectors).ok[u] === 1;
    const cu = sketchStage ? (m.vectorComponents as Required<ComponentWeights>) : m.components;
    const cityBonus = cu.city;
    const topicsScale = cu.topics > 0 ? 1 / (cu.topics * topicsShare) : 0;
    const excess = m.components.topics > 0 ? (EXCESS * cu.topics) / m.components.topics : 0;
    memberFeatures(m, u, true, qFeat, qW, qW2, false, cu);
    qOrder.length = 0;
    qBits.length = 0;
    qNeedW.length = 0;
    let nx = 0;
    let ny = 0;
    for (let q = 0; q < qFeat.length; q++) {
      qOrder.push(q);
      qNeedW.push(qW[q] as number);
      qBits.push(0);
      // A mutual key is read for both directions of need <-> offer at once.
      const f = qFeat[q] as number;
      if (f >= mutualFrom) {
        qW[q] = cu.topics * (qW[q] as number) * (qW2[q] as number);
        const x = Math.floor((f - mutualFrom) / nConcepts);
        const y = (f - mutualFrom) % nConcepts;
        if (xBit[x] !== stamp) {
          xBit[x] = stamp;
          xPos[x] = nx < 15 ? nx++ : 15;
        }
        if (yBit[y] !== stamp) {
          yBit[y] = stamp;
          yPos[y] = ny < 15 ? ny++ : 15;
        }
        qBits[q] = (1 << (xPos[x] as number)) | (1 << (16 + (yPos[y] as number)));
      }
    }
    // Mutual keys first: a member who helps u and whom u helps is most of u's best partners at scale
    // (both directions of need <-> offer), and their lists are the short ones.
    qOrder.sort(
      (x, y) =>
        Number((qFeat[y] as number) >= mutualFrom) - Number((qFeat[x] as number) >= mutualFrom) ||
        (qW[y] as number) - (qW[x] as number) ||
        (qFeat[x] as number) - (qFeat[y] as number),
    );
    const city = m.cityId[u] as number;

    let nTouched = 0;
    let budget = sketchStage ? vectorMemberBudget : memberBudget;
    for (const q of qOrder) {
      if (budget <= 0) break;
      const f = qFeat[q] as number;
      const start = index.offsets[f] as number;
      const end = index.offsets[f + 1] as number;
      if (end === start) continue;
      // 0: mutual key, 1: u's offer against needs, 2: u's need against offers, 3: texts, 4: the rest.
      const kind = f >= mutualFrom ? 0 : f >= offersFrom ? 2 : f >= topicsFrom ? 1 : f >= textsFrom && f < textsTo ? 3 : 4;
      const qw = kind === 1 || kind === 2 ? (qW[q] as number) * topicsScale : (qW[q] as number);
      const qw2 = qW2[q] as number;
      const slot = kind === 1 ? 3 : kind === 2 ? 2 : kind === 3 ? 1 : 0;
      seenStamp--;
      // Same-city postings first (they carry the city bonus), then the list's best overall.
      for (let pass = 0; pass < 2; pass++) {
        const byCity = pass === 0;
        if (byCity && (city < 0 || cityBonus <= 0)) continue;
        const list = byCity ? index.byCity : index.members;
        const lw = byCity ? index.byCityWeights : index.weights;
        const lw2 = byCity ? index.byCityWeights2 : index.weights2;
        const from = byCity ? cityStart(index.byCity, m.cityId, start, end, city) : start;
        const to = byCity ? cityStart(index.byCity, m.cityId, from, end, city + 1) : end;
        const take = Math.min(to - from, byCity && (kind === 1 || kind === 2) ? cityPostingsCap : postingsCap, budget);
        budget -= take;
        postingsRead += take;
        // Past the cut of a run of equal weights: the members of the rest of the run whose small
        // terms (signatures) promise most.
        let nExtra = 0;
        if (scan !== null && !byCity && kind <= 2 && take === postingsCap && from + take < to) {
          const cut = from + take - 1;
          const imp = kind === 0 ? (lw[cut] as number) * (lw2[cut] as number) : (lw[cut] as number);
          const scanEnd = Math.min(to, from + take + scanLimit);
          let runEnd = from + take;
          if (kind === 0) while (runEnd < scanEnd && (lw[runEnd] as number) * (lw2[runEnd] as number) === imp) runEnd++;
          else while (runEnd < scanEnd && lw[runEnd] === imp) runEnd++;
          postingsRead += runEnd - (from + take);
          nExtra = scan.run(from + take, runEnd, memberSig[2 * u] as number, memberSig[2 * u + 1] as number, scanExtra);
        }
        const count = take + nExtra;
        if (kind === 0) {
          const bx = (qBits[q] as number) & 0xffff;
          const by = (qBits[q] as number) & ~0xffff;
          const qn = qNeedW[q] as number;
          for (let r = 0; r < count; r++) {
            const p = r < take ? from + r : (scan as Scanner).position(r - take);
            const v = list[p] as number;
            const at = v * ACC;
            if (stamps[at + 7] !== stamp) {
              stamps[at + 7] = stamp;
              stamps[at + 6] = 0;
              resetSlot(acc, at);
              touched[nTouched++] = v;
            }
            // Each of u's needs (bit x) and offers (bit y) counts once per partner: the sums are
            // the two directions' coverage over directly stated needs and offers.
            const mask = stamps[at + 6] as number;
            if ((mask & bx) === 0) acc[at + 4] = (acc[at + 4] as number) + qn * (lw[p] as number);
            if ((mask & by) === 0) acc[at + 5] = (acc[at + 5] as number) + qw2 * (lw2[p] as number);
            stamps[at + 6] = mask | bx | by;
          }
          continue;
        }
        for (let r = 0; r < count; r++) {
          const p = r < take ? from + r : (scan as Scanner).position(r - take);
          const v = list[p] as number;
          const at = v * ACC;
          if (stamps[at + 6] === seenStamp) continue;
          stamps[at + 6] = seenStamp;
          if (stamps[at + 7] !== stamp) {
            stamps[at + 7] = stamp;
            resetSlot(acc, at);
            touched[nTouched++] = v;
          }
          acc[at + slot] = (acc[at + slot] as number) + qw * (lw[p] as number);
        }
      }
    }
    // Little in common with anyone: fill with a rotating sample of the same city.
    if (city >= 0 && cityBonus > 0 && nTouched < rescorePool) {
      const start = cityOffsets[city] as number;
      const len = (cityOffsets[city + 1] as number) - start;
      const take = Math.min(len, postingsCap, Math.max(0, budget));
      postingsRead += take;
      let at = take === len ? 0 : mix32(u ^ seed, city) % len;
      for (let t = 0; t < take; t++) {
        const v = cityMembers[start + at] as number;
        if (stamps[v * ACC + 7] !== stamp) {
          stamps[v * ACC + 7] = stamp;
          resetSlot(acc, v * ACC);
          touched[nTouched++] = v;
        }
        if (++at === len) at = 0;
      }
    }

    // Most touched members fall below the preselection's current minimum: reject them inline; the
    // rest are buffered and cut to the best preCap whenever the buffer is full.
    let floor = -1;
    let nPre = 0;
    for (let t = 0; t < nTouched; t++) {
      const v = touched[t] as number;
      const at = v * ACC;
      const accIn = acc[at + 2] as number;
      const accOut = acc[at + 3] as number;
      const mutIn = acc[at + 4] as number;
      const mutOut = acc[at + 5] as number;
      const tIn = Math.min(1, Math.max(accIn, mutIn));
      const tOut = Math.min(1, Math.max(accOut, mutOut));
      const topics = cu.topics * (tIn >= tOut ? topicsShare * tIn + (1 - topicsShare) * tOut : topicsShare * tOut + (1 - topicsShare) * tIn);
      const texts = acc[at + 1] as number;
      const rest = acc[at] as number;
      const a0 = rest + texts + topics + excess * (accIn + accOut + mutIn + mutOut);
      const a = city >= 0 && stamps[at + 8] === city ? a0 + cityBonus : a0;
      if (a < floor || stamps[at + 11] === stamp || (company >= 0 && stamps[at + 9] === company)) continue;
      const sc = a * (acc[at + 10] as number);
      if (sc < floor) continue;
      // Without the excess: beside the sketches below it would count the overlap twice.
      acc[at + 13] = a - excess * (accIn + accOut + mutIn + mutOut);
      preScores[nPre] = sc;
      preItems[nPre++] = v;
      if (nPre === preScores.length) {
        nPre = selectBest(preScores, preItems, nPre, preCap, rank);
        floor = least(preScores, nPre);
      }
    }
    nPre = selectBest(preScores, preItems, nPre, preCap, rank);
    // With vectors, most of a best partner's score is the vectors' terms: the sketches estimate them
    // (need <-> offer both ways, about <-> about) beside the postings' estimate of the rest (its tags
    // and answers exact, from the sketch record), and the best prescorePool by that sum go on.
    dense.bind(u);
    if (sketchStage) {
      const sketch = (m.vectors as SemanticVectors).sketch;
      for (let r = 0; r < nPre; r++) {
        // The next batch's two lines of the sketch record first (STAGE_BATCH).
        if ((r & (STAGE_BATCH - 1)) === 0) touchRows(sketch, preItems, r, Math.min(nPre, r + STAGE_BATCH), SKETCH_RECORD, ABOUT_AT, 2);
        const v = preItems[r] as number;
        const at = v * ACC;
        const sk = sketchOf(u, v) * (acc[at + 10] as number);
        acc[at + 14] = sk;
        // The tags and answers exactly from the same record where it holds them, for the postings'
        // share of them (lists of common tags and answers are read in part).
        const small = dense.smallTerms(v);
        const rest = !Number.isNaN(small) ? (acc[at + 13] as number) - (acc[at] as number) + small : (acc[at + 13] as number);
        preScores[r] = rest * (acc[at + 10] as number) + sk;
      }
      nPre = selectBest(preScores, preItems, nPre, prescorePool, rank);
    }
    // The preselection is scored exactly but for the texts (whose postings proxy stays) and the
    // vectors (their sketches' estimate), the best rescorePool of it in full, with the admin-scored
    // partners (the admin's word is a strong prior); the best k stay.
    for (let r = 0; r < nPre; r++) {
      // The next batch's records first (STAGE_BATCH).
      if ((r & (STAGE_BATCH - 1)) === 0) touchSink = (touchSink + dense.touch(preItems, r, Math.min(nPre, r + STAGE_BATCH))) | 0;
      const v = preItems[r] as number;
      const ps = dense.prescore(v);
      // Kept in v's slot for the ceiling below; the texts' proxy is still there too (only the next
      // touch by another member resets it).
      acc[v * ACC + 12] = ps;
      preScores[r] = ps + (acc[v * ACC + 1] as number) + (sketchStage ? (acc[v * ACC + 14] as number) : 0);
    }
    const nPool = selectBest(preScores, preItems, nPre, rescorePool, rank);
    // Best first, so that the k-th best rises early and the rest are mostly ruled out by their ceiling.
    poolItems.length = 0;
    for (let r = 0; r < nPool; r++) poolItems.push(r);
    poolItems.sort((x, y) => (preScores[y] as number) - (preScores[x] as number) || (rank[preItems[x] as number] as number) - (rank[preItems[y] as number] as number));
    for (let r = 0; r < nPool; r++) poolItems[r] = preItems[poolItems[r] as number] as number;
    best.clear();
    // The next batch's three texts first (STAGE_BATCH): their first lines, the rest of each row
    // follows in order.
    const texts = sketchStage ? (m.vectors as SemanticVectors).store.q : null;
    const dim = sketchStage ? (m.vectors as SemanticVectors).dim : 0;
    let pr = 0;
    for (const v of poolItems) {
      if (texts !== null && (pr & (STAGE_BATCH - 1)) === 0) touchRows(texts, poolItems, pr, Math.min(poolItems.length, pr + STAGE_BATCH), VEC.slots * dim, dim, VEC.slots);
      pr++;
      rescoredMark[v] = stamp;
      if (best.size === k && dense.ceiling(v, acc[v * ACC + 12] as number) < best.minScore()) continue;
      rescored++;
      // Below the k-th best (-1): it would not be kept.
      best.scoreAndPush(dense, v);
    }
    for (let p = m.adminPartnersOf.offsets[u] as number; p < (m.adminPartnersOf.offsets[u + 1] as number); p++) {
      const v = m.adminPartnersOf.items[p] as number;
      if (!m.eligible[v] || stamps[v * ACC + 11] === stamp || (company >= 0 && companyId[v] === company) || rescoredMark[v] === stamp) continue;
      rescoredMark[v] = stamp;
      rescored++;
      const s = dense.score(v);
      if (Math.round(s * WEIGHT_SCALE) >= 1) best.push(s, v);
    }
    // The nearest partners by vector (vector-candidates.ts), both directions, scored in full: a
    // helper who shares no word, tag or city with u reaches the list here.
    if (m.vectors !== null) {
      nearestPartners(m.vectors, vertexOf, u, nearItems);
      const q = m.vectors.store.q;
      const d = m.vectors.dim;
      let nr = 0;
      for (const v of nearItems) {
        if ((nr & (STAGE_BATCH - 1)) === 0) touchRows(q, nearItems, nr, Math.min(nearItems.length, nr + STAGE_BATCH), VEC.slots * d, d, VEC.slots);
        nr++;
        if (rescoredMark[v] === stamp || stamps[v * ACC + 11] === stamp || (company >= 0 && companyId[v] === company)) continue;
        rescoredMark[v] = stamp;
        rescored++;
        best.scoreAndPush(dense, v);
      }
    }
    best.drainInto(out, vu, vertexOf, poolItems, poolScores);
   }
   out.stats[0] = (out.stats[0] as number) + postingsRead;
   out.stats[1] = (out.stats[1] as number) + rescored;
   out.stats[2] = (out.stats[2] as number) + 1;
   postingsRead = 0;
   rescored = 0;
   done();
  }
}

/**
 * Moves the best `keep` of (score[i], item[i]), i < count, to the first `keep` places (in no order):
 * score descending, ties by the seeded rank ascending, the order TopHeap keeps (quickselect, where
 * a heap of a thousand paid a logarithm per touched member). Returns how many are kept.
 */
function selectBest(score: Float64Array, item: Int32Array, count: number, keep: number, rank: Int32Array): number {
  if (count <= keep) return count;
  const tie = (x: number): number => rank[x] as number;
  let lo = 0;
  let hi = count - 1;
  const want = keep - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const ps = score[mid] as number;
    const pr = tie(item[mid] as number);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((score[i] as number) > ps || (score[i] === ps && tie(item[i] as number) < pr)) i++;
      while ((score[j] as number) < ps || (score[j] === ps && tie(item[j] as number) > pr)) j--;
      if (i <= j) {
        const s = score[i] as number;
        score[i] = score[j] as number;
        score[j] = s;
        const t = item[i] as number;
        item[i] = item[j] as number;
        item[j] = t;
        i++;
        j--;
      }
    }
    if (want <= j) hi = j;
    else if (want >= i) lo = i;
    else break;
  }
  return keep;
}

/** The least of the first `count` scores (+Infinity for none). */
function least(score: Float64Array, count: number): number {
  let low = Number.POSITIVE_INFINITY;
  for (let r = 0; r < count; r++) if ((score[r] as number) < low) low = score[r] as number;
  return low;
}

/** Zeroes a scratch slot's accumulators when a member touches it first. */
function resetSlot(acc: Float32Array, at: number): void {
  acc[at] = 0;
  acc[at + 1] = 0;
  acc[at + 2] = 0;
  acc[at + 3] = 0;
  acc[at + 4] = 0;
  acc[at + 5] = 0;
}

/** From this many eligible members the lists are computed on several threads by default. */
export const PARALLEL_FROM = 5_000;

function defaultThreads(nv: number): number {
  return nv >= PARALLEL_FROM ? Math.min(4, availableParallelism()) : 1;
}

/** A copy of a typed array in shared memory: worker threads read it in place. */
function shared<T extends Int32Array | Float32Array | Float64Array>(a: T): T {
  const Ctor = a.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new Ctor(new SharedArrayBuffer(a.byteLength));
  copy.set(a as unknown as ArrayLike<number>);
  return copy;
}

/** What a worker needs of the model: the texts, names and matcher stay here. */
function workerModel(m: CommunityModel): CommunityModel {
  return { ...m, members: [], ids: [], indexOf: new Map(), ineligibleReason: [], concepts: null, excluded: new Map() };
}

/** Worker threads started for one graph (candidates-worker.ts); `failed` is set (1) once one has failed for good. */
interface Workers {
  workers: { worker: Worker; failed: Int32Array; stats: Float64Array }[];
}

/**
 * What a worker is posted for one pass over the blocks (overBlocks): the first pass's postings
 * (fillLists) or a refinement round's lists (refineBlocks), the pass's block counter ([0] next block
 * to claim, [1] blocks done), its state for this pass (1 running, 2 finished, 3 failed) and where it writes.
 */
export type Pass = { pass: "first"; index: Index } | { pass: "refine"; first: ListsOut; reverse: Reverse };
export type PassMessage = Pass & {
  counter: Int32Array;
  state: Int32Array;
  blocks: number;
  out: ListsOut;
};

/**
 * Starts `threads - 1` worker threads (candidates-worker.ts) with the model and the seed: they
 * derive the lists' context while this thread builds the index, then take part in each pass they
 * are posted (overBlocks).
 */
function startWorkers(m: CommunityModel, seed: number | string, threads: number): Workers {
  const workers: Workers["workers"] = [];
  const model = workerModel(m);
  for (let t = 1; t < threads; t++) {
    const failed = new Int32Array(new SharedArrayBuffer(4));
    const stats = new Float64Array(new SharedArrayBuffer(24));
    try {
      const worker = new Worker(new URL("./candidates-worker.mjs", import.meta.url), { workerData: { model, seed, failed } });
      worker.on("error", () => Atomics.store(failed, 0, 1));
      worker.unref();
      workers.push({ worker, failed, stats });
    } catch {
      // No worker thread here: this thread takes every block.
    }
  }
  return { workers };
}

/** Empty lists of k slots per vertex (count -1: not computed yet), in shared memory when workers write them too. */
function emptyLists(nv: number, k: number, inShared: boolean): ListsOut {
  const Buffer = inShared ? SharedArrayBuffer : ArrayBuffer;
  return {
    count: new Int32Array(new Buffer(4 * nv)).fill(-1),
    items: new Int32Array(new Buffer(4 * nv * k)),
    scores: new Float64Array(new Buffer(8 * nv * k)),
    stats: new Float64Array(3),
  };
}

/**
 * One pass over the blocks of the visit order into `out`, on this thread (`work`) and the started
 * workers (each posted `message` with the pass's own counter and its own stats): they claim blocks
 * from one shared counter, so a worker that starts late or not at all only leaves more blocks here.
 * Blocks a failed or stalled worker held (lists still uncounted) are done here at the end. The
 * workers are left running for the next pass. stats[2] ends as the threads that took part.
 */
function overBlocks(ctx: ListContext, started: Workers | null, message: Pass, out: ListsOut, work: (claim: () => number, done: () => void) => void): void {
  const nv = ctx.nv;
  const blocks = Math.ceil(nv / LIST_BLOCK);
  if (!started) {
    let next = 0;
    work(() => (next < blocks ? next++ : -1), () => {});
    out.stats[2] = 1;
    return;
  }
  const counter = new Int32Array(new SharedArrayBuffer(8));
  const live = started.workers.filter((w) => Atomics.load(w.failed, 0) === 0).map((w) => ({ ...w, state: new Int32Array(new SharedArrayBuffer(4)).fill(1) }));
  for (const w of live) {
    w.stats.fill(0);
    const posted: PassMessage = { ...message, counter, state: w.state, blocks, out: { ...out, stats: w.stats } };
    w.worker.postMessage(posted);
  }
  work(
    () => {
      const b = Atomics.add(counter, 0, 1);
      return b < blocks ? b : -1;
    },
    () => {
      Atomics.add(counter, 1, 1);
    },
  );
  // Wait for the blocks the workers hold; give up on a worker that failed or makes no progress.
  let last = -1;
  let since = performance.now();
  for (;;) {
    const finished = Atomics.load(counter, 1);
    if (finished >= blocks) break;
    if (live.every((w) => Atomics.load(w.state, 0) !== 1 || Atomics.load(w.failed, 0) === 1)) break;
    if (finished !== last) {
      last = finished;
      since = performance.now();
    } else if (performance.now() - since > STALL_MS) break;
    Atomics.wait(counter, 1, finished, 200);
  }
  const stalled = Atomics.load(counter, 1) < blocks;
  let used = 1;
  for (const w of live) {
    out.stats[0] = (out.stats[0] as number) + (w.stats[0] as number);
    out.stats[1] = (out.stats[1] as number) + (w.stats[1] as number);
    if ((w.stats[2] as number) > 0) used++;
    // A worker still at it when the blocks ran out is stalled: given up on for good.
    if (stalled && Atomics.load(w.state, 0) === 1) {
      Atomics.store(w.failed, 0, 1);
      void w.worker.terminate();
    }
  }
  out.stats[2] = used;
  if (stalled) {
    const missing: number[] = [];
    for (let b = 0; b < blocks; b++) {
      for (let t = b * LIST_BLOCK; t < Math.min(nv, (b + 1) * LIST_BLOCK); t++) {
        if ((out.count[ctx.visit[t] as number] as number) < 0) {
          missing.push(b);
          break;
        }
      }
    }
    let next = 0;
    const stats = out.stats[2];
    work(() => (next < missing.length ? (missing[next++] as number) : -1), () => {});
    out.stats[2] = stats;
  }
}

/** The first this many entries of a list are what a member is shown (the hub cap counts them). */
export const HUB_LIST = 10;
/** Rounds of the hub cap at most (members moving up may pass the cap in turn). */
const HUB_ROUNDS = 8;

/** How many lists have each vertex among their first HUB_LIST entries. */
export function hubCounts(offsets: ArrayLike<number>, items: ArrayLike<number>, nv: number): Int32Array {
  const count = new Int32Array(nv);
  for (let vu = 0; vu < nv; vu++) {
    const end = Math.min(offsets[vu + 1] as number, (offsets[vu] as number) + HUB_LIST);
    for (let p = offsets[vu] as number; p < end; p++) count[items[p] as number] = (count[items[p] as number] as number) + 1;
  }
  return count;
}

/**
 * Caps hubs in place (weights.candidates.hubCap): a vertex among the first HUB_LIST of more than
 * `cap` lists keeps its place in the `cap` lists where it scores highest (ties: lower list first)
 * and moves to the end of the others, so the next candidate moves up. A few rounds, as the members
 * moving up may pass the cap in turn (HUB_ROUNDS); the lists keep every entry (and the graph every edge).
 */
export function capHubs(lists: { topOffsets: Int32Array; topItems: number[]; topScores: number[] }, nv: number, cap: number): void {
  const { topOffsets, topItems, topScores } = lists;
  for (let round = 0; round < HUB_ROUNDS; round++) {
    const count = hubCounts(topOffsets, topItems, nv);
    const over = new Set<number>();
    for (let v = 0; v < nv; v++) if ((count[v] as number) > cap) over.add(v);
    if (over.size === 0) return;
    const seen = new Map<number, { list: number; score: number }[]>();
    for (let vu = 0; vu < nv; vu++) {
      const start = topOffsets[vu] as number;
      const end = Math.min(topOffsets[vu + 1] as number, start + HUB_LIST);
      for (let p = start; p < end; p++) {
        const v = topItems[p] as number;
        if (!over.has(v)) continue;
        let at = seen.get(v);
        if (!at) {
          at = [];
          seen.set(v, at);
        }
        at.push({ list: vu, score: topScores[p] as number });
      }
    }
    for (const [v, places] of seen) {
      places.sort((a, b) => b.score - a.score || a.list - b.list);
      for (const { list } of places.slice(cap)) {
        const start = topOffsets[list] as number;
        const end = topOffsets[list + 1] as number;
        let p = start;
        while (p < end && topItems[p] !== v) p++;
        if (p >= end - 1) continue;
        const score = topScores[p] as number;
        for (; p < end - 1; p++) {
          topItems[p] = topItems[p + 1] as number;
          topScores[p] = topScores[p + 1] as number;
        }
        topItems[end - 1] = v;
        topScores[end - 1] = score;
      }
    }
  }
}

/** A worker that has finished no block for this long is given up on (its blocks are redone here). */
const STALL_MS = 120_000;

/**
 * The index and the first pass's lists (k slots per vertex). Its own frame: the postings are garbage
 * once it returns, before the refinement rounds build theirs (at 100k members, a few hundred MB
 * that would otherwise stay to the end).
 */
function firstLists(m: CommunityModel, ctx: ListContext, started: Workers | null, k: number): { out: ListsOut; features: number } {
  const index = buildIndex(m, ctx, started !== null);
  const out = emptyLists(ctx.nv, k, started !== null);
  // buildIndex made it in shared memory for the workers (a copy otherwise).
  const sharedIndex: Index =
    !started || index.members.buffer instanceof SharedArrayBuffer
      ? index
      : {
          ...index,
          offsets: shared(index.offsets),
          members: shared(index.members),
          weights: shared(index.weights),
          byCity: shared(index.byCity),
          byCityWeights: shared(index.byCityWeights),
          weights2: shared(index.weights2),
          byCityWeights2: shared(index.byCityWeights2),
          memberSig: shared(index.memberSig),
        };
  overBlocks(ctx, started, { pass: "first", index: sharedIndex }, out, (claim, done) => fillLists(m, ctx, sharedIndex, claim, done, out));
  return { out, features: index.features };
}

/** Fixed-width lists (k slots per vertex) as offsets and best-first arrays. */
function listsByVertex(out: ListsOut, nv: number, k: number): { topOffsets: Int32Array; topItems: number[]; topScores: number[] } {
  const topOffsets = new Int32Array(nv + 1);
  const topItems: number[] = [];
  const topScores: number[] = [];
  for (let vu = 0; vu < nv; vu++) {
    for (let r = 0; r < (out.count[vu] as number); r++) {
      topItems.push(out.items[vu * k + r] as number);
      topScores.push(out.scores[vu * k + r] as number);
    }
    topOffsets[vu + 1] = topItems.length;
  }
  return { topOffsets, topItems, topScores };
}

/**
 * The members ranked for ties in the postings: by their mean score against `tieSample` askers (taken
 * evenly from the seeded order) on everything but need <-> offer by meaning (DenseScorer.prescore:
 * tags, answers, city, the words and topics; the about sketch), highest first, then by the seeded rank.
 * Among equal weights a capped read then takes first the members likelier to be anyone's best.
 */
function tieRank(m: CommunityModel, ctx: ListContext): Int32Array {
  const { nv, memberOf, order, rank } = ctx;
  const mean = new Float64Array(m.n);
  const dense = new DenseScorer(m);
  const step = Math.max(1, Math.floor(nv / m.weights.candidates.tieSample));
  for (let s = 0; s < nv; s += step) {
    const u = order[s] as number;
    dense.bind(u);
    for (let x = 0; x < nv; x++) {
      const v = memberOf[x] as number;
      if (v !== u) mean[v] = (mean[v] as number) + dense.prescore(v) + sketchAbout(m, u, v);
    }
  }
  const ranked = Array.from(order);
  ranked.sort((a, b) => (mean[b] as number) - (mean[a] as number) || (rank[a] as number) - (rank[b] as number));
  const out = new Int32Array(m.n);
  ranked.forEach((i, r) => {
    out[i] = r;
  });
  return out;
}

/** Builds the candidate graph over the model's eligible members. */
export function buildCandidateGraph(m: CommunityModel, options: CandidateOptions): CandidateGraph {
  const { k } = m.weights.candidates;
  let eligible = 0;
  for (let i = 0; i < m.n; i++) eligible += m.eligible[i] as number;
  const threads = options.threads ?? defaultThreads(eligible);
  // Workers first: their start-up overlaps the index build here.
  const started = threads > 1 ? startWorkers(m, options.seed, threads) : null;
  const ctx = listContext(m, options.seed);
  const { nv, memberOf } = ctx;
  const first = firstLists(m, ctx, started, k);
  const { features } = first;
  const postingsRead = first.out.stats[0] as number;
  let rescored = first.out.stats[1] as number;
  const threadsUsed = first.out.stats[2] as number;
  // NN-descent rounds (refineBlocks), on the same threads.
  let current = first.out;
  for (let round = 0; m.weights.candidates.refine > 0 && round < m.weights.candidates.refineRounds; round++) {
    const rev = reverseLists(current, nv, k, started !== null);
    const next = emptyLists(nv, k, started !== null);
    const from = current;
    overBlocks(ctx, started, { pass: "refine", first: from, reverse: rev }, next, (claim, done) => refineBlocks(m, ctx, from, rev, claim, done, next));
    rescored += next.stats[1] as number;
    current = next;
  }
  if (started) for (const w of started.workers) void w.worker.terminate();
  const lists = listsByVertex(current, nv, k);

  if (m.weights.candidates.hubCap > 0) capHubs(lists, nv, m.weights.candidates.hubCap);

  // Edges = union of the top-k lists: bucket by the lower vertex, sort each small bucket by
  // the upper one, drop duplicates (a pair in both lists has the same, symmetric score).
  const total = lists.topItems.length;
  const bucket = new Int32Array(nv + 1);
  for (let vu = 0; vu < nv; vu++) {
    for (let p = lists.topOffsets[vu] as number; p < (lists.topOffsets[vu + 1] as number); p++) {
      const lo = Math.min(vu, lists.topItems[p] as number);
      bucket[lo + 1] = (bucket[lo + 1] as number) + 1;
    }
  }
  for (let i = 0; i < nv; i++) bucket[i + 1] = (bucket[i + 1] as number) + (bucket[i] as number);
  const fill = bucket.slice(0, nv);
  const other = new Int32Array(total);
  const otherScore = new Float64Array(total);
  for (let vu = 0; vu < nv; vu++) {
    for (let p = lists.topOffsets[vu] as number; p < (lists.topOffsets[vu + 1] as number); p++) {
      const vv = lists.topItems[p] as number;
      const lo = Math.min(vu, vv);
      const at = fill[lo] as number;
      other[at] = Math.max(vu, vv);
      otherScore[at] = lists.topScores[p] as number;
      fill[lo] = at + 1;
    }
  }
  const edgeUList: number[] = [];
  const edgeVList: number[] = [];
  const scoreList: number[] = [];
  for (let lo = 0; lo < nv; lo++) {
    const start = bucket[lo] as number;
    const end = bucket[lo + 1] as number;
    // Insertion sort: buckets hold ~k entries.
    for (let i = start + 1; i < end; i++) {
      const o = other[i] as number;
      const sc = otherScore[i] as number;
      let j = i - 1;
      while (j >= start && (other[j] as number) > o) {
        other[j + 1] = other[j] as number;
        otherScore[j + 1] = otherScore[j] as number;
        j--;
      }
      other[j + 1] = o;
      otherScore[j + 1] = sc;
    }
    for (let i = start; i < end; i++) {
      if (i > start && other[i] === other[i - 1]) continue;
      edgeUList.push(lo);
      edgeVList.push(other[i] as number);
      scoreList.push(otherScore[i] as number);
    }
  }
  const edgeU = Int32Array.from(edgeUList);
  const edgeV = Int32Array.from(edgeVList);
  const score = Float64Array.from(scoreList);
  // A low-priority member's edges weigh a fraction of their score: the matching takes them only
  // where no one else loses a partner by it. Scores (shown to members) stay as they are.
  const factor = m.weights.feedback.lowPriorityFactor;
  // The matching maximises the sum of score^exponent (weights.matching.exponent); scores stay as they are.
  const exponent = m.weights.matching.exponent;
  // With vectors, the pairing weighs each need met by its strength (a pastime's half): scorePair's
  // pairing score, which differs from the score shown only there.
  const paired = (x0: number, e: number): number =>
    m.vectors ? scorePair(m, memberOf[edgeU[e] as number] as number, memberOf[edgeV[e] as number] as number, true) : x0;
  const weight = Int32Array.from(score, (s0, e) => {
    const x0 = paired(s0, e);
    const x = exponent === 1 ? x0 : x0 ** exponent;
    const low = m.lowPriority[memberOf[edgeU[e] as number] as number] || m.lowPriority[memberOf[edgeV[e] as number] as number];
    return Math.max(1, Math.round(x * WEIGHT_SCALE * (low ? factor : 1)));
  });
  return {
    n: nv,
    memberOf,
    edgeU,
    edgeV,
    score,
    weight,
    topK: { offsets: lists.topOffsets, items: Int32Array.from(lists.topItems) },
    stats: { postingsRead, features, rescored, threads: threadsUsed },
  };
}
