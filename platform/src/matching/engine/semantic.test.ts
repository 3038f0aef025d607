import { describe, expect, it } from "vitest";
import { conceptMatcher } from "../lexicon/need-weights.ts";
import { defaultLexicon } from "../lexicon/index.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";
import { buildCommunityModel } from "./corpus.ts";
import { Rng } from "./random.ts";
import { clusteredVectors } from "./testing.ts";
import { combineSemantic, SKETCH_RECORD, type SemanticParts, semanticDirections, sketchEstimate } from "./semantic.ts";

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
