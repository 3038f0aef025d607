/**
 * Nearest texts by vector, through USearch (Apache-2.0, a maintained single-file HNSW index with
 * SIMD distances, prebuilt for Node): for each member's need the closest offers of the
 * community, and for each offer the closest needs. Both the hubness of a text (semantic.ts, the
 * mean cosine of its HUB_K closest partners) and the candidates by meaning (vector-candidates.ts)
 * read these lists, so the community's vectors are searched once per model.
 *
 * Up to EXACT_UP_TO texts on the searched side the search is exact (USearch's brute force, in
 * native code on all threads) and the lists are the same on every run. Above it an HNSW graph is
 * built over that side and searched: lists are approximate (recall@10 of the index against brute
 * force is printed by bench:matching) and, as the graph is built on several threads, can differ by
 * a neighbour between two runs on the same community.
 */
import { availableParallelism } from "node:os";
import { BatchMatches, Index, MetricKind, ScalarKind, exactSearch } from "usearch";

/** Nearest partners kept per text: the hubness reads the first HUB_K, the candidates the first eligible ones. */
export const NEAREST = 20;
/** Searched sides up to this many texts are searched exactly. */
export const EXACT_UP_TO = 2_000;
/** HNSW parameters: links per node, and the beam when adding and searching (bench:matching measures recall). */
const CONNECTIVITY = 12;
const EXPANSION_ADD = 64;
const EXPANSION_SEARCH = 64;

export interface NearestLists {
  /** Per member i, up to `k` member indices at i*k.., best first; -1 past the end. */
  items: Int32Array;
  /** The cosine of each listed pair. */
  cos: Float32Array;
  k: number;
}

function threadsFor(size: number): number {
  return size > EXACT_UP_TO ? Math.min(4, availableParallelism()) : 1;
}

/**
 * For every member with a vector in slot `from`, the `k` members whose vectors in slot `to` are
 * nearest by cosine (unit vectors: the inner product), itself left out. `data` holds member i's
 * slot s at (i * slots + s) * dim, `has` marks which slots are filled. In shared memory, so worker
 * threads read the lists in place.
 */
export function nearestByVector(data: Float32Array, has: Uint8Array, n: number, dim: number, slots: number, from: number, to: number, k = NEAREST): NearestLists {
  const items = new Int32Array(new SharedArrayBuffer(4 * n * k)).fill(-1);
  const cos = new Float32Array(new SharedArrayBuffer(4 * n * k));
  const pool: number[] = [];
  const queries: number[] = [];
  for (let i = 0; i < n; i++) {
    if (has[i * slots + to]) pool.push(i);
    if (has[i * slots + from]) queries.push(i);
  }
  if (pool.length === 0 || queries.length === 0) return { items, cos, k };
  const gather = (members: number[], slot: number): Float32Array => {
    const out = new Float32Array(members.length * dim);
    for (const [r, i] of members.entries()) out.set(data.subarray((i * slots + slot) * dim, (i * slots + slot + 1) * dim), r * dim);
    return out;
  };
  const base = gather(pool, to);
  const asked = gather(queries, from);
  // One more than k: a member's own text may come back first.
  const want = Math.min(k + 1, pool.length);
  const threads = threadsFor(pool.length);
  let keys: BigUint64Array;
  let distances: Float32Array;
  let counts: BigUint64Array | null = null;
  if (pool.length <= EXACT_UP_TO) {
    const found = exactSearch(base, asked, dim, want, MetricKind.IP, threads);
    ({ keys, distances } = found);
    counts = found instanceof BatchMatches ? found.counts : null;
  } else {
    const index = new Index({
      dimensions: dim,
      metric: MetricKind.IP,
      quantization: ScalarKind.F32,
      connectivity: CONNECTIVITY,
      expansion_add: EXPANSION_ADD,
      expansion_search: EXPANSION_SEARCH,
      multi: false,
    });
    const rows = new BigUint64Array(pool.length);
    for (let r = 0; r < pool.length; r++) rows[r] = BigInt(r);
    index.add(rows, base, threads);
    const found = index.search(asked, want, threads);
    ({ keys, distances } = found);
    counts = found instanceof BatchMatches ? found.counts : null;
  }
  for (let q = 0; q < queries.length; q++) {
    const i = queries[q] as number;
    const found = counts ? Number(counts[q]) : want;
    let r = 0;
    for (let t = 0; t < found && r < k; t++) {
      const row = Number(keys[q * want + t]);
      const j = pool[row];
      if (j === undefined || j === i) continue;
      items[i * k + r] = j;
      // USearch's inner-product distance is 1 - dot.
      cos[i * k + r] = 1 - (distances[q * want + t] as number);
      r++;
    }
  }
  return { items, cos, k };
}
