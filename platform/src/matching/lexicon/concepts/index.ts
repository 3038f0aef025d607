/**
 * The built-in concepts, kept as data: one JSON file per group of topics, in the format of a
 * tenant's `matchingLexicon` (tenant.json), so that a community's extension and the built-in
 * lexicon read alike. Phrasing syntax (lexicon.ts): "{a|b}" alternatives, "" optional word,
 * "=word" exact form. Template words (need, help, looking, ready, ищу, помочь, ...) are stop words:
 * never rely on them.
 * - business.json: fundraising, co-founders, hiring, sales, marketing, PR, partnerships, events
 * - tech.json: product, UX, software engineering, data and AI, cloud, security
 * - creative.json: design, video, photo, audio, content, publishing, education
 * - professional.json: legal, tax, accounting, finance, grants, regulatory, company setup
 * - operations.json: logistics, e-commerce, operations, mentoring, wellbeing, careers, real estate
 */
import { readFileSync } from "node:fs";
import type { ConceptEntry } from "../lexicon.ts";

const GROUPS = ["business", "tech", "creative", "professional", "operations"] as const;

function load(group: (typeof GROUPS)[number]): ConceptEntry[] {
  return JSON.parse(readFileSync(new URL(`./${group}.json`, import.meta.url), "utf8")) as ConceptEntry[];
}

/** The built-in concepts, grouped by topic in their files. */
export const CONCEPTS: readonly ConceptEntry[] = GROUPS.flatMap(load);
