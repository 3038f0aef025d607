/**
 * Run by candidates.test.ts in a child process (`node --import tsx`, as the server runs): the
 * candidate graph of one community built on one thread and on two, and what the two threads did;
 * with `vectors`, its members also carry vectors (the first pass scores their nearest partners).
 */
import { buildCandidateGraph } from "./candidates.ts";
import { buildCommunityModel } from "./corpus.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";
import { Rng } from "./random.ts";
import { clusteredVectors } from "./testing.ts";

const n = Number(process.argv[2] ?? 8000);
const input = syntheticCommunity(n, 31);
if (process.argv[3] === "vectors") {
  const near = clusteredVectors(new Rng("threads-vectors"), 32, 40, 0.6);
  for (const m of input.members) m.vectors = { need: near(), offer: near(), about: near() };
}
const model = buildCommunityModel(input);
const one = buildCandidateGraph(model, { seed: "threads", threads: 1 });
const two = buildCandidateGraph(model, { seed: "threads", threads: 2 });
const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => a.length === b.length && Array.prototype.every.call(a, (x: number, i: number) => x === b[i]);
process.stdout.write(
  `${JSON.stringify({
    edges: one.edgeU.length,
    sameEdges: same(one.edgeU, two.edgeU) && same(one.edgeV, two.edgeV) && same(one.weight, two.weight),
    sameLists: same(one.topK.offsets, two.topK.offsets) && same(one.topK.items, two.topK.items),
    sameStats: one.stats.postingsRead === two.stats.postingsRead && one.stats.rescored === two.stats.rescored,
    threads: [one.stats.threads, two.stats.threads],
  })}\n`,
);
