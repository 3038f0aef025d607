import { jobCtx } from "../../jobs/context.ts";
import type { JobDef } from "../../jobs/define.ts";
import { sendMeetingReminder } from "../service.ts";
import { meetingReminderQueue } from "./reminder-queue.ts";

/** A reminder before a booked meeting; does nothing when it moved or was cancelled (the mail's dedupe key makes a retry send nothing twice). */
export const meetingReminderJob: JobDef<typeof meetingReminderQueue.schema> = {
  ...meetingReminderQueue,
  retryLimit: 5,
  retryDelaySeconds: 30,
  handle: async (deps, data) => {
    const tenant = await deps.tenants.get(data.communityId);
    if (!tenant) return;
    await sendMeetingReminder(jobCtx(deps, tenant, "meeting.reminder"), data);
  },
};
