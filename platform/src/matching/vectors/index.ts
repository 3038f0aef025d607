/** Vectors of member texts for matching: the job that keeps them, and its verb for scripts. */
import type { Deps } from "../../context.ts";
import { encoderTextFor } from "./encoder-text.ts";
import { type EmbedReport, embedCommunity, encoderFor } from "./service.ts";

export { embedCommunity, encoderFor, hashText } from "./service.ts";
export { queueEmbedding, queueEmbeddingBackfill, requestEmbedding } from "./embed-queue.ts";
export type { EmbedEnv, EmbedReport } from "./service.ts";
export { embedSlice, matchingEmbedJob } from "./jobs/embed.ts";
export { type VectorModelCount, type VectorState, type VectorStatus, vectorStatus } from "./status.ts";

/** What the matching.embed job does for one community, run here and now (the evaluation, the CLI). */
export function embedMemberTexts(deps: Pick<Deps, "db" | "config" | "bus">, communityId: string): Promise<EmbedReport> {
  const encoder = encoderFor(deps.config);
  return embedCommunity({ db: deps.db, encoder, bus: deps.bus, toEncoderText: encoderTextFor(encoder) }, communityId);
}
