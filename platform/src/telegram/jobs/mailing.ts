import { z } from "zod";
import type { JobDef } from "../../jobs/jobs.ts";
import { jobCtx } from "../../matching/weekly/context.ts";
import { sendTelegramMailingChunk } from "../mailings.ts";

const Schema = z.object({ communityId: z.string(), mailingId: z.string().uuid() });

/**
 * One chunk of a Telegram mailing; the chunk re-enqueues this job while recipients are pending.
 * A rerun takes only recipients still pending, so nobody gets it twice.
 */
export const telegramMailingJob: JobDef<typeof Schema> = {
  name: "telegram.mailing",
  schema: Schema,
  retryLimit: 10,
  retryDelaySeconds: 30,
  handle: async (deps, { communityId, mailingId }) => {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) return;
    await sendTelegramMailingChunk(jobCtx(deps, tenant, "telegram.mailing"), mailingId);
  },
};
