import { exportAudit, pairCommunity } from "../matching/engine/index.ts";
import type { AuditFiles } from "../matching/weekly/export.ts";
import { syntheticCommunity } from "./synthetic.ts";

/** The weekly audit export for a generated community (the benchmark's), no database involved. */
export function exportSyntheticAudit(input: { members: number; seed: string }): AuditFiles {
  const result = pairCommunity(syntheticCommunity(input.members, input.seed), { seed: input.seed, reasons: false });
  return { ...exportAudit(result), members: result.stats.eligible, edges: result.stats.edges, pairs: result.matches.length, totalWeight: result.stats.totalWeight };
}
