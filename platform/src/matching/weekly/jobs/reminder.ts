import { z } from "zod";
import type { JobDef } from "../../../jobs/define.ts";
import { jobCtx } from "../../../jobs/context.ts";
import { sendWeeklyReminders } from "../mail.ts";

const MatchingReminderSchema = z.object({ communityId: z.string(), week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** The day before the run: "tomorrow you get a new contact; skip this week?" (deduplicated per member and week). */
export const matchingReminderJob: JobDef<typeof MatchingReminderSchema> = {
  name: "matching.reminder",
  schema: MatchingReminderSchema,
  retryLimit: 5,
  retryDelaySeconds: 60,
  handle: async (deps, { communityId, week }) => {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) return;
    await sendWeeklyReminders(jobCtx(deps, tenant, "matching.reminder"), { week });
  },
};
