/**
 * Enqueuing the matching.embed job, apart from the embedding service the job runs, so neither
 * imports the other (the layer rules forbid cycles).
 */
import type { Db } from "../../db/client.ts";
import type { Jobs } from "../../jobs/jobs.ts";
import { matchingEmbedJob } from "./jobs/embed.ts";
import { listCommunityIds } from "./queries.ts";

/** Queues the embedding of one community's changed texts, in `db`'s transaction when given (at most one waits per community). */
export async function queueEmbedding(deps: { jobs: Jobs }, communityId: string, db?: Db): Promise<void> {
  await deps.jobs.send(matchingEmbedJob, { communityId }, { ...(db ? { db } : {}), singletonKey: communityId });
}

/** Queues the embedding of every community (server start: texts written while it was down, a new model). */
export async function queueEmbeddingBackfill(deps: { db: Db; jobs: Jobs }): Promise<number> {
  const ids = await listCommunityIds(deps.db);
  for (const communityId of ids) await queueEmbedding(deps, communityId);
  return ids.length;
}
