import { randomUUID } from "node:crypto";
import type { Ctx, Deps } from "../context.ts";
import type { Tenant } from "../tenancy/schema.ts";

/** The context a background job runs a verb in. */
export function jobCtx(deps: Deps, tenant: Tenant, job: string): Ctx {
  return { tenant, actor: { kind: "system", job }, requestId: `job-${job}-${randomUUID()}`, log: deps.log.child({ queue: job, communityId: tenant.id }), db: deps.db, deps, ip: undefined };
}
