/**
 * Hubs in the candidate lists: `npm run bench:matching-hubs [-- --n 10000 --hubs 5 --seed 1]`.
 * A synthetic community plus `hubs` planted members whose offer lists everything (the offers of 40
 * other members joined). For the candidate graph without the hub cap and with the default cap:
 * how many members' first ten list the most frequent member, the planted hubs' counts, and the
 * build time (wall clock, the machine's load beside it).
 */
import { loadavg } from "node:os";
import { buildCandidateGraph, buildCommunityModel, DEFAULT_WEIGHTS, HUB_LIST, hubCounts, syntheticCommunity } from "@tuesday/platform";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const n = arg("n", 10_000);
const hubs = arg("hubs", 5);
const seed = arg("seed", 1);

const input = syntheticCommunity(n, seed);
for (let h = 0; h < hubs; h++) {
  const hub = input.members[h];
  if (!hub) break;
  hub.canHelpWith = input.members.slice(hubs + h * 40, hubs + (h + 1) * 40).map((m) => m.canHelpWith).join("; ");
  hub.eligibility = { moderation: "confirmed", networkingEnabled: true, profileComplete: true, deleted: false, paused: false };
}

console.log(`${n} synthetic members + ${hubs} planted hubs (seed ${seed}); counts = lists whose first ${HUB_LIST} hold the member`);
for (const hubCap of [0, DEFAULT_WEIGHTS.candidates.hubCap]) {
  const model = buildCommunityModel(input, { weights: { candidates: { hubCap } } });
  const t0 = performance.now();
  const g = buildCandidateGraph(model, { seed });
  const seconds = (performance.now() - t0) / 1000;
  const count = hubCounts(g.topK.offsets, g.topK.items, g.n);
  const sorted = [...count].sort((a, b) => b - a);
  const planted = Array.from({ length: hubs }, (_, h) => {
    const v = g.memberOf.indexOf(model.indexOf.get(`m${h}`) ?? -1);
    return v >= 0 ? (count[v] as number) : -1;
  });
  console.log(
    `hubCap ${hubCap || "off"}: most frequent ${sorted[0]}, next ${sorted.slice(1, 5).join(" ")}; 99th percentile ${sorted[Math.floor(g.n / 100)]}; planted hubs ${planted.join(" ")}; graph ${seconds.toFixed(2)} s; load ${loadavg()[0]?.toFixed(1)}`,
  );
}
