/**
 * Relevance of one member against many: `bind(u)` spreads u's packed record into dense arrays
 * (by tag, term, answer and concept id), after which `score(v)` walks v's record alone with O(1)
 * lookups instead of merging two sorted lists per component. Products are taken in the same
 * order as `scorePair`'s merges (ascending ids), so the two agree bit for bit; the candidate
 * search uses this to score thousands of candidates per member exactly.
 */
import { type CommunityModel, PACK } from "./corpus.ts";
import { combine, finish } from "./relevance.ts";
import { SKETCH_RECORD, SMALL_AT, SMALL_IDS, type SemanticParts, combineSemantic, pairComponents, semanticAbout, semanticBase, semanticDirections } from "./semantic.ts";

/**
 * Every member's record but the texts, back to back in one Float32Array (ids are exact in float32
 * up to 2^24): `DenseScorer.prescore` reads one contiguous run per candidate, where the packed
 * records are twice as wide and keep the multiplier and pair flags apart. At 100k
 * members a candidate's cost is its cache misses, so this is what lets a thousand candidates per
 * member be ranked on everything but the texts.
 */
const CORE = { city: 0, tagNorm: 1, ansNorm: 2, mult: 3, tags: 4, answers: 5, cneed: 6, coffer: 7, flags: 8, header: 9 } as const;

function coreRecords(m: CommunityModel): CoreRecords {
  const P = m.packed;
  const offsets = new Int32Array(m.n + 1);
  for (let i = 0; i < m.n; i++) {
    const pa = m.packedAt[i] as number;
    const size = CORE.header + (P[pa + PACK.tags] as number) + (P[pa + PACK.answers] as number) + 3 * (P[pa + PACK.cneed] as number) + 2 * (P[pa + PACK.coffer] as number);
    offsets[i + 1] = (offsets[i] as number) + size;
  }
  const rec = new Float32Array(offsets[m.n] as number);
  for (let i = 0; i < m.n; i++) {
    const pa = m.packedAt[i] as number;
    const ta = P[pa + PACK.tags] as number;
    const aa = P[pa + PACK.answers] as number;
    const cna = P[pa + PACK.cneed] as number;
    const coa = P[pa + PACK.coffer] as number;
    const at = offsets[i] as number;
    rec[at + CORE.city] = P[pa + PACK.city] as number;
    rec[at + CORE.tagNorm] = P[pa + PACK.tagNorm] as number;
    rec[at + CORE.ansNorm] = P[pa + PACK.answerNorm] as number;
    rec[at + CORE.mult] = m.memberMultiplier[i] as number;
    rec[at + CORE.tags] = ta;
    rec[at + CORE.answers] = aa;
    rec[at + CORE.cneed] = cna;
    rec[at + CORE.coffer] = coa;
    rec[at + CORE.flags] = m.pairFlags[i] as number;
    // The packed record's tags, answers, concept needs (ids, weights, directness) and concept
    // offers (ids, strengths) are contiguous after its header, in this order.
    rec.set(P.subarray(pa + PACK.header, pa + PACK.header + ta + aa + 3 * cna + 2 * coa), at + CORE.header);
  }
  return { rec, offsets };
}

/** Marks the end of a record's tag and answer ids (SMALL_AT). */
const NO_ID = 0xffff;

/**
 * Writes each member's tags and answers into its sketch record (semantic.ts SMALL_AT): the two norms
 * as float32 (the tags' NaN where they do not fit), then the tag ids and the answer ids (after the
 * tags': tag count + answer id) as uint16, NO_ID after the last. Done once per model, before any
 * list is filled (the record is shared with the worker threads).
 */
export function writeSmallTerms(m: CommunityModel): void {
  const s = m.vectors;
  if (s === null) return;
  const f = s.sketchHubs;
  const ids = new Uint16Array(s.sketch.buffer, s.sketch.byteOffset, s.sketch.byteLength / 2);
  const nTags = m.tagNames.length;
  for (let i = 0; i < m.n; i++) {
    const fb = (i * SKETCH_RECORD + SMALL_AT) / 4;
    const ib = (i * SKETCH_RECORD + SMALL_AT + 8) / 2;
    const t0 = m.tags.offsets[i] as number;
    const t1 = m.tags.offsets[i + 1] as number;
    const a0 = m.answers.offsets[i] as number;
    const a1 = m.answers.offsets[i + 1] as number;
    if (t1 - t0 + a1 - a0 > SMALL_IDS || nTags + m.answerNames.length >= NO_ID) {
      f[fb] = Number.NaN;
      continue;
    }
    f[fb] = m.tagNorm[i] as number;
    f[fb + 1] = m.answerNorm[i] as number;
    let k = 0;
    for (let p = t0; p < t1; p++) ids[ib + k++] = m.tags.items[p] as number;
    for (let p = a0; p < a1; p++) ids[ib + k++] = nTags + (m.answers.items[p] as number);
    while (k < SMALL_IDS) ids[ib + k++] = NO_ID;
  }
}

/** The float32 records back to back (half the memory of fixed slots: fewer cache and TLB misses). */
interface CoreRecords {
  rec: Float32Array;
  offsets: Int32Array;
}

const coreCache = new WeakMap<CommunityModel, CoreRecords>();

export class DenseScorer {
  private readonly tagSq: Float64Array;
  private readonly needT: Float64Array;
  private readonly offerT: Float64Array;
  private readonly ansSq: Float64Array;
  private readonly cneedW: Float64Array;
  private readonly cneedRaw: Float64Array;
  private readonly cofferS: Float64Array;
  /** Ids set by the last bind, to clear them on the next (u's lists are short, the arrays are not). */
  private readonly setTags: number[] = [];
  private readonly setNeed: number[] = [];
  private readonly setOffer: number[] = [];
  private readonly setAns: number[] = [];
  private readonly setCneed: number[] = [];
  private readonly setCoffer: number[] = [];
  private u = -1;
  private core: CoreRecords | null = null;
  private smallIds: Uint16Array | null = null;
  private flags = 0;
  private mult = 1;
  private tagNorm = 0;
  private ansNorm = 0;
  private city = -1;
  private hasNeedT = false;
  private hasOfferT = false;
  private hasCneed = false;
  private hasCoffer = false;
  private readonly sem: SemanticParts = { aToB: 0, bToA: 0, about: 0 };

  constructor(private readonly m: CommunityModel) {
    this.tagSq = new Float64Array(m.tagNames.length);
    this.needT = new Float64Array(m.termNames.length);
    this.offerT = new Float64Array(m.termNames.length);
    this.ansSq = new Float64Array(m.answerNames.length);
    this.cneedW = new Float64Array(m.conceptNames.length);
    this.cneedRaw = new Float64Array(m.conceptNames.length);
    this.cofferS = new Float64Array(m.conceptNames.length);
  }

  /** Makes u the member every following `score(v)` is taken against. */
  bind(u: number): void {
    if (u === this.u) return;
    for (const t of this.setTags) this.tagSq[t] = 0;
    for (const t of this.setNeed) this.needT[t] = 0;
    for (const t of this.setOffer) this.offerT[t] = 0;
    for (const a of this.setAns) this.ansSq[a] = 0;
    for (const x of this.setCneed) {
      this.cneedW[x] = 0;
      this.cneedRaw[x] = 0;
    }
    for (const x of this.setCoffer) this.cofferS[x] = 0;
    this.setTags.length = 0;
    this.setNeed.length = 0;
    this.setOffer.length = 0;
    this.setAns.length = 0;
    this.setCneed.length = 0;
    this.setCoffer.length = 0;
    this.u = u;
    const m = this.m;
    this.flags = m.pairFlags[u] as number;
    this.mult = m.memberMultiplier[u] as number;
    const P = m.packed;
    const pa = m.packedAt[u] as number;
    const ta = P[pa + PACK.tags] as number;
    const na = P[pa + PACK.need] as number;
    const oa = P[pa + PACK.offer] as number;
    const aa = P[pa + PACK.answers] as number;
    const cna = P[pa + PACK.cneed] as number;
    const coa = P[pa + PACK.coffer] as number;
    this.tagNorm = P[pa + PACK.tagNorm] as number;
    this.ansNorm = P[pa + PACK.answerNorm] as number;
    this.city = P[pa + PACK.city] as number;
    let at = pa + PACK.header;
    for (let k = 0; k < ta; k++) {
      const t = P[at + k] as number;
      const w = m.tagIdf[t] as number;
      this.tagSq[t] = w * w;
      this.setTags.push(t);
    }
    at += ta;
    for (let k = 0; k < aa; k++) {
      const a = P[at + k] as number;
      const w = m.answerIdf[a] as number;
      this.ansSq[a] = w * w;
      this.setAns.push(a);
    }
    at += aa;
    for (let k = 0; k < cna; k++) {
      const x = P[at + k] as number;
      this.cneedW[x] = P[at + cna + k] as number;
      this.cneedRaw[x] = P[at + 2 * cna + k] as number;
      this.setCneed.push(x);
    }
    at += 3 * cna;
    for (let k = 0; k < coa; k++) {
      const x = P[at + k] as number;
      this.cofferS[x] = P[at + coa + k] as number;
      this.setCoffer.push(x);
    }
    at += 2 * coa;
    for (let k = 0; k < na; k++) {
      const t = P[at + k] as number;
      this.needT[t] = P[at + na + k] as number;
      this.setNeed.push(t);
    }
    at += 2 * na;
    for (let k = 0; k < oa; k++) {
      const t = P[at + k] as number;
      this.offerT[t] = P[at + oa + k] as number;
      this.setOffer.push(t);
    }
    this.hasNeedT = na > 0;
    this.hasOfferT = oa > 0;
    this.hasCneed = cna > 0;
    this.hasCoffer = coa > 0;
  }

  private coreOf(): CoreRecords {
    let core = coreCache.get(this.m);
    if (!core) {
      core = coreRecords(this.m);
      coreCache.set(this.m, core);
    }
    this.core = core;
    return core;
  }

  /**
   * An upper bound of `score(v)` from `pre = prescore(v)`: the texts at their most and u's
   * multiplier (a pair with an admin's score or a rating has none). A candidate whose bound is below
   * the k-th best so far need not be scored in full.
   */
  ceiling(v: number, pre: number): number {
    const { rec, offsets } = this.core as CoreRecords;
    const pb = offsets[v] as number;
    if (((rec[pb + CORE.flags] as number) & this.flags) !== 0) return Number.POSITIVE_INFINITY;
    // 1e-6: the float32 record's rounding.
    const c = pairComponents(this.m, this.u, v);
    // The vectors' part at its most as well (semantic and about each at most 1).
    return (pre + (c.complementarity + c.semantic + c.about) * (rec[pb + CORE.mult] as number)) * this.mult + 1e-6;
  }

  /**
   * The tags and answers terms of relevance(u, v) for the bound u (before v's multiplier) from v's
   * sketch record (SMALL_AT, see writeSmallTerms), or NaN where the record does not hold them (more
   * than SMALL_IDS, or no vectors).
   */
  smallTerms(v: number): number {
    const s = this.m.vectors;
    if (s === null) return Number.NaN;
    const f = s.sketchHubs;
    const fb = (v * SKETCH_RECORD + SMALL_AT) / 4;
    const tv = f[fb] as number;
    if (Number.isNaN(tv)) return Number.NaN;
    const av = f[fb + 1] as number;
    const ids = this.smallIds ?? this.smallIdsOf();
    const ib = (v * SKETCH_RECORD + SMALL_AT + 8) / 2;
    const nTags = this.m.tagNames.length;
    let tags = 0;
    let answers = 0;
    for (let k = 0; k < SMALL_IDS; k++) {
      const id = ids[ib + k] as number;
      if (id === NO_ID) break;
      if (id < nTags) tags += this.tagSq[id] as number;
      else answers += this.ansSq[id - nTags] as number;
    }
    const c = pairComponents(this.m, this.u, v);
    let out = 0;
    if (this.tagNorm !== 0 && tv !== 0) out += c.tags * Math.min(1, tags / (this.tagNorm * tv));
    if (this.ansNorm !== 0 && av !== 0) out += c.answers * Math.min(1, answers / (this.ansNorm * av));
    return out;
  }

  private smallIdsOf(): Uint16Array {
    const sk = (this.m.vectors as NonNullable<CommunityModel["vectors"]>).sketch;
    this.smallIds = new Uint16Array(sk.buffer, sk.byteOffset, sk.byteLength / 2);
    return this.smallIds;
  }

  /**
   * Reads the first number of the records of items[from, to): called for a batch before it is
   * prescored, so that their cache misses overlap. Returns a value for the caller to keep (the
   * compiler would drop reads nobody uses).
   */
  touch(items: Int32Array, from: number, to: number): number {
    const { rec, offsets } = this.core ?? this.coreOf();
    let t = 0;
    for (let r = from; r < to; r++) t += rec[offsets[items[r] as number] as number] as number;
    return t;
  }

  /**
   * relevance(u, v) for the bound u without the texts, the admin's score and pair ratings: the
   * ranking of u's candidates before the best of them are scored in full (float32, not bit-equal).
   */
  prescore(v: number): number {
    const { rec, offsets } = this.core ?? this.coreOf();
    const c = pairComponents(this.m, this.u, v);
    const pb = offsets[v] as number;
    const tb = rec[pb + CORE.tags] as number;
    const ab = rec[pb + CORE.answers] as number;
    const cnb = rec[pb + CORE.cneed] as number;
    const cob = rec[pb + CORE.coffer] as number;
    let at = pb + CORE.header;
    let base = 0;
    const tv = rec[pb + CORE.tagNorm] as number;
    if (this.tagNorm !== 0 && tv !== 0) {
      let dot = 0;
      for (let k = 0; k < tb; k++) dot += this.tagSq[rec[at + k] as number] as number;
      base += c.tags * Math.min(1, dot / (this.tagNorm * tv));
    }
    at += tb;
    const av = rec[pb + CORE.ansNorm] as number;
    if (this.ansNorm !== 0 && av !== 0) {
      let dot = 0;
      for (let k = 0; k < ab; k++) dot += this.ansSq[rec[at + k] as number] as number;
      base += c.answers * Math.min(1, dot / (this.ansNorm * av));
    }
    at += ab;
    if (c.topics > 0) {
      const lam = this.m.weights.topics.coverageShare;
      let uToV = 0;
      let vToU = 0;
      if (this.hasCoffer && cnb > 0) {
        let sum = 0;
        let best = 0;
        for (let k = 0; k < cnb; k++) {
          const o = this.cofferS[rec[at + k] as number] as number;
          if (o === 0) continue;
          sum += (rec[at + cnb + k] as number) * o;
          const direct = (rec[at + 2 * cnb + k] as number) * o;
          if (direct > best) best = direct;
        }
        uToV = Math.min(1, lam * sum + (1 - lam) * best);
      }
      if (this.hasCneed && cob > 0) {
        const from = at + 3 * cnb;
        let sum = 0;
        let best = 0;
        for (let k = 0; k < cob; k++) {
          const x = rec[from + k] as number;
          const w = this.cneedW[x] as number;
          if (w === 0) continue;
          const o = rec[from + cob + k] as number;
          sum += w * o;
          const direct = (this.cneedRaw[x] as number) * o;
          if (direct > best) best = direct;
        }
        vToU = Math.min(1, lam * sum + (1 - lam) * best);
      }
      base += c.topics * combine(this.m, uToV, vToU, this.m.weights.topics.maxShare);
    }
    if (this.city >= 0 && this.city === rec[pb + CORE.city]) base += c.city;
    return base * (rec[pb + CORE.mult] as number);
  }

  /**
   * relevance(u, v) for the bound u: equal to scorePair(m, u, v). Without `texts` the TF-IDF
   * complementarity (the longest vectors) is left out: the base of the rest, before feedback.
   * `below`: a candidate is wanted only at `below` or above (the k-th best so far); -1 when the
   * score is sure to be lower once all but the about <-> about cosine is known, which is then not
   * taken (a third of the vectors' products). Any other result is the exact score.
   */
  score(v: number, texts = true, below = Number.NEGATIVE_INFINITY): number {
    const u = this.u;
    if (u === v) return 0;
    const m = this.m;
    const c = pairComponents(m, u, v);
    const P = m.packed;
    const pb = m.packedAt[v] as number;
    const tb = P[pb + PACK.tags] as number;
    const nb = P[pb + PACK.need] as number;
    const ob = P[pb + PACK.offer] as number;
    const ab = P[pb + PACK.answers] as number;
    const cnb = P[pb + PACK.cneed] as number;
    const cob = P[pb + PACK.coffer] as number;
    let at = pb + PACK.header;
    let tags = 0;
    if (c.tags > 0) {
      const nv = P[pb + PACK.tagNorm] as number;
      if (this.tagNorm !== 0 && nv !== 0) {
        let dot = 0;
        for (let k = 0; k < tb; k++) dot += this.tagSq[P[at + k] as number] as number;
        tags = Math.min(1, dot / (this.tagNorm * nv));
      }
    }
    at += tb;
    let answers = 0;
    if (c.answers > 0) {
      const nv = P[pb + PACK.answerNorm] as number;
      if (this.ansNorm !== 0 && nv !== 0) {
        let dot = 0;
        for (let k = 0; k < ab; k++) dot += this.ansSq[P[at + k] as number] as number;
        answers = Math.min(1, dot / (this.ansNorm * nv));
      }
    }
    at += ab;
    // uToV: u offers what v needs; vToU the other way round.
    let topicsUToV = 0;
    let topicsVToU = 0;
    if (c.topics > 0) {
      const lam = m.weights.topics.coverageShare;
      if (this.hasCoffer && cnb > 0) {
        // cover(offer u, need v): v's needs read u's offer strengths.
        let sum = 0;
        let best = 0;
        for (let k = 0; k < cnb; k++) {
          const o = this.cofferS[P[at + k] as number] as number;
          if (o === 0) continue;
          sum += (P[at + cnb + k] as number) * o;
          const direct = (P[at + 2 * cnb + k] as number) * o;
          if (direct > best) best = direct;
        }
        topicsUToV = Math.min(1, lam * sum + (1 - lam) * best);
      }
      if (this.hasCneed && cob > 0) {
        // cover(offer v, need u).
        const from = at + 3 * cnb;
        let sum = 0;
        let best = 0;
        for (let k = 0; k < cob; k++) {
          const x = P[from + k] as number;
          const w = this.cneedW[x] as number;
          if (w === 0) continue;
          const o = P[from + cob + k] as number;
          sum += w * o;
          const direct = (this.cneedRaw[x] as number) * o;
          if (direct > best) best = direct;
        }
        topicsVToU = Math.min(1, lam * sum + (1 - lam) * best);
      }
    }
    at += 3 * cnb + 2 * cob;
    let uToV = 0;
    let vToU = 0;
    if (texts && c.complementarity > 0) {
      if (this.hasOfferT) {
        let s = 0;
        for (let k = 0; k < nb; k++) {
          const w = this.offerT[P[at + k] as number] as number;
          if (w !== 0) s += w * (P[at + nb + k] as number);
        }
        uToV = Math.min(1, s);
      }
      at += 2 * nb;
      if (this.hasNeedT) {
        let s = 0;
        for (let k = 0; k < ob; k++) {
          const w = this.needT[P[at + k] as number] as number;
          if (w !== 0) s += w * (P[at + ob + k] as number);
        }
        vToU = Math.min(1, s);
      }
    }
    const city = this.city;
    const sameCity = city >= 0 && city === P[pb + PACK.city];
    // combine() in the canonical order (a = min) as scorePair takes it.
    const lo = u < v;
    // The same sum, term by term in the same order, as relevance.ts takes it (bit-equal).
    const rest =
      c.topics * (lo ? combine(m, topicsUToV, topicsVToU, m.weights.topics.maxShare) : combine(m, topicsVToU, topicsUToV, m.weights.topics.maxShare)) +
      c.tags * tags +
      c.complementarity * (lo ? combine(m, uToV, vToU) : combine(m, vToU, uToV)) +
      c.answers * answers +
      (sameCity ? c.city : 0);
    const a = lo ? u : v;
    const b = lo ? v : u;
    if (!texts) return finish(m, a, b, rest);
    if (below === Number.NEGATIVE_INFINITY || c !== m.vectorComponents || c.about === 0 || ((m.pairFlags[u] as number) & (m.pairFlags[v] as number)) !== 0) {
      return finish(m, a, b, rest + semanticBase(m, a, b, c, this.sem));
    }
    // semanticBase in two steps: the directions, then (unless the about term at its most cannot
    // lift the pair to `below`) the about cosine. No admin score or pair rating here (flags 0):
    // finish() is the members' multipliers and the clamp.
    const p = this.sem;
    // Both have vectors here (pairComponents gave the vectors' weights).
    semanticDirections(m, a, b, p);
    const directions = c.semantic * combineSemantic(m, p.aToB, p.bToA);
    if ((rest + (directions + c.about)) * (m.memberMultiplier[u] as number) * (m.memberMultiplier[v] as number) + 1e-9 < below) return -1;
    p.about = semanticAbout(m, a, b);
    return finish(m, a, b, rest + (directions + c.about * p.about));
  }
}
