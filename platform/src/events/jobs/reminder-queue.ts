import { z } from "zod";
import type { JobQueue } from "../../jobs/jobs.ts";

const EventReminderSchema = z.object({
  communityId: z.string(),
  eventId: z.string().uuid(),
  participantId: z.string().uuid(),
  /** The start the reminder was planned for: a rescheduled event plans new ones, and this one does nothing. */
  startsAt: z.string(),
});

/** The queue of event reminders (events/reminders.ts enqueues; jobs/reminder.ts handles). */
export const eventReminderQueue: JobQueue<typeof EventReminderSchema> = { name: "event.reminder", schema: EventReminderSchema };
