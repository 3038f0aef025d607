import { describe, expect, it } from "vitest";
import { conceptMatcher } from "../lexicon/need-weights.ts";
import { defaultLexicon } from "../lexicon/index.ts";
import { buildCommunityModel } from "./corpus.ts";
import { DenseScorer } from "./dense.ts";
import { Rng } from "./random.ts";
import { scorePair } from "./relevance.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";

describe("DenseScorer", () => {
  it("equals scorePair bit for bit, in both directions, over every component", () => {
    const input = syntheticCommunity(600, 5);
    // Admin scores and pair feedback go through finish() in both scorers.
    const ids = input.members.map((x) => x.id);
    const model = buildCommunityModel(
      { ...input, adminScores: [{ a: ids[1] as string, b: ids[2] as string, score: 9 }], pairFeedback: [{ a: ids[3] as string, b: ids[4] as string, rating: 1 }] },
      { concepts: conceptMatcher(defaultLexicon) },
    );
    const dense = new DenseScorer(model);
    const rng = new Rng("dense");
    let nonZero = 0;
    const pairs: [number, number][] = [
      [1, 2],
      [2, 1],
      [3, 4],
      [4, 3],
      [7, 7],
    ];
    for (let t = 0; t < 20_000; t++) pairs.push([rng.int(model.n), rng.int(model.n)]);
    for (const [u, v] of pairs) {
      dense.bind(u);
      const s = dense.score(v);
      expect(s).toBe(scorePair(model, u, v));
      if (s > 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(10_000);
  });
});
