import { describe, expect, it } from "vitest";
import { conceptMatcher } from "../lexicon/need-weights.ts";
import { defaultLexicon } from "../lexicon/index.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";
import { buildCommunityModel } from "./corpus.ts";
import { Rng } from "./random.ts";
import { clusteredVectors } from "./testing.ts";
import { combineSemantic, SKETCH_RECORD, type SemanticParts, semanticDirections, semanticParts, sketchEstimate, sketchKernel, textCosine, VEC } from "./semantic.ts";

/** Of one member's true best five partners (exact values above 0), how many are among the best twenty by the estimates. */
function bestFiveInTwenty(exact: { v: number; x: number }[], estimated: { v: number; x: number }[]): { wanted: number; found: number } {
  exact.sort((a, b) => b.x - a.x || a.v - b.v);
  estimated.sort((a, b) => b.x - a.x || a.v - b.v);
  const top = new Set(estimated.slice(0, 20).map((e) => e.v));
  const best = exact.slice(0, 5).filter((e) => e.x > 0);
  return { wanted: best.length, found: best.filter((e) => top.has(e.v)).length };
}

describe("the texts' sketches (SemanticVectors.sketch)", () => {
  // Texts near one of 16 themes in 128 dimensions, as sentence vectors cluster by subject.
  const input = syntheticCommunity(800, 9);
  const rng = new Rng("sketch");
  const near = clusteredVectors(rng, 128, 16, 0.6);
  // Every tenth member without vectors.
  const members = input.members.map((m, i) => (i % 10 === 0 ? m : { ...m, vectors: { need: near(), offer: near(), about: near() } }));
  const model = buildCommunityModel({ ...input, members }, { concepts: conceptMatcher(defaultLexicon) });

  it("rank a member's partners nearly as their texts' cosines do (need <-> offer and about <-> about): the true best five are among the sketches' best twenty", () => {
    const s = model.vectors;
    if (!s || !model.vectorComponents) throw new Error("no vectors");
    expect(s.sketch.length).toBe(model.n * SKETCH_RECORD);
    for (const u of [1, 2, 3]) expect([s.sketchHubs[u * 32 + 14], s.sketchHubs[u * 32 + 15]]).toEqual([s.needHub[u], s.offerHub[u]]);
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
        semanticParts(model, u, v, parts);
        exact.push({ v, x: c.semantic * combineSemantic(model, parts.aToB, parts.bToA) + c.about * parts.about });
        estimated.push({ v, x: sketchEstimate(model, u, v) });
      }
      const counted = bestFiveInTwenty(exact, estimated);
      wanted += counted.wanted;
      found += counted.found;
    }
    expect(wanted).toBeGreaterThan(300);
    expect(found / wanted).toBeGreaterThan(0.85);
  });

  it("are estimated in WebAssembly (sketchKernel) to the same double as sketchEstimate, for every pair, with and without vectors", () => {
    const s = model.vectors;
    if (!s) throw new Error("no vectors");
    expect(s.sketchStore.memory).not.toBeNull();
    const kernel = sketchKernel(model);
    let differ = 0;
    let nonZero = 0;
    for (let u = 0; u < model.n; u += 3) {
      for (let v = 0; v < model.n; v++) {
        const want = sketchEstimate(model, u, v);
        if (want !== 0) nonZero++;
        if (!Object.is(kernel(u, v), want)) differ++;
      }
    }
    expect(nonZero).toBeGreaterThan(20_000);
    expect(differ).toBe(0);
  });

  it("estimate the about <-> about term on its own: its true best five among the sketches' best twenty, 0 without an about text", () => {
    // Only the about term weighs; a fifth of the members have no about text.
    const aboutOnly = { tags: 0, complementarity: 0, answers: 0, city: 0, topics: 0, semantic: 0, about: 1 };
    const withGaps = members.map((m, i) => (i % 5 === 2 && m.vectors ? { ...m, vectors: { ...m.vectors, about: null } } : m));
    const about = buildCommunityModel({ ...input, members: withGaps }, { concepts: conceptMatcher(defaultLexicon), weights: { vectorComponents: aboutOnly } });
    const s = about.vectors;
    if (!s) throw new Error("no vectors");
    const parts: SemanticParts = { aToB: 0, bToA: 0, about: 0 };
    let found = 0;
    let wanted = 0;
    for (let u = 1; u < about.n; u += 7) {
      if (s.ok[u] === 0) continue;
      const exact: { v: number; x: number }[] = [];
      const estimated: { v: number; x: number }[] = [];
      for (let v = 0; v < about.n; v++) {
        if (v === u || s.ok[v] === 0) continue;
        semanticParts(about, u, v, parts);
        const x = sketchEstimate(about, u, v);
        if (u % 5 === 2 || v % 5 === 2) expect(x).toBe(0);
        exact.push({ v, x: parts.about });
        estimated.push({ v, x });
      }
      if (u % 5 === 2) continue;
      const counted = bestFiveInTwenty(exact, estimated);
      wanted += counted.wanted;
      found += counted.found;
    }
    expect(wanted).toBeGreaterThan(200);
    expect(found / wanted).toBeGreaterThan(0.85);
    expect(s.aboutScale).toBeGreaterThan(0);
  });

  it("are the same for the same community", () => {
    const again = buildCommunityModel({ ...input, members }, { concepts: conceptMatcher(defaultLexicon) });
    expect(again.vectors?.sketch).toEqual(model.vectors?.sketch);
    expect(again.vectors?.sketchScale).toBe(model.vectors?.sketchScale);
    expect(again.vectors?.aboutScale).toBe(model.vectors?.aboutScale);
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
