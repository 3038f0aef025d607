import { z } from "zod";
import type { JobQueue } from "../../jobs/jobs.ts";

const MeetingReminderSchema = z.object({
  communityId: z.string(),
  meetingId: z.string().uuid(),
  kind: z.enum(["day", "soon"]),
  /** The start the reminder was planned for: a moved meeting plans new ones, and this one does nothing. */
  startsAt: z.string(),
});

/** Reminders 24 hours and 15 minutes before a booked meeting. */
export const meetingReminderQueue: JobQueue<typeof MeetingReminderSchema> = { name: "meeting.reminder", schema: MeetingReminderSchema };
