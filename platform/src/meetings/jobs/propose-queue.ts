import { z } from "zod";
import type { JobQueue } from "../../jobs/jobs.ts";

const MeetingProposeSchema = z.object({
  communityId: z.string(),
  a: z.string().uuid(),
  b: z.string().uuid(),
  source: z.enum(["WEEKLY", "INTRO"]),
  matchId: z.string().uuid().nullable(),
  introId: z.string().uuid().nullable(),
});

/** Propose a meeting to a pair just connected (a weekly match mailed, an intro accepted). */
export const meetingProposeQueue: JobQueue<typeof MeetingProposeSchema> = { name: "meeting.propose", schema: MeetingProposeSchema };
