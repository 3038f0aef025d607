import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/**
 * A small seeded PRNG (sfc32): the demo data must look the same on every run and every machine,
 * which Math.random cannot promise. Not for anything secret.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** Seeded from a string (its SHA-256), so "founders:17" is always the same member. */
  constructor(seed: string) {
    const h = sha256(new TextEncoder().encode(seed));
    const word = (i: number) => ((h[i] ?? 0) | ((h[i + 1] ?? 0) << 8) | ((h[i + 2] ?? 0) << 16) | ((h[i + 3] ?? 0) << 24)) >>> 0;
    this.a = word(0);
    this.b = word(4);
    this.c = word(8);
    this.d = word(12);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** `n` distinct items in a random order (all of them when n >= length). */
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    }
    return pool.slice(0, Math.max(0, n));
  }

  /** One key of `weights`, with probability proportional to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [key, w] of entries) {
      x -= w;
      if (x < 0) return key;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new Error("weighted pick from no weights");
    return last[0];
  }
}

/** A media id in the images module's alphabet (26 base32 characters), fixed for `seed`. */
export function stableMediaId(seed: string): string {
  return encodeBase32LowerCaseNoPadding(sha256(new TextEncoder().encode(`media:${seed}`)).slice(0, 16));
}
