/**
 * Vector side of the matching engine: `npm run bench:matching-vectors [-- --sizes 10000 --seed 1]`.
 * Prints the built-in encoder's throughput (sentences/s on one thread) and, per size, a synthetic
 * community whose member vectors are unit sums of 1-3 embedded phrases (the encoder embeds each
 * distinct phrase once, so 100k members do not take hours): the time of the candidate search by
 * vector, its recall@10 against an exact search on 200 members, and hubs: how many members' top-10
 * lists the most listed member is in (the issue's point 5), from the candidate graph.
 * The machine may be shared: CPU seconds are printed beside wall clock.
 */
import { buildCandidateGraph, buildCommunityModel, builtinEncoder, CONCEPTS, type MemberFeatures, Rng, vectorNeighbours } from "@tuesday/platform";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const sizes = arg("sizes", "10000").split(",").map(Number);
const seed = Number(arg("seed", "1"));
const encoder = builtinEncoder();

// Phrases: the lexicon's English concept labels and phrasings, each embedded once.
const phrases = [...new Set(CONCEPTS.flatMap((c) => [c.label.en, ...c.en.filter((p) => !p.includes("{")).slice(0, 3)]))].slice(0, 600);
const t0 = performance.now();
const phraseVectors = await encoder.embed(phrases);
const encodeS = (performance.now() - t0) / 1000;
console.log(`encoder ${encoder.id}: ${phrases.length} phrases in ${encodeS.toFixed(1)} s = ${(phrases.length / encodeS).toFixed(0)} sentences/s (one thread, first call includes loading)`);
const dim = encoder.dim;

function mix(rng: Rng): Float32Array {
  const v = new Float32Array(dim);
  const parts = 1 + rng.int(3);
  for (let p = 0; p < parts; p++) {
    const x = phraseVectors[rng.int(phraseVectors.length)] as Float32Array;
    for (let d = 0; d < dim; d++) v[d] = (v[d] as number) + (x[d] as number);
  }
  let s = 0;
  for (let d = 0; d < dim; d++) s += (v[d] as number) ** 2;
  const k = 1 / Math.sqrt(s);
  for (let d = 0; d < dim; d++) v[d] = (v[d] as number) * k;
  return v;
}

for (const n of sizes) {
  const rng = new Rng(`vectors:${seed}:${n}`);
  const members: MemberFeatures[] = Array.from({ length: n }, (_, i) => ({
    id: `m${i}`,
    tags: [],
    lookingFor: "",
    canHelpWith: "",
    about: "",
    eligibility: { moderation: "confirmed", networkingEnabled: true, profileComplete: true, deleted: false },
    vectors: { need: mix(rng), offer: mix(rng) },
  }));
  const cpu0 = process.cpuUsage();
  let t = performance.now();
  const model = buildCommunityModel({ members });
  const modelS = (performance.now() - t) / 1000;
  const memberOf = Int32Array.from({ length: n }, (_, i) => i);
  t = performance.now();
  const near = vectorNeighbours(model, memberOf);
  const searchS = (performance.now() - t) / 1000;
  // Exact need -> offer neighbours of 200 members, from the float32 vectors given to the model.
  if (!model.vectors) throw new Error("no vectors");
  let hit = 0;
  let total = 0;
  for (let q = 0; q < 200; q++) {
    const u = Math.floor((q * n) / 200);
    const scores: [number, number][] = [];
    for (let v = 0; v < n; v++) {
      if (v === u) continue;
      let dot = 0;
      const a = members[u]?.vectors?.need as Float32Array;
      const b = members[v]?.vectors?.offer as Float32Array;
      for (let d = 0; d < a.length; d++) dot += (a[d] as number) * (b[d] as number);
      scores.push([dot, v]);
    }
    scores.sort((x, y) => y[0] - x[0]);
    // A found neighbour as close as the exact 10th counts (identical vectors tie: members with the same phrase).
    const cut = (scores[9] as [number, number])[0] - 1e-6;
    const cosOf = new Map(scores.map(([c, v]) => [v, c]));
    const found = (near[u] as number[]).slice(0, 10);
    hit += Math.min(10, found.filter((v) => (cosOf.get(v) ?? -1) >= cut).length);
    total += 10;
  }
  t = performance.now();
  const graph = buildCandidateGraph(model, { seed, threads: 1 });
  const graphS = (performance.now() - t) / 1000;
  const listed = new Int32Array(n);
  for (let x = 0; x < graph.n; x++) {
    const from = graph.topK.offsets[x] as number;
    const to = Math.min(graph.topK.offsets[x + 1] as number, from + 10);
    for (let p = from; p < to; p++) {
      const i = graph.memberOf[graph.topK.items[p] as number] as number;
      listed[i] = (listed[i] as number) + 1;
    }
  }
  let maxListed = 0;
  for (const c of listed) maxListed = Math.max(maxListed, c);
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `n=${n}: model ${modelS.toFixed(1)} s, vector search ${searchS.toFixed(1)} s, recall@10 (need -> offer, 200 members) ${(hit / total).toFixed(3)}, ` +
      `candidate graph ${graphS.toFixed(1)} s, most listed member in ${maxListed} top-10 lists (${((100 * maxListed) / n).toFixed(2)}%), ` +
      `CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
}
process.exit(0);
