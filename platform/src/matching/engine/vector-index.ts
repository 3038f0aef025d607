/**
 * Nearest texts by vector, through USearch (Apache-2.0, a maintained single-file HNSW index with
 * SIMD distances, prebuilt for Node): for each member's need the closest offers of the
 * community, and for each offer the closest needs. Both the hubness of a text (semantic.ts, the
 * mean cosine of its HUB_K closest partners) and the candidates by meaning (vector-candidates.ts)
 * read these lists, so the community's vectors are searched once per model.
 *
 * Identical vectors (the same text written by many members) are searched once, as one point; a
 * found point gives its members in turn, from a place that depends on the asker.
 *
 * Up to EXACT_UP_TO distinct texts on the searched side the search is exact (USearch's brute force, in
 * native code on all threads) and the lists are the same on every run. Above it an HNSW graph is
 * built over that side and searched: lists are approximate (recall@10 of the index against brute
 * force is printed by bench:matching) and, as the graph is built on several threads, can differ by
 * a neighbour between two runs on the same community.
 */
import { availableParallelism } from "node:os";
import { BatchMatches, Index, type Matches, MetricKind, ScalarKind, exactSearch } from "usearch";

/** Nearest partners kept per text: the hubness reads the first HUB_K, the candidates the first eligible ones. */
export const NEAREST = 20;
/** Searched sides up to this many texts are searched exactly. */
export const EXACT_UP_TO = 2_000;
/** HNSW parameters: links per node, and the beam when adding and searching (bench:matching measures recall). */
const CONNECTIVITY = 12;
const EXPANSION_ADD = 64;
const EXPANSION_SEARCH = 64;
/** Rows copied into the index, or searched, at a time (4 MiB of 512-dimension vectors). */
const BLOCK = 2_048;

/**
 * The community's texts as the search reads them, text t being member i's slot s at t = i * slots + s:
 * its numbers written out as float32, and what groups identical texts.
 */
export interface TextRows {
  /** Writes text t's `dim` numbers into `out` from `at`. */
  read(t: number, out: Float32Array, at: number): void;
  /** A hash of text t's numbers: identical texts hash alike. */
  hash(t: number): number;
  /** Texts a and b are the same numbers. */
  same(a: number, b: number): boolean;
}

/** TextRows over float32 texts laid out one after another (text t at t * dim). */
export function floatRows(data: Float32Array, dim: number): TextRows {
  const bits = new Uint32Array(data.buffer, data.byteOffset, data.length);
  return {
    read: (t, out, at) => out.set(data.subarray(t * dim, (t + 1) * dim), at),
    hash: (t) => hashWords(bits, t * dim, dim),
    same: (a, b) => {
      for (let d = 0; d < dim; d++) if (bits[a * dim + d] !== bits[b * dim + d]) return false;
      return true;
    },
  };
}

/** FNV-1a over `count` numbers of `words` from `at`. */
export function hashWords(words: ArrayLike<number>, at: number, count: number, seed = 0x811c9dc5): number {
  let h = seed;
  for (let d = 0; d < count; d++) h = Math.imul(h ^ (words[at + d] as number), 0x01000193);
  return h;
}

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
 * nearest by cosine (unit vectors: the inner product), itself left out. `texts` reads member i's
 * slot s as text i * slots + s, `has` marks which slots are filled. In shared memory, so worker
 * threads read the lists in place.
 */
export function nearestByVector(texts: TextRows, has: Uint8Array, n: number, dim: number, slots: number, from: number, to: number, k = NEAREST): NearestLists {
  const items = new Int32Array(new SharedArrayBuffer(4 * n * k)).fill(-1);
  const cos = new Float32Array(new SharedArrayBuffer(4 * n * k));
  // Identical texts (a one-word offer many members wrote) are one point of the search: an index
  // of many equal vectors is slow to build and ranks them arbitrarily.
  const pool = distinctVectors(texts, has, n, slots, to);
  const queries = distinctVectors(texts, has, n, slots, from);
  if (pool.members.length === 0 || queries.members.length === 0) return { items, cos, k };
  // The searched and the asking texts are copied into the index (written out of the packed texts,
  // whose member slots are not contiguous) a block of rows at a time, not whole: at 100k members a
  // whole side's copy is 200 MB, twice per direction, beside the packed texts and the index's own copy.
  const block = new Float32Array(Math.min(BLOCK, Math.max(pool.members.length, queries.members.length)) * dim);
  // Rows from..to of a side (each group's first member's vector in `slot`) into `out`, from its start.
  const copyRows = (groups: Distinct, slot: number, from: number, to: number, out: Float32Array): void => {
    for (let r = from; r < to; r++) {
      const i = (groups.members[r] as number[])[0] as number;
      texts.read(i * slots + slot, out, (r - from) * dim);
    }
  };
  const gather = (groups: Distinct, slot: number, from: number, to: number): Float32Array => {
    copyRows(groups, slot, from, to, block);
    return to - from === BLOCK ? block : block.subarray(0, (to - from) * dim);
  };
  // One group more than k: a member's own text may be in the first.
  const want = Math.min(k + 1, pool.members.length);
  const threads = threadsFor(pool.members.length);
  const keys = new BigUint64Array(queries.members.length * want);
  const distances = new Float32Array(queries.members.length * want);
  const counts = new Int32Array(queries.members.length).fill(want);
  const keep = (found: Matches | BatchMatches, q0: number, rows: number): void => {
    // One asking row gives Matches (its found entries alone), several BatchMatches (`want` slots a row).
    const taken = Math.min(found.keys.length, rows * want);
    keys.set(found.keys.subarray(0, taken), q0 * want);
    distances.set(found.distances.subarray(0, taken), q0 * want);
    if (found instanceof BatchMatches) for (let q = 0; q < rows; q++) counts[q0 + q] = Number(found.counts[q]);
    else counts[q0] = taken;
  };
  if (pool.members.length <= EXACT_UP_TO) {
    // The whole searched side (at most EXACT_UP_TO texts) in one block of its own, the asking side in blocks.
    const base = new Float32Array(pool.members.length * dim);
    copyRows(pool, to, 0, pool.members.length, base);
    for (let q0 = 0; q0 < queries.members.length; q0 += BLOCK) {
      const q1 = Math.min(queries.members.length, q0 + BLOCK);
      keep(exactSearch(base, gather(queries, from, q0, q1), dim, want, MetricKind.IP, threads), q0, q1 - q0);
    }
  } else {
    // Half precision (decision 0221): the texts are int8 numbers times a step already, which f16
    // holds to about three digits; half the bytes to walk while building and searching, the same
    // recall of the lists (USearch's i8, a fixed scale for every text, lost it: decision 0208).
    const index = new Index({
      dimensions: dim,
      metric: MetricKind.IP,
      quantization: ScalarKind.F16,
      connectivity: CONNECTIVITY,
      expansion_add: EXPANSION_ADD,
      expansion_search: EXPANSION_SEARCH,
      multi: false,
    });
    for (let r0 = 0; r0 < pool.members.length; r0 += BLOCK) {
      const r1 = Math.min(pool.members.length, r0 + BLOCK);
      const rows = new BigUint64Array(r1 - r0);
      for (let r = r0; r < r1; r++) rows[r - r0] = BigInt(r);
      index.add(rows, gather(pool, to, r0, r1), threads);
    }
    for (let q0 = 0; q0 < queries.members.length; q0 += BLOCK) {
      const q1 = Math.min(queries.members.length, q0 + BLOCK);
      keep(index.search(gather(queries, from, q0, q1), want, threads), q0, q1 - q0);
    }
    // Nothing holds the index past here: its native memory (its own copy of the side, about 2 KiB a
    // text) goes with the collection of this frame's objects.
  }
  for (const [q, askers] of queries.members.entries()) {
    const found = counts[q] as number;
    for (const i of askers) {
      let r = 0;
      for (let t = 0; t < found && r < k; t++) {
        const group = pool.members[Number(keys[q * want + t])];
        if (group === undefined) continue;
        // USearch's inner-product distance is 1 - dot.
        const c = 1 - (distances[q * want + t] as number);
        // Members of one text in turn from a place that depends on the asker, so that not the
        // same few of a large group are everyone's neighbours.
        const size = group.length;
        for (let g = 0, at = i % size; g < size && r < k; g++, at = at + 1 === size ? 0 : at + 1) {
          const j = group[at] as number;
          if (j === i) continue;
          items[i * k + r] = j;
          cos[i * k + r] = c;
          r++;
        }
      }
    }
  }
  return { items, cos, k };
}

interface Distinct {
  /** Per distinct vector, the members who have it (ascending). */
  members: number[][];
}

/** The members with a vector in `slot`, grouped by identical vectors (TextRows.same). */
function distinctVectors(texts: TextRows, has: Uint8Array, n: number, slots: number, slot: number): Distinct {
  const byHash = new Map<number, number[]>();
  const members: number[][] = [];
  const same = (a: number, b: number): boolean => texts.same(a * slots + slot, b * slots + slot);
  for (let i = 0; i < n; i++) {
    if (!has[i * slots + slot]) continue;
    const h = texts.hash(i * slots + slot);
    const groups = byHash.get(h);
    const group = groups?.map((g) => members[g] as number[]).find((m) => same(m[0] as number, i));
    if (group) {
      group.push(i);
      continue;
    }
    members.push([i]);
    if (groups) groups.push(members.length - 1);
    else byHash.set(h, [members.length - 1]);
  }
  return { members };
}

/**
 * The inner products of `rows` (count x dim, contiguous) with each of `directions` (k x dim):
 * count x k, row by row in the directions' order. USearch's exact search on all threads, asking
 * each row for all k directions (its distance for inner product is 1 - dot).
 */
export function innerProducts(rows: Float32Array, directions: Float32Array, dim: number, k: number): Float32Array {
  const count = rows.length / dim;
  const out = new Float32Array(count * k);
  if (count === 0 || k === 0) return out;
  const found = exactSearch(directions, rows, dim, k, MetricKind.IP, threadsFor(EXACT_UP_TO + 1));
  if (found instanceof BatchMatches) {
    for (let r = 0; r < count; r++) {
      const m = Number(found.counts[r]);
      for (let t = 0; t < m; t++) out[r * k + Number(found.keys[r * k + t])] = 1 - (found.distances[r * k + t] as number);
    }
  } else for (let t = 0; t < found.keys.length; t++) out[Number(found.keys[t])] = 1 - (found.distances[t] as number);
  return out;
}

