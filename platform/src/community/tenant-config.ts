import { type MatchingWeightsOverride, resolveWeights } from "../matching/engine/weights.ts";
import { compileLexicon } from "../matching/lexicon/index.ts";
import { tenantConfigSchema } from "../tenancy/schema.ts";

/**
 * tenants/<slug>/tenant.json, validated whole: the tenancy shape and its own rules, and first the
 * fields the matching feature reads (its lexicon extension and weights must compile).
 */
export const TenantConfigSchema = tenantConfigSchema((t, ctx) => {
  if (t.matchingLexicon) {
    try {
      compileLexicon(t.matchingLexicon);
    } catch (err) {
      ctx.addIssue({ code: "custom", path: ["matchingLexicon"], message: err instanceof Error ? err.message : String(err) });
    }
  }
  if (t.matchingWeights) {
    try {
      resolveWeights(t.matchingWeights as MatchingWeightsOverride);
    } catch (err) {
      ctx.addIssue({ code: "custom", path: ["matchingWeights"], message: err instanceof Error ? err.message : String(err) });
    }
  }
});
