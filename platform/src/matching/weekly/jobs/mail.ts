import { z } from "zod";
import type { JobDef } from "../../../jobs/define.ts";
import { jobCtx } from "../../../jobs/context.ts";
import { sendWeeklyMail } from "../mail.ts";

const MatchingMailSchema = z.object({ communityId: z.string(), week: z.string(), resultId: z.string().uuid() });

/** The Tuesday e-mail of one matching result; the outbox dedupe key makes reruns harmless. */
export const matchingMailJob: JobDef<typeof MatchingMailSchema> = {
  name: "matching.mail",
  schema: MatchingMailSchema,
  retryLimit: 8,
  retryDelaySeconds: 30,
  handle: async (deps, { communityId, resultId }) => {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) return;
    await sendWeeklyMail(jobCtx(deps, tenant, "matching.mail"), { resultId });
  },
};
