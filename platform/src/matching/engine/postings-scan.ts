/**
 * The candidate search's scan past the cut of a long postings list (candidates.ts fillLists,
 * weights.candidates.scanExtra): of a run of equal weights (at most scanLimit postings), the `keep`
 * members whose small-terms signatures promise most, by `norm x cos(pi x hamming / 64)` of 64-bit
 * signatures, ties to the earlier posting. The first pass scans thousands of postings a member this
 * way (about 7,000 at 30k members).
 *
 * The signatures and norms sit in a shared WebAssembly memory (int8-dot.ts `int8Store`), where
 * int8-dot.wat `estimates` computes a run's estimates (a 64-bit popcount each) into the calling
 * thread's own slot of the same memory; where that memory cannot be had, or every slot is taken,
 * JavaScript computes the same numbers. The best are then chosen by buckets of the estimates'
 * range (`selectTop`): a few passes over the run, where a heap of the best paid a mispredicted
 * branch a level for each posting that entered it (in a random order, about a third; decision 0228).
 */
import { type Int8Store, int8Estimates, int8Store } from "./int8-dot.ts";

/** Threads that may scan at once with their own slot of the memory (more compute in JavaScript). */
const SLOTS = 16;
/** Buckets of an estimates' range a selection pass counts. */
const BUCKETS = 1024;

/** cos(pi * h / 64) for a Hamming distance h of two 64-bit signatures. */
const SIG_COS = Float32Array.from({ length: 65 }, (_, h) => Math.cos((Math.PI * h) / 64));

/** Per posting, its member's signature (two int32 words at 2p, 2p + 1) and norm; the slots' room after them. */
export interface ScanIndex {
  store: Int8Store;
  total: number;
  /** The longest run scanned (weights.candidates.scanLimit). */
  limit: number;
  sig: Int32Array;
  norm: Float32Array;
}

const align = (x: number, to: number): number => Math.ceil(x / to) * to;

/** Where each part of the store starts, in bytes. */
function layout(total: number, limit: number): { norm: number; cos: number; counter: number; slots: number; bytes: number } {
  const norm = 8 * total;
  const cos = norm + 4 * total;
  const counter = cos + 4 * SIG_COS.length;
  const slots = align(counter + 4, 8);
  return { norm, cos, counter, slots, bytes: slots + SLOTS * 8 * limit };
}

/** Room for `total` postings' signatures, scanned in runs of at most `limit`. */
export function scanIndex(total: number, limit: number): ScanIndex {
  const at = layout(total, limit);
  const store = int8Store(at.bytes);
  const buffer = store.q.buffer;
  new Float32Array(buffer, at.cos, SIG_COS.length).set(SIG_COS);
  return { store, total, limit, sig: new Int32Array(buffer, 0, 2 * total), norm: new Float32Array(buffer, at.norm, total) };
}

/**
 * One thread's scanner (made once per pass over the lists): `run` scans [from, end) (at most the
 * index's limit) against a member's signature and keeps the best `keep`, returning how many;
 * `position(i)` is the i-th kept posting, in no order.
 */
export interface Scanner {
  run(from: number, end: number, lo: number, hi: number, keep: number): number;
  position(i: number): number;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** A scanner; `javascript` computes the estimates without WebAssembly (as where its memory cannot be had). */
export function scanner(index: ScanIndex, javascript = false): Scanner {
  const { store, total, limit, sig, norm } = index;
  const at = layout(total, limit);
  const buffer = store.q.buffer;
  const wasm = javascript ? null : int8Estimates(store);
  const slot = wasm === null ? SLOTS : Atomics.add(new Int32Array(buffer, at.counter, 1), 0, 1);
  const inMemory = wasm !== null && slot < SLOTS;
  const estAt = at.slots + slot * 8 * limit;
  const est = inMemory ? new Float64Array(buffer, estAt, limit) : new Float64Array(limit);
  const hist = new Int32Array(BUCKETS);
  const items = new Int32Array(limit);
  const other = new Int32Array(limit);
  const out = new Int32Array(limit);
  let start = 0;
  return {
    run(from, end, lo, hi, keep) {
      start = from;
      if (inMemory) (wasm as NonNullable<typeof wasm>)(0, at.norm, at.cos, from, end, lo, hi, estAt);
      else for (let p = from; p < end; p++) est[p - from] = (norm[p] as number) * (SIG_COS[popcount((sig[2 * p] as number) ^ lo) + popcount((sig[2 * p + 1] as number) ^ hi)] as number);
      return selectTop(est, end - from, keep, hist, items, other, out);
    },
    position: (i) => start + (out[i] as number),
  };
}

/**
 * Writes into `out` the indexes of the best `keep` of est[0 .. n) (higher first, ties to the lower
 * index), in no order, and returns how many. Each pass counts the working set's estimates in
 * BUCKETS equal parts of their range: the parts above the one where the best `keep` end are all
 * kept, the members of that part are the next pass's working set (in index order), until the
 * wanted number is all of it or its estimates are equal (then the lowest indexes). The first
 * working set is every index (read in place); `items` and `other` are scratch of at least n.
 */
export function selectTop(est: Float64Array, n: number, keep: number, hist: Int32Array, items: Int32Array, other: Int32Array, out: Int32Array): number {
  if (n <= keep) {
    for (let i = 0; i < n; i++) out[i] = i;
    return n;
  }
  let k = 0;
  let work: Int32Array | null = null;
  let next = items;
  let count = n;
  let need = keep;
  for (;;) {
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < count; r++) {
      const e = est[work === null ? r : (work[r] as number)] as number;
      if (e < low) low = e;
      if (e > high) high = e;
    }
    if (!(high > low)) {
      for (let r = 0; r < need; r++) out[k++] = work === null ? r : (work[r] as number);
      return k;
    }
    // Monotone in the estimate: a higher bucket holds only higher estimates.
    const scale = BUCKETS / (high - low);
    hist.fill(0);
    for (let r = 0; r < count; r++) {
      const b = Math.min(BUCKETS - 1, ((est[work === null ? r : (work[r] as number)] as number) - low) * scale) | 0;
      hist[b] = (hist[b] as number) + 1;
    }
    let above = 0;
    let cut = BUCKETS - 1;
    while (above + (hist[cut] as number) < need) above += hist[cut--] as number;
    let c = 0;
    for (let r = 0; r < count; r++) {
      const i = work === null ? r : (work[r] as number);
      const b = Math.min(BUCKETS - 1, ((est[i] as number) - low) * scale) | 0;
      if (b > cut) out[k++] = i;
      else if (b === cut) next[c++] = i;
    }
    need -= above;
    if (c === need) {
      for (let r = 0; r < c; r++) out[k++] = next[r] as number;
      return k;
    }
    const done = work ?? other;
    work = next;
    next = done;
    count = c;
  }
}
