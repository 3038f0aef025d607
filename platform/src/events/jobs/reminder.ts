import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Ctx, Deps } from "../../context.ts";
import type { JobDef } from "../../jobs/jobs.ts";
import { sendReminder } from "../reminders.ts";

const EventReminderSchema = z.object({
  communityId: z.string(),
  eventId: z.string().uuid(),
  participantId: z.string().uuid(),
  /** The start the reminder was planned for: a rescheduled event plans new ones, and this one does nothing. */
  startsAt: z.string(),
});

/**
 * The day before an event: a reminder to one confirmed participant. Idempotent per member, event
 * and start (the mail's dedupe key); does nothing when the event moved, started, or the member no
 * longer takes part.
 */
export const eventReminderJob: JobDef<typeof EventReminderSchema> = {
  name: "event.reminder",
  schema: EventReminderSchema,
  retryLimit: 5,
  retryDelaySeconds: 60,
  handle: async (deps: Deps, data) => {
    const tenant = await deps.tenants.get(data.communityId);
    if (!tenant) return;
    const ctx: Ctx = {
      tenant,
      actor: { kind: "system", job: "event.reminder" },
      requestId: `job-event.reminder-${randomUUID()}`,
      log: deps.log.child({ job: "event.reminder", communityId: tenant.id }),
      db: deps.db,
      deps,
      ip: undefined,
    };
    await sendReminder(ctx, data);
  },
};
