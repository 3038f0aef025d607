import { z } from "zod";
import type { JobQueue } from "../../jobs/jobs.ts";

const EventMeetingReminderSchema = z.object({
  communityId: z.string(),
  eventId: z.string().uuid(),
  meetingId: z.string().uuid(),
  /** The slot's start the reminder was planned for: a cancelled or moved 1:1's reminder does nothing. */
  startsAt: z.string(),
});

/** The reminder 15 minutes before a booked event 1:1 (events/meeting-notices.ts enqueues and cancels it). */
export const eventMeetingReminderQueue: JobQueue<typeof EventMeetingReminderSchema> = { name: "event-meeting.reminder", schema: EventMeetingReminderSchema };
