import type { ConceptEntry } from "../lexicon.ts";
import { BUSINESS } from "./business.ts";
import { CREATIVE } from "./creative.ts";
import { OPERATIONS } from "./operations.ts";
import { PROFESSIONAL } from "./professional.ts";
import { TECH } from "./tech.ts";

/** The built-in concepts, grouped by topic in their files. */
export const CONCEPTS: readonly ConceptEntry[] = [...BUSINESS, ...TECH, ...CREATIVE, ...PROFESSIONAL, ...OPERATIONS];
