import { z } from "zod";
import type { JobDef } from "../../../jobs/define.ts";
import { scheduleMatching } from "../schedule.ts";

/** "*": the cron walks every community (each in its own time zone). */
const MatchingScheduleSchema = z.object({ communityId: z.string() });

/** Hourly: enqueues each community's reminder, weekly run and follow-ups when its local time comes. */
export const matchingScheduleJob: JobDef<typeof MatchingScheduleSchema> = {
  name: "matching.schedule",
  schema: MatchingScheduleSchema,
  retryLimit: 2,
  retryDelaySeconds: 60,
  cron: { expression: "7 * * * *", data: { communityId: "*" } },
  handle: async (deps, { communityId }) => {
    await scheduleMatching(deps, { now: new Date(), ...(communityId === "*" ? {} : { communityId }) });
  },
};
