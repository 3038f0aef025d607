import { jobCtx } from "../../jobs/context.ts";
import type { JobDef } from "../../jobs/define.ts";
import { sendEventMeetingReminder } from "../meeting-notices.ts";
import { eventMeetingReminderQueue } from "./meeting-reminder-queue.ts";

/**
 * 15 minutes before a booked event 1:1: both attendees in the app (and Telegram). Idempotent (the
 * notifications' dedupe key per meeting and start); does nothing for a cancelled or moved 1:1.
 */
export const eventMeetingReminderJob: JobDef<typeof eventMeetingReminderQueue.schema> = {
  ...eventMeetingReminderQueue,
  retryLimit: 5,
  retryDelaySeconds: 30,
  handle: async (deps, data) => {
    const tenant = await deps.tenants.get(data.communityId);
    if (!tenant) return;
    await sendEventMeetingReminder(jobCtx(deps, tenant, "event-meeting.reminder"), data);
  },
};
