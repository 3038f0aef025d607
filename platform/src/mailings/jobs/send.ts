import { z } from "zod";
import type { JobDef } from "../../jobs/jobs.ts";
import { jobCtx } from "../../matching/weekly/context.ts";
import { sendMailingChunk } from "../service.ts";

const MailingSendSchema = z.object({ communityId: z.string(), mailingId: z.string().uuid() });

/**
 * One chunk of a mailing; the chunk re-enqueues this job while recipients are pending. Rerunning
 * it (a retry after a crash) takes only recipients still pending, so nobody is mailed twice.
 */
export const mailingSendJob: JobDef<typeof MailingSendSchema> = {
  name: "mailing.send",
  schema: MailingSendSchema,
  retryLimit: 10,
  retryDelaySeconds: 15,
  // One chunk is one short transaction: if its process dies, the next chunk starts within a minute.
  expireInSeconds: 60,
  handle: async (deps, { communityId, mailingId }) => {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) return;
    await sendMailingChunk(jobCtx(deps, tenant, "mailing.send"), mailingId);
  },
};
