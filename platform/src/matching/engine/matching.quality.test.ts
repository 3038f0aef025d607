/**
 * Quality of the weekly matching against an INDEPENDENT exact solver: networkx's
 * max_weight_matching (Debian python3-networkx, run by the system interpreter) reads the
 * exported `n m / u v w` graph on stdin. CI installs it and sets REQUIRE_NETWORKX=1, which turns
 * a missing networkx into a failure; elsewhere the test is skipped, loudly. Locally:
 *   apt-get install -y python3-networkx
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { exportAudit, parseGraph, parsePairing, validateMatching } from "./export.ts";
import { maxWeightMatching } from "./matching.ts";
import { pairCommunity } from "./pairing.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";

/** The interpreter that has networkx: Debian's by default (a pyenv `python3` on PATH may not). */
const PYTHON = process.env.NETWORKX_PYTHON ?? "/usr/bin/python3";
const SOLVER = `
import sys
import networkx as nx
data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
g = nx.Graph()
g.add_nodes_from(range(n))
for i in range(m):
    g.add_edge(int(data[2 + 3 * i]), int(data[3 + 3 * i]), weight=int(data[4 + 3 * i]))
matching = nx.max_weight_matching(g, maxcardinality=False)
print(sum(g[u][v]["weight"] for u, v in matching))
`;

function networkxAvailable(): string | null {
  const r = spawnSync(PYTHON, ["-c", "import networkx"], { encoding: "utf8" });
  if (r.error) return `${PYTHON} not runnable: ${r.error.message}`;
  if (r.status !== 0) return r.stderr.trim().split("\n").at(-1) ?? "import failed";
  return null;
}

const missing = networkxAvailable();
const required = process.env.REQUIRE_NETWORKX === "1";
const skip = process.env.SKIP_NETWORKX === "1" || (missing !== null && !required);
if (missing && !required) {
  const banner = "!".repeat(78);
  console.warn(
    `\n${banner}\n!! networkx is missing for ${PYTHON} (${missing}): the matching quality test is SKIPPED.\n!! Install it with apt-get install -y python3-networkx (CI does, and requires it).\n${banner}\n`,
  );
}

function networkxOptimum(graphText: string): number {
  const r = spawnSync(PYTHON, ["-c", SOLVER], { input: graphText, encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`networkx solver failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

describe.skipIf(skip)("matching quality vs networkx (exact)", () => {
  it("has networkx for the system python", () => {
    if (missing) {
      throw new Error(`The quality test needs networkx for ${PYTHON} (${missing}). Install it with \`apt-get install -y python3-networkx\`.`);
    }
  });

  it("reaches >= 99% of the exact optimum on 200-member communities (5 seeds), with a valid matching", { timeout: 120_000 }, () => {
    if (missing) throw new Error("networkx missing: apt-get install -y python3-networkx");
    const report: string[] = [];
    for (let seed = 1; seed <= 5; seed++) {
      const result = pairCommunity(syntheticCommunity(200, seed), { seed: `quality-${seed}`, reasons: false });
      const audit = exportAudit(result);
      const graph = parseGraph(audit.graph);
      expect(graph.edgeU.length).toBeGreaterThan(1000);
      const check = validateMatching(graph, parsePairing(audit.pairing));
      expect(check.errors).toEqual([]);
      expect(check.totalWeight).toBe(result.stats.totalWeight);

      const optimum = networkxOptimum(audit.graph);
      expect(optimum).toBeGreaterThan(0);
      const engine = check.totalWeight / optimum;
      // The large-community method (greedy + alternating path search), forced on the same graph.
      const search = maxWeightMatching(graph, { exactLimit: 0 });
      expect(validateMatching(graph, Array.from(search.mate.entries()).filter(([u, v]) => v > u)).valid).toBe(true);
      const searchRatio = search.totalWeight / optimum;
      report.push(`seed ${seed}: n=${graph.n} m=${graph.edgeU.length} optimum=${optimum} engine=${engine.toFixed(5)} search=${searchRatio.toFixed(5)}`);

      expect(check.totalWeight).toBeLessThanOrEqual(optimum);
      expect(engine).toBeGreaterThanOrEqual(0.99);
      expect(searchRatio).toBeGreaterThanOrEqual(0.99);
    }
    console.log(report.join("\n"));
  });
});
