/**
 * A worker thread of the candidate search (candidates.ts `computeLists`): it derives the same
 * context from the model and the seed, and fills the lists of the blocks it claims from the shared
 * counter into the shared output. Its state tells the main thread whether it is still working.
 */
import { workerData } from "node:worker_threads";
import { fillLists, type Index, type ListsOut, listContext } from "./candidates.ts";
import type { CommunityModel } from "./corpus.ts";

const { model, seed, index, out, counter, blocks, state } = workerData as {
  model: CommunityModel;
  seed: number | string;
  index: Index;
  out: ListsOut;
  counter: Int32Array;
  blocks: number;
  state: Int32Array;
};

Atomics.store(state, 0, 1);
try {
  const ctx = listContext(model, seed);
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
} catch {
  Atomics.store(state, 0, 3);
}
Atomics.notify(counter, 1);
