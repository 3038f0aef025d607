/**
 * A worker thread of the candidate search (candidates.ts `overBlocks`): it derives the same
 * context from the model and the seed while the main thread builds the index, then, for each pass
 * it is posted (the first pass's postings, then each refinement round), fills the lists of the
 * blocks it claims from the pass's shared counter into the shared output. The pass's state tells
 * the main thread whether it is still working; `failed`, that it can take no pass at all.
 */
import { parentPort, workerData } from "node:worker_threads";
import { fillLists, listContext, type ListContext, type PassMessage, refineBlocks } from "./candidates.ts";
import type { CommunityModel } from "./corpus.ts";

const { model, seed, failed } = workerData as { model: CommunityModel; seed: number | string; failed: Int32Array };

let ctx: ListContext | null = null;
try {
  ctx = listContext(model, seed);
} catch {
  Atomics.store(failed, 0, 1);
}
parentPort?.on("message", (message: PassMessage) => {
  const { counter, state, blocks, out } = message;
  const end = (code: 2 | 3): void => {
    Atomics.store(state, 0, code);
    Atomics.notify(counter, 1);
  };
  if (!ctx) {
    end(3);
    return;
  }
  const claim = (): number => {
    const b = Atomics.add(counter, 0, 1);
    return b < blocks ? b : -1;
  };
  const done = (): void => {
    Atomics.add(counter, 1, 1);
    Atomics.notify(counter, 1);
  };
  try {
    if (message.pass === "first") fillLists(model, ctx, message.index, claim, done, out);
    else refineBlocks(model, ctx, message.first, message.reverse, claim, done, out);
    end(2);
  } catch {
    Atomics.store(failed, 0, 1);
    end(3);
  }
});
