/**
 * The bilingual (EN / RU) concept lexicon of the matching engine: professional needs and offers
 * as data (concepts/), and a phrase matcher that maps a member's text onto concept ids.
 */
import { CONCEPTS } from "./concepts/index.ts";
import { type ConceptEntry, Lexicon } from "./lexicon.ts";

export { CONCEPTS } from "./concepts/index.ts";
export { type ConceptEntry, type ConceptMatch, expandPhrasing, type Lang, Lexicon, MAX_CONTENT_GAP, MAX_TOTAL_GAP, type TopicDef } from "./lexicon.ts";
export { STANDARD_TOPIC_KEYS, STANDARD_TOPICS } from "./topics.ts";

/**
 * Built-in concepts plus a tenant's extension: an extra entry with an existing id adds its
 * phrasings to that concept (its topic and label are ignored); a new id adds a concept (its
 * topic may be a tenant topic key).
 */
export function compileLexicon(extra?: readonly ConceptEntry[]): Lexicon {
  return new Lexicon(extra && extra.length > 0 ? [...CONCEPTS, ...extra] : CONCEPTS);
}

/** The built-in lexicon; compiled on its first use. */
export const defaultLexicon: Lexicon = new Lexicon(CONCEPTS, { lazy: true });
