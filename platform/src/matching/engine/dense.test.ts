import { describe, expect, it } from "vitest";
import { conceptMatcher } from "../lexicon/need-weights.ts";
import { defaultLexicon } from "../lexicon/index.ts";
import { buildCommunityModel } from "./corpus.ts";
import { DenseScorer, writeSmallTerms } from "./dense.ts";
import { Rng } from "./random.ts";
import { relevance, scorePair } from "./relevance.ts";
import { packedTexts, SMALL_IDS, VEC } from "./semantic.ts";
import { clusteredVectors } from "./testing.ts";
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

  it("with vectors: the sketch record's tags and answers give those terms exactly, NaN where they do not fit", () => {
    const input = syntheticCommunity(300, 7);
    const rng = new Rng("small-terms");
    const near = clusteredVectors(rng, 16, 8, 0.4);
    // Member 5 has more tags than the record holds.
    const members = input.members.map((m, i) => ({ ...m, ...(i === 5 ? { tags: Array.from({ length: SMALL_IDS + 1 }, (_, k) => `t${k}`) } : {}), vectors: { need: near(), offer: near(), about: near() } }));
    const model = buildCommunityModel({ ...input, members }, { concepts: conceptMatcher(defaultLexicon) });
    writeSmallTerms(model);
    const dense = new DenseScorer(model);
    const held = (v: number): number => (model.tags.offsets[v + 1] as number) - (model.tags.offsets[v] as number) + (model.answers.offsets[v + 1] as number) - (model.answers.offsets[v] as number);
    let exact = 0;
    let nonZero = 0;
    let missing = 0;
    for (let u = 0; u < 40; u++) {
      dense.bind(u);
      for (let v = 0; v < model.n; v++) {
        if (v === u) continue;
        const small = dense.smallTerms(v);
        if (held(v) > SMALL_IDS) {
          expect(small).toBeNaN();
          missing++;
          continue;
        }
        const b = relevance(model, u, v).breakdown;
        expect(small).toBeCloseTo(b.tags.contribution + b.answers.contribution, 6);
        exact++;
        if (small > 0) nonZero++;
      }
    }
    expect(missing).toBeGreaterThanOrEqual(39);
    expect(exact).toBeGreaterThan(10_000);
    expect(nonZero).toBeGreaterThan(1_000);
  });

  it("touch reads each record's first number (its city) and changes no score", () => {
    const input = syntheticCommunity(300, 7);
    const model = buildCommunityModel(input, { concepts: conceptMatcher(defaultLexicon) });
    const dense = new DenseScorer(model);
    dense.bind(0);
    const items = Int32Array.from({ length: 40 }, (_, i) => (i * 7 + 3) % model.n);
    const before = Array.from(items, (v) => dense.prescore(v));
    let cities = 0;
    for (let r = 5; r < 21; r++) cities += model.cityId[items[r] as number] as number;
    expect(cities).toBeGreaterThan(0);
    expect(dense.touch(items, 5, 21)).toBe(cities);
    expect(dense.touch(items, 3, 3)).toBe(0);
    expect(Array.from(items, (v) => dense.prescore(v))).toEqual(before);
  });

  it("with vectors: equals scorePair, and below the floor it asks for it gives -1 or the exact score", () => {
    const input = syntheticCommunity(600, 6);
    const rng = new Rng("dense-vectors");
    const dim = 16;
    const near = clusteredVectors(rng, dim, 8, 0.4);
    // Every fifth member without vectors: scored with the words-and-lexicon weights.
    const members = input.members.map((m, i) => (i % 5 === 0 ? m : { ...m, vectors: { need: near(), offer: near(), about: near() } }));
    const model = buildCommunityModel({ ...input, members }, { concepts: conceptMatcher(defaultLexicon) });
    const copies = members.map((m) => ({ ...m }));
    const released = buildCommunityModel({ ...input, members: copies }, { concepts: conceptMatcher(defaultLexicon), releaseVectors: true });
    // The members' own arrays are gone from the released input; the model scores as before.
    expect(copies.filter((m) => m.vectors !== undefined)).toHaveLength(0);
    expect(members.filter((m) => m.vectors !== undefined)).toHaveLength(480);
    // The same vectors packed by a loader (CommunityInput.texts, the members without their own): the same model.
    const texts = packedTexts(members.length, dim);
    members.forEach((m, i) => {
      for (const [slot, x] of [
        [VEC.need, m.vectors?.need],
        [VEC.offer, m.vectors?.offer],
        [VEC.about, m.vectors?.about],
      ] as const)
        if (x) texts.put(i, slot, x);
    });
    const views = members.map(({ vectors: _, ...m }) => m);
    const buffered = buildCommunityModel({ ...input, members: views, texts }, { concepts: conceptMatcher(defaultLexicon) });
    const dense = new DenseScorer(model);
    let cut = 0;
    let kept = 0;
    for (let t = 0; t < 20_000; t++) {
      const u = rng.int(model.n);
      const v = rng.int(model.n);
      const exact = scorePair(model, u, v);
      expect(scorePair(released, u, v)).toBe(exact);
      expect(scorePair(buffered, u, v)).toBe(exact);
      dense.bind(u);
      expect(dense.score(v)).toBe(exact);
      const below = rng.next() * 0.8;
      const s = dense.score(v, true, below);
      if (s === -1) {
        expect(exact).toBeLessThan(below);
        cut++;
      } else {
        expect(s).toBe(exact);
        kept++;
      }
    }
    // Both branches are taken.
    expect(cut).toBeGreaterThan(1_000);
    expect(kept).toBeGreaterThan(1_000);
  });
});
