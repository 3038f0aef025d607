import { jobCtx } from "../../jobs/context.ts";
import type { JobDef } from "../../jobs/define.ts";
import { proposeMeeting } from "../service.ts";
import { meetingProposeQueue } from "./propose-queue.ts";

/** Proposes slots to a newly connected pair; a pair with an open meeting gets nothing new (idempotent). */
export const meetingProposeJob: JobDef<typeof meetingProposeQueue.schema> = {
  ...meetingProposeQueue,
  retryLimit: 5,
  retryDelaySeconds: 60,
  handle: async (deps, data) => {
    const tenant = await deps.tenants.get(data.communityId);
    if (!tenant) return;
    await proposeMeeting(jobCtx(deps, tenant, "meeting.propose"), data);
  },
};
