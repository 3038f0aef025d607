/**
 * A worker thread of the candidate search (candidates.ts `computeLists`): it derives the same
 * context from the model and the seed while the main thread builds the index, then fills the lists
 * of the blocks it claims from the shared counter into the shared output. Its state tells the main
 * thread whether it is still working.
 */
import { parentPort, workerData } from "node:worker_threads";
import { fillLists, type Index, type ListContext, type ListsOut, listContext } from "./candidates.ts";
import type { CommunityModel } from "./corpus.ts";

const { model, seed, counter, state } = workerData as { model: CommunityModel; seed: number | string; counter: Int32Array; state: Int32Array };

function fail(): void {
  Atomics.store(state, 0, 3);
  Atomics.notify(counter, 1);
}

Atomics.store(state, 0, 1);
let ctx: ListContext | null = null;
try {
  ctx = listContext(model, seed);
} catch {
  fail();
}
parentPort?.once("message", ({ index, out, blocks }: { index: Index; out: ListsOut; blocks: number }) => {
  if (!ctx) return;
  try {
    fillLists(
      model,
      ctx,
      index,
      () => {
        const b = Atomics.add(counter, 0, 1);
        return b < blocks ? b : -1;
      },
      () => {
        Atomics.add(counter, 1, 1);
        Atomics.notify(counter, 1);
      },
      out,
    );
    Atomics.store(state, 0, 2);
    Atomics.notify(counter, 1);
  } catch {
    fail();
  }
});
