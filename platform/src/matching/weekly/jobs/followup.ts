import { z } from "zod";
import type { JobDef } from "../../../jobs/define.ts";
import { jobCtx } from "../../../jobs/context.ts";
import { sendMeetingFollowups } from "../mail.ts";

const MatchingFollowupSchema = z.object({ communityId: z.string() });

/** "Did you meet X?" for the results of a week ago; each result is followed up once. */
export const matchingFollowupJob: JobDef<typeof MatchingFollowupSchema> = {
  name: "matching.followup",
  schema: MatchingFollowupSchema,
  retryLimit: 5,
  retryDelaySeconds: 60,
  handle: async (deps, { communityId }) => {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) return;
    await sendMeetingFollowups(jobCtx(deps, tenant, "matching.followup"), {});
  },
};
