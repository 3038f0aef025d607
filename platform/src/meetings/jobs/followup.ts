import { jobCtx } from "../../jobs/context.ts";
import type { JobDef } from "../../jobs/define.ts";
import { sendMeetingFollowup } from "../service.ts";
import { meetingFollowupQueue } from "./followup-queue.ts";

/** "Did you meet?" after the meeting's end, once per matching result (marked in the same transaction). */
export const meetingFollowupJob: JobDef<typeof meetingFollowupQueue.schema> = {
  ...meetingFollowupQueue,
  retryLimit: 5,
  retryDelaySeconds: 60,
  handle: async (deps, data) => {
    const tenant = await deps.tenants.get(data.communityId);
    if (!tenant) return;
    await sendMeetingFollowup(jobCtx(deps, tenant, "meeting.followup"), data);
  },
};
