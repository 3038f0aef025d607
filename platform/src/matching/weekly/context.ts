import type { Tenant } from "../../tenancy/schema.ts";
import type { BuildOptions, ConceptMatcher, MatchingWeightsOverride } from "../engine/index.ts";
import { type ConceptEntry, compileLexicon, defaultLexicon } from "../lexicon/index.ts";
import { conceptMatcher } from "../lexicon/need-weights.ts";

/** How the tenant's engine model is built: its weights and its matching rules (tenant.json). */
export function tenantBuildOptions(tenant: Tenant): BuildOptions {
  const weights = tenantMatchingWeights(tenant);
  const rules = tenant.config.matchingRules;
  return { ...(weights ? { weights } : {}), pairColleagues: rules.pairColleagues, format: rules.format, concepts: tenantLexicon(tenant) };
}

/** Compiled lexicons of tenant configs that extend the built-in one (compiled once per config object). */
const lexicons = new WeakMap<object, ConceptMatcher>();
let builtIn: ConceptMatcher | undefined;

/** The built-in lexicon, or the tenant's extension of it (tenant.json `matchingLexicon`), as the engine reads it. */
export function tenantLexicon(tenant: Tenant): ConceptMatcher {
  const extra = tenant.config.matchingLexicon as readonly ConceptEntry[] | undefined;
  if (!extra || extra.length === 0) {
    builtIn ??= conceptMatcher(defaultLexicon);
    return builtIn;
  }
  let matcher = lexicons.get(tenant.config);
  if (!matcher) {
    matcher = conceptMatcher(compileLexicon(extra));
    lexicons.set(tenant.config, matcher);
  }
  return matcher;
}

/**
 * The tenant's partial override of the matching weights (`matchingWeights` in tenant.json), read
 * defensively until the tenant schema declares the field.
 */
export function tenantMatchingWeights(tenant: Tenant): MatchingWeightsOverride | undefined {
  // Validated by TenantConfigSchema (resolveWeights) when the tenant was applied.
  return tenant.config.matchingWeights as MatchingWeightsOverride | undefined;
}
