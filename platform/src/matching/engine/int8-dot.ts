/**
 * Inner products of int8 vectors held in a shared WebAssembly memory (int8-dot.wat, compiled into
 * int8-dot.wasm.ts). The exact scoring of the candidates is mostly cosines of a member's texts with
 * a candidate's, each read from a random place of a few hundred megabytes: as int8 a text is a
 * quarter of its float32 bytes, and a call into WebAssembly costs a few nanoseconds where a native
 * addon's costs a few hundred (SimSIMD through N-API, decision 0216).
 *
 * The memory is shared, so the candidate search's worker threads read the same bytes (a shared
 * WebAssembly.Memory crosses to a worker with its SharedArrayBuffer); each thread instantiates the
 * module on it once. Where the memory cannot be had (more than 4 GiB of texts, no WebAssembly SIMD,
 * or an address-space limit) the bytes sit in a plain SharedArrayBuffer and SimSIMD's int8 product
 * serves: the same numbers, slower.
 *
 * The members' sketch records (semantic.ts SemanticVectors.sketch) sit in a store of their own: the
 * candidate search estimates a thousand-odd pairs a member from them, each pair one call of the
 * module's `sketch` (three products with SIMD, then the estimate's arithmetic), which was half of
 * the sketch stage's time as JavaScript loops over the bytes (decision 0227). The postings scan's
 * signatures sit in a third (postings-scan.ts), whose runs' estimates `estimates` computes (decision 0228).
 */
import { inner } from "simsimd";
import { INT8_DOT_WASM } from "./int8-dot.wasm.ts";

/** dot(a, b, n): the sum of q[a + k] * q[b + k] for k < n (byte offsets into the store's memory). */
export type Int8Dot = (a: number, b: number, n: number) => number;

/** int8 vectors: `q` on `memory`'s buffer (from byte 0), or on a SharedArrayBuffer when `memory` is null. */
export interface Int8Store {
  q: Int8Array;
  memory: WebAssembly.Memory | null;
}

const PAGE = 65_536;
/** WebAssembly's 32-bit memories: 4 GiB. */
const MAX_PAGES = 65_536;

let compiled: WebAssembly.Module | null | undefined;
function dotModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(Buffer.from(INT8_DOT_WASM, "base64"));
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Room for `bytes` int8 numbers, shared between threads. */
export function int8Store(bytes: number): Int8Store {
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  const module = dotModule();
  if (module !== null && pages <= MAX_PAGES) {
    try {
      const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
      return { q: new Int8Array(memory.buffer, 0, bytes), memory };
    } catch {
      // V8 reserves about 10 GiB of address space a memory (its bounds checks are guard pages):
      // under a limit on the process's address space (ulimit -v) it may refuse one. The fallback serves.
    }
  }
  return { q: new Int8Array(new SharedArrayBuffer(bytes)), memory: null };
}

/** int8-dot.wat `sketch`: sketchDirections + sketchAbout (semantic.ts) of two members' records at byte offsets a and b. */
export type Int8Sketch = (a: number, b: number, scale: number, aboutScale: number, floor: number, ceiling: number, semantic: number, about: number, share: number) => number;

/** This thread's instance of the module on each store's memory (a worker's copy of a store is another Memory object on the same bytes). */
const instances = new WeakMap<Int8Store, WebAssembly.Exports | null>();

function exportsOf(store: Int8Store): WebAssembly.Exports | null {
  let found = instances.get(store);
  if (found === undefined) {
    const module = dotModule();
    found = store.memory !== null && module !== null ? new WebAssembly.Instance(module, { env: { memory: store.memory } }).exports : null;
    instances.set(store, found);
  }
  return found;
}

/** SimSIMD's product over each store without WebAssembly memory. */
const fallbacks = new WeakMap<Int8Store, Int8Dot>();

/** The inner product over the store's bytes. */
export function int8Dot(store: Int8Store): Int8Dot {
  const wasm = exportsOf(store);
  if (wasm !== null) return wasm.dot as Int8Dot;
  let dot = fallbacks.get(store);
  if (dot === undefined) {
    const { q } = store;
    dot = (a, b, n) => inner(q.subarray(a, a + n), q.subarray(b, b + n));
    fallbacks.set(store, dot);
  }
  return dot;
}

/** int8-dot.wat `estimates`: the postings scan's estimates of [from, end) as f64 at byte `out` (postings-scan.ts). */
export type Int8Estimates = (sig: number, norm: number, cos: number, from: number, end: number, lo: number, hi: number, out: number) => void;

/** The postings scan's estimates over the store's memory (postings-scan.ts), or null when the store is not in WebAssembly memory. */
export function int8Estimates(store: Int8Store): Int8Estimates | null {
  return (exportsOf(store)?.estimates as Int8Estimates | undefined) ?? null;
}

/** The sketches' estimate over the store's memory (semantic.ts sketchKernel), or null when the store is not in WebAssembly memory. */
export function int8Sketch(store: Int8Store): Int8Sketch | null {
  return (exportsOf(store)?.sketch as Int8Sketch | undefined) ?? null;
}
