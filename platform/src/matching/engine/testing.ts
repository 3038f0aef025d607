/** Small builders for the engine's tests (not used by production code). */
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
