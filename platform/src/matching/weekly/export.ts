import { requireOperator, requireThisCommunity } from "../../authz/index.ts";
import type { Ctx } from "../../context.ts";
import { validation } from "../../lib/errors.ts";
import { loadCommunityInput } from "../community-model.ts";
import { exportAudit, pairCommunity } from "../engine/index.ts";
import { tenantBuildOptions } from "./context.ts";
import { comingTuesday, isTuesday } from "./week.ts";

export type AuditFiles = { graph: string; mapping: string; pairing: string; members: number; edges: number; pairs: number; totalWeight: number };

/**
 * The audit export of a community's week: the candidate graph, the member numbering and the
 * pairing, recomputed with the week's seed from the history before that week. Operators only.
 */
export async function exportWeeklyAudit(ctx: Ctx, input: { communityId: string; week?: string | undefined }): Promise<AuditFiles & { week: string }> {
  requireOperator(ctx);
  requireThisCommunity(ctx, input.communityId);
  const week = input.week ?? comingTuesday(new Date(), ctx.tenant.config.timeZone);
  if (!isTuesday(week)) throw validation("week must be a Tuesday as YYYY-MM-DD", { week: "must be a Tuesday as YYYY-MM-DD" });
  const loaded = await loadCommunityInput(ctx.db, ctx.tenant.id, { week, historyBefore: week, defaultLang: ctx.tenant.config.lang });
  const result = pairCommunity(loaded.input, { seed: `${ctx.tenant.id}:${week}`, reasons: false, threads: ctx.deps.config.matchingThreads, releaseVectors: true, ...tenantBuildOptions(ctx.tenant) });
  return { week, ...exportAudit(result), members: result.stats.eligible, edges: result.stats.edges, pairs: result.matches.length, totalWeight: result.stats.totalWeight };
}
