/**
 * Enqueuing the matching.embed job, apart from the embedding service the job runs, so neither
 * imports the other (the layer rules forbid cycles).
 */
import { recordAudit } from "../../audit/index.ts";
import { type Ctx, withDb } from "../../context.ts";
import { type Db, withTx } from "../../db/client.ts";
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

/**
 * An operator's request to embed a community's texts now (`tuesday matching embed`): the job
 * queued, and an audit event naming the model it embeds with, in one transaction.
 */
export async function requestEmbedding(ctx: Ctx, model: string): Promise<void> {
  await withTx(ctx.db, async (tx) => {
    await queueEmbedding(ctx.deps, ctx.tenant.id, tx);
    await recordAudit(withDb(ctx, tx), { action: "matching.embed", target: { type: "vector_model", id: model }, after: { queued: true } });
  });
}
