import { z } from "zod";
import type { JobQueue } from "../../jobs/jobs.ts";

const MailingSendSchema = z.object({ communityId: z.string(), mailingId: z.string().uuid() });

/** The queue of mailing chunks (service.ts enqueues; jobs/send.ts handles). */
export const mailingSendQueue: JobQueue<typeof MailingSendSchema> = { name: "mailing.send", schema: MailingSendSchema };
