/**
 * Seeded randomness for the matching engine. The engine never calls Math.random: every
 * run is reproducible from (input, seed), which is what makes a week auditable.
 */

/** 32-bit FNV-1a hash of a string; used to derive seeds and stable per-id offsets. */
export function hashString(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes integers into a well-spread 32-bit value (murmur3 finaliser). */
export function mix32(a: number, b = 0): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Turns any seed (number or string) into a 32-bit integer. */
export function seedOf(seed: number | string): number {
  return typeof seed === "number" ? mix32(seed | 0, Math.floor(seed / 4294967296) | 0) : hashString(seed);
}

/** A small, fast seeded PRNG (mulberry32). */
export class Rng {
  private state: number;

  constructor(seed: number | string) {
    this.state = seedOf(seed);
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error("Rng.pick on an empty list");
    return item;
  }
}

/** A seeded permutation of 0..n-1 (Fisher-Yates). */
export function permutation(n: number, rng: Rng): Int32Array {
  const p = new Int32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = p[i] as number;
    p[i] = p[j] as number;
    p[j] = t;
  }
  return p;
}

/**
 * Cumulative distribution for a Zipf law over `n` ranks with exponent `s`; sample with
 * `sampleCdf`. Real communities have a few very popular tags/cities and a long tail.
 */
export function zipfCdf(n: number, s = 1): Float64Array {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / (i + 1) ** s;
    cdf[i] = total;
  }
  for (let i = 0; i < n; i++) cdf[i] = (cdf[i] as number) / total;
  return cdf;
}

export function sampleCdf(cdf: Float64Array, rng: Rng): number {
  const x = rng.next();
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cdf[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
