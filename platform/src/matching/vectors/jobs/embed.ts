import { z } from "zod";
import type { Deps } from "../../../context.ts";
import type { JobDef } from "../../../jobs/define.ts";
import { embedCommunity, encoderFor } from "../service.ts";
import { encoderTextFor } from "../encoder-text.ts";

const MatchingEmbedSchema = z.object({ communityId: z.string() });

/** How long one run embeds before it hands the rest to the next (well inside EMBED_EXPIRE_SECONDS). */
export const EMBED_SLICE_MS = 5 * 60_000;
/**
 * pg-boss retries a job still active after this: a run is a slice, so only a dead process's run
 * gets there (a backfill of 100k members with the built-in encoder takes about 40 minutes in all;
 * one job for it would have been expired and started again beside itself).
 */
const EMBED_EXPIRE_SECONDS = 15 * 60;

/**
 * (Re)computes the vectors of a community's member texts: queued after a profile's texts change
 * and for every community at server start (a backfill, and a model switch). One queued job per
 * community at a time (the queue's `short` policy); a rerun embeds only what is still missing. A
 * run embeds for EMBED_SLICE_MS at most and then queues the next run for the rest.
 */
export const matchingEmbedJob: JobDef<typeof MatchingEmbedSchema> = {
  name: "matching.embed",
  schema: MatchingEmbedSchema,
  policy: "short",
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: EMBED_EXPIRE_SECONDS,
  handle: (deps, { communityId }) => embedSlice(deps, communityId),
};

/** One run of matching.embed: embeds for `sliceMs` at most, then queues the next run for the rest. */
export async function embedSlice(deps: Deps, communityId: string, sliceMs = EMBED_SLICE_MS): Promise<void> {
  const tenant = await deps.tenants.get(communityId);
  if (!tenant) return;
  const encoder = encoderFor(deps.config);
  const env = { db: deps.db, encoder, bus: deps.bus, toEncoderText: encoderTextFor(encoder) };
  const report = await embedCommunity(env, communityId, { untilMs: performance.now() + sliceMs });
  if (report.embedded > 0 || report.removed > 0) deps.log.info({ communityId, ...report }, "member texts embedded");
  // Keyed by the community as queueEmbedding keys it: under the `short` policy a keyless job is
  // one for the whole queue, and a second community's next run would be dropped.
  if (report.remaining > 0) await deps.jobs.send(matchingEmbedJob, { communityId }, { singletonKey: communityId });
}
