/**
 * How much needing a concept weighs in matching, where it is not 1: a pastime or a family errand
 * (a partner for a sport, a hobby, a tutor for one's children) is a real wish, but a community
 * of professionals meets first for what helps people's work. The engine reads this through
 * ConceptMatcher.concept(id).needWeight; offers are never weighed down.
 */
import type { ConceptMatcher } from "../engine/types.ts";
import type { Lexicon } from "./lexicon.ts";

export const NEED_WEIGHTS: ReadonlyMap<string, number> = new Map([
  ["fitness_health", 0.5],
  ["mindfulness", 0.5],
  ["music", 0.5],
  ["fine_art", 0.5],
  ["language_learning", 0.5],
  ["tutoring_teaching", 0.5],
]);

/** The lexicon as the engine reads it: its matches, and each concept with its need weight. */
export function conceptMatcher(lexicon: Lexicon): ConceptMatcher {
  return {
    match: (text) => lexicon.match(text),
    concept: (id) => {
      const c = lexicon.concept(id);
      if (!c) return undefined;
      const needWeight = NEED_WEIGHTS.get(id);
      return needWeight === undefined ? { topic: c.topic, label: c.label } : { topic: c.topic, label: c.label, needWeight };
    },
  };
}
