/**
 * Candidates by meaning: for each eligible member with a need (or offer) vector, the eligible
 * members whose offer (or need) vectors are nearest, both directions, added to the candidate lists
 * beside the shared keys of the inverted index (candidates.ts), so a helper who shares no word, tag
 * or city with the seeker still reaches the weekly matching. The nearest texts come from the
 * model's lists (vector-index.ts: exact up to EXACT_UP_TO texts, an HNSW index above).
 */
import type { CommunityModel } from "./corpus.ts";
import type { NearestLists } from "./vector-index.ts";

/** Neighbours per member and direction. */
export const VECTOR_NEIGHBOURS = 20;

/**
 * Per vertex (index into memberOf), the model indices of its nearest eligible partners by vector,
 * both directions (its need against their offers, its offer against their needs), best first per
 * direction. Empty lists when the model has no vectors.
 */
export function vectorNeighbours(m: CommunityModel, memberOf: Int32Array, k = VECTOR_NEIGHBOURS): number[][] {
  const s = m.vectors;
  const nv = memberOf.length;
  const out: number[][] = Array.from({ length: nv }, () => []);
  if (!s) return out;
  const eligible = new Uint8Array(m.n);
  for (let x = 0; x < nv; x++) eligible[memberOf[x] as number] = 1;
  const take = (near: NearestLists, u: number, into: number[]) => {
    let taken = 0;
    for (let r = 0; r < near.k && taken < k; r++) {
      const v = near.items[u * near.k + r] as number;
      if (v < 0) break;
      if (eligible[v] === 0) continue;
      into.push(v);
      taken++;
    }
  };
  for (let x = 0; x < nv; x++) {
    const u = memberOf[x] as number;
    const list = out[x] as number[];
    take(s.needNear, u, list);
    take(s.offerNear, u, list);
  }
  return out;
}
