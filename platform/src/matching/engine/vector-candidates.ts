/**
 * Candidates by meaning: for each eligible member with a need (or offer) vector, the eligible
 * members whose offer (or need) vectors are nearest, both directions, added to the candidate lists
 * beside the shared keys of the inverted index (candidates.ts), so a helper who shares no word, tag
 * or city with the seeker still reaches the weekly matching. The nearest texts come from the
 * model's lists (vector-index.ts: exact up to EXACT_UP_TO texts, an HNSW index above).
 */
import type { CommunityModel } from "./corpus.ts";
import type { SemanticVectors } from "./semantic.ts";
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
  const vertexOf = new Int32Array(m.n).fill(-1);
  for (let x = 0; x < nv; x++) vertexOf[memberOf[x] as number] = x;
  for (let x = 0; x < nv; x++) nearestPartners(s, vertexOf, memberOf[x] as number, out[x] as number[], k);
  return out;
}

/**
 * Member u's nearest partners by vector into `into` (emptied first): up to k members whose offers
 * are nearest u's need, then up to k whose needs are nearest u's offer, best first per direction,
 * each a vertex of the graph (vertexOf[v] >= 0). The candidate search scores them in full beside
 * the members the shared keys found (candidates.ts fillLists).
 */
export function nearestPartners(s: SemanticVectors, vertexOf: Int32Array, u: number, into: number[], k = VECTOR_NEIGHBOURS): void {
  into.length = 0;
  take(s.needNear, vertexOf, u, into, k);
  take(s.offerNear, vertexOf, u, into, k);
}

function take(near: NearestLists, vertexOf: Int32Array, u: number, into: number[], k: number): void {
  let taken = 0;
  for (let r = 0; r < near.k && taken < k; r++) {
    const v = near.items[u * near.k + r] as number;
    if (v < 0) break;
    if ((vertexOf[v] as number) < 0) continue;
    into.push(v);
    taken++;
  }
}
