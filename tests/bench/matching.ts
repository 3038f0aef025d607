/**
 * Matching engine benchmark: `npm run bench:matching [-- --sizes 1000,10000,100000 --seed 1 --strict]`.
 *
 * Each size runs in its own child process so that peak RSS is per size. Timings are wall
 * clock of the engine (model = features/corpus, candidate graph, matching, reasons), not of
 * generating the synthetic community; CPU seconds are printed too because the machine may
 * be shared. Targets: 10k members < 5 s, 100k < 60 s, peak RSS < 2 GiB.
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { pairCommunity, syntheticCommunity } from "@tuesday/platform";

const GiB = 1024 ** 3;
const TARGET_SECONDS: Record<number, number> = { 10000: 5, 100000: 60 };
const RSS_LIMIT = 2 * GiB;

interface Row {
  n: number;
  seed: number;
  generateS: number;
  modelS: number;
  graphS: number;
  matchingS: number;
  reasonsS: number;
  totalS: number;
  cpuS: number;
  peakRss: number;
  eligible: number;
  edges: number;
  totalWeight: number;
  totalScore: number;
  coverage: number;
  recommendations: number;
  noCandidates: number;
  method: string;
  load: number[];
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function child(n: number, seed: number): void {
  const load = loadavg();
  const t0 = performance.now();
  const input = syntheticCommunity(n, seed);
  const generateS = (performance.now() - t0) / 1000;
  const cpu0 = process.cpuUsage();
  const t1 = performance.now();
  const r = pairCommunity(input, { seed: `bench-${seed}` });
  const totalS = (performance.now() - t1) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const t = r.stats.timings;
  const row: Row = {
    n,
    seed,
    generateS,
    modelS: t.modelMs / 1000,
    graphS: t.graphMs / 1000,
    matchingS: t.matchingMs / 1000,
    reasonsS: t.reasonsMs / 1000,
    totalS,
    cpuS: (cpu.user + cpu.system) / 1e6,
    peakRss: process.resourceUsage().maxRSS * 1024,
    eligible: r.stats.eligible,
    edges: r.stats.edges,
    totalWeight: r.stats.totalWeight,
    totalScore: r.stats.totalScore,
    coverage: r.stats.coverage,
    recommendations: r.recommendations.length,
    noCandidates: r.noCandidates.length,
    method: r.stats.matching.method,
    load,
  };
  process.stdout.write(`${JSON.stringify(row)}\n`);
}

function fmt(x: number, digits = 2): string {
  return x.toFixed(digits);
}

function main(): void {
  const childSize = arg("child");
  const seed = Number(arg("seed") ?? 1);
  if (childSize) {
    child(Number(childSize), seed);
    return;
  }
  const sizes = (arg("sizes") ?? "1000,10000,100000").split(",").map(Number);
  const strict = process.argv.includes("--strict");
  const self = fileURLToPath(import.meta.url);
  console.log(`matching benchmark: seed ${seed}, node ${process.version}, load average ${loadavg().map((l) => fmt(l)).join(" ")}`);
  let failed = false;
  for (const n of sizes) {
    const out = spawnSync(process.execPath, ["--import", "tsx", self, "--child", String(n), "--seed", String(seed)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 1 << 24,
    });
    if (out.status !== 0) {
      console.log(`n=${n}: child failed with status ${out.status}`);
      failed = true;
      continue;
    }
    const row = JSON.parse(out.stdout.trim().split("\n").at(-1) ?? "{}") as Row;
    const target = TARGET_SECONDS[n];
    const timeOk = target === undefined || row.totalS < target;
    const rssOk = row.peakRss < RSS_LIMIT;
    if (!timeOk || !rssOk) failed = true;
    console.log(
      [
        `n=${n} (eligible ${row.eligible}, load at start ${row.load.map((l) => fmt(l)).join(" ")})`,
        `  seconds: features/corpus ${fmt(row.modelS)}, candidate graph ${fmt(row.graphS)}, matching ${fmt(row.matchingS)} (${row.method}), reasons ${fmt(row.reasonsS)}, total ${fmt(row.totalS)} (cpu ${fmt(row.cpuS)}); generating the community ${fmt(row.generateS)}`,
        `  peak RSS ${fmt(row.peakRss / 1024 ** 2, 0)} MiB; candidate edges ${row.edges} (${fmt(row.edges / Math.max(1, row.eligible), 1)} per member); total weight ${row.totalWeight} (relevance sum ${fmt(row.totalScore, 1)}, mean ${fmt(row.totalScore / Math.max(1, row.eligible / 2), 3)} per pair)`,
        `  coverage ${fmt(row.coverage * 100, 2)}% matched, ${row.recommendations} recommendations, ${row.noCandidates} without candidates`,
        `  judged: time ${target === undefined ? "no target" : `${fmt(row.totalS)} s / ${target} s = ${fmt(row.totalS / target, 3)} ${timeOk ? "OK" : "MISSED"}`}; RSS ${fmt(row.peakRss / GiB, 3)} GiB / 2 GiB = ${fmt(row.peakRss / RSS_LIMIT, 3)} ${rssOk ? "OK" : "MISSED"}`,
      ].join("\n"),
    );
  }
  if (failed && strict) process.exitCode = 1;
}

main();
