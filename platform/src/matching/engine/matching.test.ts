import { describe, expect, it } from "vitest";
import { pairsOfMate, validateMatching } from "./export.ts";
import { type WeightedGraph, matchingWeight, maxWeightMatching } from "./matching.ts";
import { Rng } from "./random.ts";

function randomGraph(n: number, density: number, seed: number): WeightedGraph {
  const rng = new Rng(seed);
  const u: number[] = [];
  const v: number[] = [];
  const w: number[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      if (rng.chance(density)) {
        u.push(a);
        v.push(b);
        w.push(1 + rng.int(1000));
      }
    }
  }
  return { n, edgeU: Int32Array.from(u), edgeV: Int32Array.from(v), weight: Int32Array.from(w) };
}

/** Exact optimum by exhaustive search (small n only): an independent reference. */
function bruteForce(g: WeightedGraph): number {
  const w = new Map<number, number>();
  for (let e = 0; e < g.edgeU.length; e++) w.set((g.edgeU[e] as number) * g.n + (g.edgeV[e] as number), g.weight[e] as number);
  const used = new Uint8Array(g.n);
  const best = (from: number): number => {
    let i = from;
    while (i < g.n && used[i]) i++;
    if (i >= g.n) return 0;
    used[i] = 1;
    let result = best(i + 1); // i stays unmatched
    for (let j = i + 1; j < g.n; j++) {
      const wij = w.get(i * g.n + j);
      if (used[j] || wij === undefined) continue;
      used[j] = 1;
      result = Math.max(result, wij + best(i + 1));
      used[j] = 0;
    }
    used[i] = 0;
    return result;
  };
  return best(0);
}

describe("maxWeightMatching", () => {
  it("returns a valid matching whose reported weight is its real weight, with both methods", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const g = randomGraph(60, 0.1, seed);
      for (const exactLimit of [1_000_000, 0]) {
        const r = maxWeightMatching(g, { exactLimit });
        expect(r.stats.method).toBe(exactLimit > 0 ? "exact" : "greedy+search");
        const check = validateMatching(g, pairsOfMate(r.mate));
        expect(check.errors).toEqual([]);
        expect(check.totalWeight).toBe(r.totalWeight);
        expect(matchingWeight(g, r.mate)).toBe(r.totalWeight);
        expect(r.totalWeight).toBeGreaterThanOrEqual(r.stats.greedyWeight);
        for (let x = 0; x < g.n; x++) {
          const y = r.mate[x] as number;
          if (y >= 0) expect(r.mate[y]).toBe(x);
        }
      }
    }
  });

  it("the blossom algorithm equals the brute-force optimum on small random graphs", () => {
    for (let seed = 1; seed <= 150; seed++) {
      const g = randomGraph(4 + (seed % 9), 0.2 + (seed % 5) * 0.15, seed);
      expect(maxWeightMatching(g).totalWeight).toBe(bruteForce(g));
    }
  });

  it("the large-graph search gets close to the optimum even on adversarial dense random graphs", () => {
    let exact = 0;
    let sum = 0;
    let opt = 0;
    const runs = 60;
    for (let seed = 1; seed <= runs; seed++) {
      const g = randomGraph(12, 0.35, 1000 + seed);
      const best = bruteForce(g);
      const got = maxWeightMatching(g, { exactLimit: 0 }).totalWeight;
      expect(got).toBeLessThanOrEqual(best);
      expect(got).toBeGreaterThanOrEqual(0.9 * best);
      sum += got;
      opt += best;
      if (got === best) exact++;
    }
    expect(sum / opt).toBeGreaterThan(0.99);
    expect(exact / runs).toBeGreaterThan(0.8);
  });

  it("fixes the classic greedy trap (a path a-b-c-d with a heavy middle edge)", () => {
    // Greedy takes b-c (10) and stops; the optimum is a-b + c-d = 18.
    const g: WeightedGraph = { n: 4, edgeU: Int32Array.from([0, 1, 2]), edgeV: Int32Array.from([1, 2, 3]), weight: Int32Array.from([9, 10, 9]) };
    const search = maxWeightMatching(g, { exactLimit: 0 });
    expect(search.stats.greedyWeight).toBe(10);
    expect(search.totalWeight).toBe(18);
    expect(maxWeightMatching(g).totalWeight).toBe(18);
  });

  it("handles empty graphs and isolated vertices", () => {
    const r = maxWeightMatching({ n: 3, edgeU: new Int32Array(0), edgeV: new Int32Array(0), weight: new Int32Array(0) });
    expect(Array.from(r.mate)).toEqual([-1, -1, -1]);
    expect(r.totalWeight).toBe(0);
  });
});
