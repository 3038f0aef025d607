import type { JobDef } from "../../jobs/define.ts";
import { jobCtx } from "../../jobs/context.ts";
import { sendTelegramMailingChunk } from "../mailings.ts";
import { telegramMailingQueue } from "./mailing-queue.ts";

/**
 * One chunk of a Telegram mailing; the chunk re-enqueues this job while recipients are pending.
 * A rerun takes only recipients still pending, so nobody gets it twice.
 */
export const telegramMailingJob: JobDef<typeof telegramMailingQueue.schema> = {
  ...telegramMailingQueue,
  retryLimit: 10,
  retryDelaySeconds: 30,
  handle: async (deps, { communityId, mailingId }) => {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) return;
    await sendTelegramMailingChunk(jobCtx(deps, tenant, "telegram.mailing"), mailingId);
  },
};
