import { randomUUID } from "node:crypto";
import type { Ctx, Deps } from "../../context.ts";
import type { Tenant } from "../../tenancy/schema.ts";
import type { MatchingWeightsOverride } from "../engine/index.ts";

/** The context a background job runs a verb in. */
export function jobCtx(deps: Deps, tenant: Tenant, job: string): Ctx {
  return { tenant, actor: { kind: "system", job }, requestId: `job-${job}-${randomUUID()}`, log: deps.log.child({ job, communityId: tenant.id }), db: deps.db, deps, ip: undefined };
}

/**
 * The tenant's partial override of the matching weights (`matchingWeights` in tenant.json), read
 * defensively until the tenant schema declares the field.
 */
export function tenantMatchingWeights(tenant: Tenant): MatchingWeightsOverride | undefined {
  // Validated by TenantConfigSchema (resolveWeights) when the tenant was applied.
  return tenant.config.matchingWeights as MatchingWeightsOverride | undefined;
}
