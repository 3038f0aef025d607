import { z } from "zod";
import type { JobQueue } from "../../jobs/jobs.ts";

const MeetingFollowupSchema = z.object({
  communityId: z.string(),
  meetingId: z.string().uuid(),
  /** The end the follow-up was planned for: a moved meeting plans a new one. */
  endsAt: z.string(),
});

/** "Did you meet?" once the meeting's time is over. */
export const meetingFollowupQueue: JobQueue<typeof MeetingFollowupSchema> = { name: "meeting.followup", schema: MeetingFollowupSchema };
