import { z } from "zod";
import type { JobDef } from "../../../jobs/define.ts";
import { jobCtx } from "../../../jobs/context.ts";
import { runWeeklyPairing } from "../service.ts";

const MatchingWeekSchema = z.object({ communityId: z.string(), week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** Pairs a community for a week and queues its e-mails; a rerun finds the stored run and does nothing. */
export const matchingWeekJob: JobDef<typeof MatchingWeekSchema> = {
  name: "matching.week",
  schema: MatchingWeekSchema,
  retryLimit: 5,
  retryDelaySeconds: 60,
  handle: async (deps, { communityId, week }) => {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) return;
    const report = await runWeeklyPairing(jobCtx(deps, tenant, "matching.week"), { communityId, week });
    deps.log.info(
      { communityId, week, alreadyRun: report.alreadyRun, pairs: report.stats.pairs, coverage: report.stats.coverage, mails: report.stored.mailsQueued },
      "weekly matching run",
    );
  },
};
