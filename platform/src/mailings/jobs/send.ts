import type { JobDef } from "../../jobs/define.ts";
import { jobCtx } from "../../jobs/context.ts";
import { sendMailingChunk } from "../service.ts";
import { mailingSendQueue } from "./send-queue.ts";

/**
 * One chunk of a mailing; the chunk re-enqueues this job while recipients are pending. Rerunning
 * it (a retry after a crash) takes only recipients still pending, so nobody is mailed twice.
 */
export const mailingSendJob: JobDef<typeof mailingSendQueue.schema> = {
  ...mailingSendQueue,
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
