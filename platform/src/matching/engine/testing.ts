/** Small builders for the engine's tests (not used by production code). */
import type { Rng } from "./random.ts";
import type { MemberFeatures } from "./types.ts";

/** An eligible member with empty features, overridden by `over`. */
export function member(id: string, over: Partial<MemberFeatures> = {}): MemberFeatures {
  return {
    id,
    tags: [],
    lookingFor: "",
    canHelpWith: "",
    about: "",
    city: null,
    answers: [],
    eligibility: { moderation: "confirmed", networkingEnabled: true, profileComplete: true, deleted: false },
    ...over,
  };
}

/** Canonical "a|b" key of an unordered pair of ids. */
export function pairId(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * Unit vectors near one of `themes` random centres in `dim` dimensions (as sentence vectors cluster
 * by subject), each number off its centre by up to `spread` / 2. Draws the centres from `rng` now
 * and each vector from it when called.
 */
export function clusteredVectors(rng: Rng, dim: number, themes: number, spread: number): () => Float32Array {
  const centres = Array.from({ length: themes }, () => Array.from({ length: dim }, () => rng.next() - 0.5));
  return () => {
    const c = centres[rng.int(centres.length)] as number[];
    const x = Float32Array.from(c, (y) => y + spread * (rng.next() - 0.5));
    const k = 1 / Math.hypot(...x);
    return x.map((y) => y * k);
  };
}
