/**
 * Candidates by meaning: for each eligible member with a need (or offer) vector, the members whose
 * offer (or need) vectors are nearest, both directions, added to the candidate lists beside the
 * shared keys of the inverted index (candidates.ts), so a helper who shares no word, tag or city
 * with the seeker still reaches the weekly matching. The search is exact (all eligible members)
 * up to EXACT_LIMIT members with vectors. Above it the search is skipped for now (the lists come
 * from the shared keys alone): brute force there is quadratic, and a sample misses half of the true
 * neighbours (bench:matching-vectors at 10k: recall@10 0.52, minutes of CPU); an approximate index
 * from a maintained library is the missing piece.
 */
import type { CommunityModel } from "./corpus.ts";
import { VEC } from "./semantic.ts";

/** Neighbours per member and direction. */
export const VECTOR_NEIGHBOURS = 10;
/** Up to this many members with vectors the neighbours are exact. */
export const EXACT_LIMIT = 5_000;

/** Keeps the k largest (score, item) pairs. */
class Best {
  readonly score: Float32Array;
  readonly item: Int32Array;
  size = 0;
  constructor(readonly k: number) {
    this.score = new Float32Array(k);
    this.item = new Int32Array(k);
  }
  push(s: number, v: number): void {
    if (this.size === this.k && s <= (this.score[this.k - 1] as number)) return;
    let j = this.size < this.k ? this.size++ : this.k - 1;
    while (j > 0 && (this.score[j - 1] as number) < s) {
      this.score[j] = this.score[j - 1] as number;
      this.item[j] = this.item[j - 1] as number;
      j--;
    }
    this.score[j] = s;
    this.item[j] = v;
  }
}

/**
 * Per vertex (index into memberOf), the model indices of its nearest partners by vector, both
 * directions (its need against their offers, its offer against their needs), best first per
 * direction. Empty lists when the model has no vectors.
 */
export function vectorNeighbours(m: CommunityModel, memberOf: Int32Array, k = VECTOR_NEIGHBOURS): number[][] {
  const s = m.vectors;
  const nv = memberOf.length;
  const out: number[][] = Array.from({ length: nv }, () => []);
  if (!s) return out;
  const dim = s.dim;
  const data = s.data;
  const pool = (slot: number): number[] => {
    const all: number[] = [];
    for (let x = 0; x < nv; x++) {
      const i = memberOf[x] as number;
      if (s.has[i * VEC.slots + slot]) all.push(i);
    }
    return all.length <= EXACT_LIMIT ? all : [];
  };
  const offers = pool(VEC.offer);
  const needs = pool(VEC.need);
  const best = new Best(k);
  const search = (u: number, slot: number, against: number[], otherSlot: number, into: number[]) => {
    if (!s.has[u * VEC.slots + slot]) return;
    best.size = 0;
    const a = (u * VEC.slots + slot) * dim;
    for (const v of against) {
      if (v === u) continue;
      const b = (v * VEC.slots + otherSlot) * dim;
      let dot = 0;
      for (let d = 0; d < dim; d++) dot += (data[a + d] as number) * (data[b + d] as number);
      best.push(dot, v);
    }
    for (let r = 0; r < best.size; r++) into.push(best.item[r] as number);
  };
  for (let x = 0; x < nv; x++) {
    const u = memberOf[x] as number;
    const list = out[x] as number[];
    search(u, VEC.need, offers, VEC.offer, list);
    search(u, VEC.offer, needs, VEC.need, list);
  }
  return out;
}
