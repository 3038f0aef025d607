import { z } from "zod";
import type { JobQueue } from "../../jobs/jobs.ts";

const Schema = z.object({ communityId: z.string(), mailingId: z.string().uuid() });

/** The queue of Telegram mailing chunks (mailings.ts enqueues; jobs/mailing.ts handles). */
export const telegramMailingQueue: JobQueue<typeof Schema> = { name: "telegram.mailing", schema: Schema };
