import { describe, expect, it } from "vitest";
import { conceptMatcher } from "../lexicon/need-weights.ts";
import { defaultLexicon } from "../lexicon/index.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";
import { buildCommunityModel } from "./corpus.ts";
import { Rng } from "./random.ts";
import { clusteredVectors } from "./testing.ts";
import { combineSemantic, SKETCH_RECORD, type SemanticParts, semanticDirections, sketchEstimate, textCosine, VEC } from "./semantic.ts";

describe("the texts' sketches (SemanticVectors.sketch)", () => {
  // Texts near one of 16 themes in 128 dimensions, as sentence vectors cluster by subject.
  const input = syntheticCommunity(800, 9);
  const rng = new Rng("sketch");
  const near = clusteredVectors(rng, 128, 16, 0.6);
  // Every tenth member without vectors.
  const members = input.members.map((m, i) => (i % 10 === 0 ? m : { ...m, vectors: { need: near(), offer: near(), about: near() } }));
  const model = buildCommunityModel({ ...input, members }, { concepts: conceptMatcher(defaultLexicon) });

  it("rank a member's partners nearly as their texts' cosines do: the true best five are among the sketches' best twenty", () => {
    const s = model.vectors;
    if (!s || !model.vectorComponents) throw new Error("no vectors");
    expect(s.sketch.length).toBe(model.n * SKETCH_RECORD);
    for (const u of [1, 2, 3]) expect([s.sketchHubs[u * 16 + 14], s.sketchHubs[u * 16 + 15]]).toEqual([s.needHub[u], s.offerHub[u]]);
    const c = model.vectorComponents;
    const parts: SemanticParts = { aToB: 0, bToA: 0, about: 0 };
    let found = 0;
    let wanted = 0;
    for (let u = 1; u < model.n; u += 7) {
      if (s.ok[u] === 0) continue;
      const exact: { v: number; x: number }[] = [];
      const estimated: { v: number; x: number }[] = [];
      for (let v = 0; v < model.n; v++) {
        if (v === u) continue;
        if (!semanticDirections(model, u, v, parts)) {
          expect(sketchEstimate(model, u, v)).toBe(0);
          continue;
        }
        exact.push({ v, x: c.semantic * combineSemantic(model, parts.aToB, parts.bToA) });
        estimated.push({ v, x: sketchEstimate(model, u, v) });
      }
      exact.sort((a, b) => b.x - a.x || a.v - b.v);
      estimated.sort((a, b) => b.x - a.x || a.v - b.v);
      const top = new Set(estimated.slice(0, 20).map((e) => e.v));
      for (const e of exact.slice(0, 5)) {
        if (e.x <= 0) continue;
        wanted++;
        if (top.has(e.v)) found++;
      }
    }
    expect(wanted).toBeGreaterThan(300);
    expect(found / wanted).toBeGreaterThan(0.85);
  });

  it("are the same for the same community", () => {
    const again = buildCommunityModel({ ...input, members }, { concepts: conceptMatcher(defaultLexicon) });
    expect(again.vectors?.sketch).toEqual(model.vectors?.sketch);
    expect(again.vectors?.sketchScale).toBe(model.vectors?.sketchScale);
  });
});

describe("the texts as int8 numbers (SemanticVectors.store)", () => {
  it("give each cosine within 0.003 of the float32 vectors' and a text's own cosine 1", () => {
    const input = syntheticCommunity(300, 4);
    const rng = new Rng("int8-texts");
    const near = clusteredVectors(rng, 512, 12, 0.5);
    // Every sixth member without an about; every ninth without vectors at all.
    const members = input.members.map((m, i) => (i % 9 === 0 ? m : { ...m, vectors: { need: near(), offer: near(), about: i % 6 === 0 ? null : near() } }));
    const model = buildCommunityModel({ ...input, members }, { concepts: conceptMatcher(defaultLexicon) });
    const s = model.vectors;
    if (!s) throw new Error("no vectors");
    expect(s.store.q.byteLength).toBe(model.n * VEC.slots * 512);
    const vectorOf = (i: number, slot: number): Float32Array | null | undefined => {
      const v = members[i]?.vectors;
      return slot === VEC.need ? v?.need : slot === VEC.offer ? v?.offer : v?.about;
    };
    let compared = 0;
    let worst = 0;
    for (let t = 0; t < 3_000; t++) {
      const a = rng.int(model.n);
      const b = rng.int(model.n);
      const sa = rng.int(VEC.slots);
      const sb = rng.int(VEC.slots);
      const x = vectorOf(a, sa);
      const y = vectorOf(b, sb);
      if (!x || !y) {
        expect(textCosine(s, a, sa, b, sb)).toBe(0);
        continue;
      }
      let exact = 0;
      for (let d = 0; d < x.length; d++) exact += (x[d] as number) * (y[d] as number);
      worst = Math.max(worst, Math.abs(textCosine(s, a, sa, b, sb) - exact));
      compared++;
    }
    expect(compared).toBeGreaterThan(1_500);
    expect(worst).toBeLessThan(0.003);
    for (const i of [1, 2, 3]) expect(textCosine(s, i, VEC.need, i, VEC.need)).toBeCloseTo(1, 2);
  });
});
