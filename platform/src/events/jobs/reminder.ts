import { jobCtx } from "../../jobs/context.ts";
import type { JobDef } from "../../jobs/define.ts";
import { sendReminder } from "../reminders.ts";
import { eventReminderQueue } from "./reminder-queue.ts";

/**
 * The day before an event: a reminder to one confirmed participant. Idempotent per member, event
 * and start (the mail's dedupe key); does nothing when the event moved, started, or the member no
 * longer takes part.
 */
export const eventReminderJob: JobDef<typeof eventReminderQueue.schema> = {
  ...eventReminderQueue,
  retryLimit: 5,
  retryDelaySeconds: 60,
  handle: async (deps, data) => {
    const tenant = await deps.tenants.get(data.communityId);
    if (!tenant) return;
    await sendReminder(jobCtx(deps, tenant, "event.reminder"), data);
  },
};
