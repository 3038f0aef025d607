import { z } from "zod";
import type { JobDef } from "../../../jobs/define.ts";
import { embedCommunity, encoderFor } from "../service.ts";
import { encoderTextFor } from "../encoder-text.ts";

const MatchingEmbedSchema = z.object({ communityId: z.string() });

/**
 * (Re)computes the vectors of a community's member texts: queued after a profile's texts change
 * and for every community at server start (a backfill, and a model switch). One queued job per
 * community at a time (the queue's `short` policy); a rerun embeds only what is still missing.
 */
export const matchingEmbedJob: JobDef<typeof MatchingEmbedSchema> = {
  name: "matching.embed",
  schema: MatchingEmbedSchema,
  policy: "short",
  retryLimit: 5,
  retryDelaySeconds: 30,
  handle: async (deps, { communityId }) => {
    const tenant = await deps.tenants.get(communityId);
    if (!tenant) return;
    const encoder = encoderFor(deps.config);
    const report = await embedCommunity({ db: deps.db, encoder, bus: deps.bus, toEncoderText: encoderTextFor(encoder) }, communityId);
    if (report.embedded > 0 || report.removed > 0) deps.log.info({ communityId, ...report }, "member texts embedded");
  },
};
