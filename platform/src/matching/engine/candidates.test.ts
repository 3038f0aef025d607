import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildCandidateGraph, buildIndex, fillLists, HUB_LIST, hubCounts, listContext } from "./candidates.ts";
import { buildCommunityModel, type CommunityModel } from "./corpus.ts";
import { scorePair } from "./relevance.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";
import { Rng } from "./random.ts";
import { clusteredVectors, member } from "./testing.ts";
import type { NearestLists } from "./vector-index.ts";

describe("candidate graph", () => {
  it.each([["words", ""], ["vectors", "vectors"]])("is the same graph on one thread and on two, and a worker thread takes part (%s)", (_, kind) => {
    // A child process runs as the server does (node --import tsx): the worker loads the same way.
    const child = fileURLToPath(new URL("./candidates-threads.child.ts", import.meta.url));
    const out = spawnSync(process.execPath, ["--import", "tsx", child, "8000", kind], { encoding: "utf8", timeout: 120_000 });
    expect(out.status, out.stderr).toBe(0);
    const r = JSON.parse(out.stdout) as { edges: number; sameEdges: boolean; sameLists: boolean; sameStats: boolean; threads: number[] };
    expect(r.edges).toBeGreaterThan(8000 * 5);
    expect(r.threads).toEqual([1, 2]);
    expect(r.sameEdges).toBe(true);
    expect(r.sameLists).toBe(true);
    expect(r.sameStats).toBe(true);
  }, 150_000);


  it("is sparse: at most k candidates per member, bounded index work", () => {
    const model = buildCommunityModel(syntheticCommunity(2000, 21));
    const g = buildCandidateGraph(model, { seed: 1 });
    const { k, memberBudget, vectorMemberBudget, refine, refineRounds } = model.weights.candidates;
    expect(g.edgeU.length).toBeLessThanOrEqual(g.n * k);
    expect(g.edgeU.length).toBeGreaterThan(g.n * 5);
    expect(g.stats.postingsRead).toBeLessThanOrEqual(g.n * Math.max(memberBudget, vectorMemberBudget));
    // Admin-scored partners are re-scored on top of the pool; each refinement round scores at most refine^2 more per member.
    expect(g.stats.rescored).toBeLessThanOrEqual(g.n * (model.weights.candidates.rescorePool + refineRounds * refine * refine) + 2 * model.adminScore.size);
    for (let v = 0; v < g.n; v++) expect((g.topK.offsets[v + 1] as number) - (g.topK.offsets[v] as number)).toBeLessThanOrEqual(k);
    // Edges are sorted, unique, u < v, and weigh round(relevance^exponent * 1e6), at least 1.
    for (let e = 0; e < g.edgeU.length; e++) {
      const u = g.edgeU[e] as number;
      const v = g.edgeV[e] as number;
      expect(u).toBeLessThan(v);
      if (e > 0) expect(u > (g.edgeU[e - 1] as number) || (u === g.edgeU[e - 1] && v > (g.edgeV[e - 1] as number))).toBe(true);
      if (e % 97 === 0) expect(g.weight[e]).toBe(Math.max(1, Math.round(scorePair(model, g.memberOf[u] as number, g.memberOf[v] as number) ** model.weights.matching.exponent * 1e6)));
    }
  });

  it("finds nearly all of each member's true top-k (checked against all pairs on a small community)", () => {
    const model = buildCommunityModel(syntheticCommunity(300, 22));
    const g = buildCandidateGraph(model, { seed: 1 });
    const k = model.weights.candidates.k;
    let found = 0;
    let wanted = 0;
    for (let vu = 0; vu < g.n; vu++) {
      const u = g.memberOf[vu] as number;
      const all: { v: number; s: number }[] = [];
      for (let vv = 0; vv < g.n; vv++) {
        const v = g.memberOf[vv] as number;
        if (v === u || model.excluded.has(u < v ? u * model.n + v : v * model.n + u)) continue;
        all.push({ v: vv, s: scorePair(model, u, v) });
      }
      all.sort((x, y) => y.s - x.s);
      const top = new Set(Array.from(g.topK.items.subarray(g.topK.offsets[vu], g.topK.offsets[vu + 1])));
      for (const x of all.slice(0, k)) {
        wanted++;
        if (top.has(x.v)) found++;
      }
    }
    expect(found / wanted).toBeGreaterThan(0.9);
  });

  it("bounds the work on a feature everybody has (postings cap)", () => {
    const members = Array.from({ length: 600 }, (_, i) => member(`m${i}`, { tags: ["Startups", `t${i % 50}`] }));
    const model = buildCommunityModel({ members }, { weights: { candidates: { postingsCap: 50, memberBudget: 10_000 } } });
    const g = buildCandidateGraph(model, { seed: 1 });
    // Per member: "Startups" capped at 50 postings + its rare tag's 12 postings.
    expect(g.stats.postingsRead).toBe(600 * (50 + 12));
    // Members still find the others with their rare tag.
    for (let vu = 0; vu < 20; vu++) {
      const top = Array.from(g.topK.items.subarray(g.topK.offsets[vu], g.topK.offsets[vu + 1]));
      expect(top.filter((vv) => vv % 50 === vu % 50)).toHaveLength(11);
    }
  });

  it("reads past the cut of a run of equal weights for the members whose small terms promise most (scanExtra)", () => {
    // 2,000 members offer the topic the asker needs, alike: one run of equal weights in its postings,
    // cut at postingsCap. Each answered three of ten questions as the asker did, and one all ten
    // (whose answers' weight puts them last in every answer's postings).
    const questions = 10;
    const special = 1234;
    const helpers = Array.from({ length: 2000 }, (_, j) =>
      member(`h${j}`, { offerTopics: ["tax"], answers: Array.from({ length: questions }, (_, q) => `q${q}:${j === special || (q + j) % questions < 3 ? "a" : "b"}`) }),
    );
    const asker = member("asker", { needTopics: ["tax"], answers: Array.from({ length: questions }, (_, q) => `q${q}:a`) });
    const firstPass = (scanExtra: number): string[] => {
      const model = buildCommunityModel({ members: [asker, ...helpers] }, { weights: { candidates: { postingsCap: 20, scanExtra, tieSample: 0 } } });
      return firstPassList(model, 0);
    };
    const scanned = firstPass(20);
    expect(scanned[0]).toBe(`h${special}`);
    // Without the scan the postings read stop at the cut, before them.
    expect(firstPass(0)).not.toContain(`h${special}`);
    expect(firstPass(0)).toHaveLength(20);
  });

  it("orders ties in the postings by the members' mean score against sampled askers (tieSample)", () => {
    // 500 members need the topic that 2,000 offer alike, and share a tag with one of those: the one
    // likelier to be anyone's best. With the tie order the capped read takes them first; without it
    // the seeded order decides.
    const helpers = Array.from({ length: 2000 }, (_, j) => member(`h${j}`, { offerTopics: ["tax"], tags: j === 1234 ? ["Startups"] : [] }));
    const askers = Array.from({ length: 500 }, (_, j) => member(`asker${j}`, { needTopics: ["tax"], tags: ["Startups"] }));
    const first = (tieSample: number): string[] => {
      const model = buildCommunityModel({ members: [...askers, ...helpers] }, { weights: { candidates: { postingsCap: 20, scanExtra: 0, tieSample } } });
      return firstPassList(model, 0);
    };
    expect(first(64)[0]).toBe("h1234");
    expect(first(0)).not.toContain("h1234");
  });

  it("with vectors, prescores only the best prescorePool of the preselection by the postings and the sketches", () => {
    // 300 members of the asker's city offer the topic the asker needs, alike; one more offers it from
    // another city, in words whose vector is the asker's need. The postings alone rank that one last
    // (no city bonus); the sketches of the vectors put it first.
    const rng = new Rng("prescore-pool");
    const dim = 32;
    const near = clusteredVectors(rng, dim, 64, 1);
    const need = near();
    const asker = member("asker", { needTopics: ["tax"], city: "Paris", vectors: { need, offer: near(), about: near() } });
    const alike = Array.from({ length: 300 }, (_, j) => member(`p${j}`, { offerTopics: ["tax"], city: "Paris", vectors: { need: near(), offer: near(), about: near() } }));
    const far = member("far", { offerTopics: ["tax"], city: "Berlin", vectors: { need: near(), offer: need, about: near() } });
    const list = (preselect: number): string[] => {
      const weights = { candidates: { k: 10, vectorRescorePool: 10, vectorPreselect: preselect, prescorePool: 10, postingsCap: 1000, cityPostingsCap: 1000, scanExtra: 0, tieSample: 0 } };
      return firstPassList(buildCommunityModel({ members: [asker, ...alike, far] }, { weights }), 0);
    };
    // All 301 preselected (40 x 10), 10 of them prescored and scored: "far" first.
    const wide = list(40);
    expect(wide[0]).toBe("far");
    expect(wide.length).toBeLessThanOrEqual(10);
    // Preselected by the postings alone (10), it is not among them.
    expect(list(1)).not.toContain("far");
  });

  it("reads at most vectorMemberBudget postings for a member with vectors, memberBudget for one without", () => {
    const rng = new Rng("vector-budget");
    const near = clusteredVectors(rng, 16, 1, 0.1);
    const withVectors = Array.from({ length: 40 }, (_, j) => member(`v${j}`, { needTopics: ["tax"], offerTopics: ["tax"], tags: ["x"], vectors: { need: near(), offer: near(), about: near() } }));
    const without = Array.from({ length: 40 }, (_, j) => member(`w${j}`, { needTopics: ["tax"], offerTopics: ["tax"], tags: ["x"] }));
    const read = (members: typeof without) =>
      buildCandidateGraph(buildCommunityModel({ members }, { weights: { candidates: { memberBudget: 30, vectorMemberBudget: 7, scanExtra: 0 } } }), { seed: 1 }).stats.postingsRead;
    expect(read(withVectors)).toBeLessThanOrEqual(40 * 7);
    expect(read(without)).toBeGreaterThan(40 * 7);
    expect(read(without)).toBeLessThanOrEqual(40 * 30);
  });

  it("with vectors, the members prescored are chosen by their tags and answers exactly, not by capped postings", () => {
    // 301 members offer the topic the asker needs, alike, and answered two of four onboarding
    // questions as the asker did (the first and one other); one of them answered all four so. The
    // postings budget is spent on the topic's list with a few to spare for the answers' (each 100
    // long or more), so the proxy sees that one's answers only by chance; the sketch record's tags
    // and answers see them all. Vectors alike: those terms tie.
    const rng = new Rng("small-terms");
    const near = clusteredVectors(rng, 16, 1, 0.1);
    const vectors = { need: near(), offer: near(), about: near() };
    const asked = ["q0:a", "q1:a", "q2:a", "q3:a"];
    const asker = member("asker", { needTopics: ["tax"], answers: asked, vectors });
    const special = 123;
    const answers = (j: number): string[] => (j === special ? asked : asked.map((a, q) => (q === 0 || q === 1 + (j % 3) ? a : `q${q}:b`)));
    const alike = Array.from({ length: 301 }, (_, j) => member(`p${j}`, { offerTopics: ["tax"], answers: answers(j), vectors }));
    const list = (prescorePool: number): string[] => {
      const weights = { candidates: { k: 10, vectorRescorePool: 10, vectorPreselect: 40, prescorePool, postingsCap: 1000, memberBudget: 310, vectorMemberBudget: 310, scanExtra: 0, tieSample: 0 } };
      return firstPassList(buildCommunityModel({ members: [asker, ...alike] }, { weights }), 0);
    };
    expect(list(10)[0]).toBe(`p${special}`);
  });

  it("with vectors, weighs the postings as the vectors' weights do", () => {
    // The asker needs four topics. 40 members offer one of them; 5 share the asker's tags, city and
    // onboarding answers. Every member's texts have the same vectors (those terms tie). With the
    // words-and-lexicon weights (topics 0.6; tags, answers and city 0.28) the 40 fill a preselection
    // of 10; with the vectors' weights (topics 0.1; the rest 0.12), as the pairs are scored, the 5 head it.
    const rng = new Rng("vector-weights");
    const near = clusteredVectors(rng, 16, 1, 0.1);
    const vectors = { need: near(), offer: near(), about: near() };
    const answers = ["q0:a", "q1:a", "q2:a"];
    const asker = member("asker", { needTopics: ["tax", "marketing", "hiring", "fundraising"], tags: ["x", "y"], city: "Paris", answers, vectors });
    const topical = Array.from({ length: 40 }, (_, j) => member(`t${j}`, { offerTopics: ["tax"], answers: ["q0:b", "q1:b", "q2:b"], vectors }));
    const alike = Array.from({ length: 5 }, (_, j) => member(`a${j}`, { tags: ["x", "y"], city: "Paris", answers, vectors }));
    // The weights named above, whatever the defaults become: the mechanism is what is tested.
    const weights = {
      vectorComponents: { tags: 0.04, complementarity: 0.04, answers: 0.05, city: 0.03, topics: 0.1, semantic: 0.7, about: 0.04 },
      candidates: { k: 5, vectorRescorePool: 5, vectorPreselect: 2, prescorePool: 10, scanExtra: 0, tieSample: 0 },
    };
    const model = buildCommunityModel({ members: [asker, ...topical, ...alike] }, { weights });
    // What the list should hold: the 5 score above the 40.
    expect(scorePair(model, 0, 41)).toBeGreaterThan(scorePair(model, 0, 1));
    const list = firstPassList(model, 0);
    expect(list.slice(0, 5).sort()).toEqual(["a0", "a1", "a2", "a3", "a4"]);
  });

  it("with vectors, lists a member who shares no key with the asker but whose offer is nearest the asker's need", () => {
    // 60 members of the asker's city offer the topic the asker needs; one more, from another city,
    // offers nothing the postings know (no topic, tag or answer) in words whose vector is the asker's need.
    const rng = new Rng("nearest-partners");
    const near = clusteredVectors(rng, 32, 64, 1);
    const need = near();
    const asker = member("asker", { needTopics: ["tax"], city: "Paris", vectors: { need, offer: near(), about: near() } });
    const topical = Array.from({ length: 60 }, (_, j) => member(`p${j}`, { offerTopics: ["tax"], city: "Paris", vectors: { need: near(), offer: near(), about: near() } }));
    const helper = member("helper", { city: "Berlin", vectors: { need: near(), offer: need, about: near() } });
    const model = buildCommunityModel({ members: [asker, ...topical, helper] }, { weights: { candidates: { k: 10, scanExtra: 0, tieSample: 0 } } });
    // Without the vectors' nearest partners the keys never reach it; with them it is scored and heads the list.
    expect(firstPassList(model, 0)).not.toContain("helper");
    expect(firstPassList(model, 0, { nearest: true })[0]).toBe("helper");
  });

  it("includes admin-scored pairs even when they share nothing", () => {
    const members = [member("a", { tags: ["x"] }), member("b", { tags: ["x"] }), member("c", { tags: ["y"] })];
    const model = buildCommunityModel({ members, adminScores: [{ a: "a", b: "c", score: 8 }] });
    const g = buildCandidateGraph(model, { seed: 1 });
    const edges = Array.from(g.edgeU, (u, e) => `${u}-${g.edgeV[e]}`);
    expect(edges).toContain("0-2");
  });

  it("caps hubs: nobody is in more first tens than hubCap, and the graph keeps every edge", () => {
    const input = syntheticCommunity(800, 23);
    // Two members whose offer lists everything: the offers of 40 others each.
    for (const h of [0, 1]) {
      const hub = input.members[h];
      if (!hub) throw new Error("no member");
      hub.canHelpWith = input.members.slice(2 + h * 40, 42 + h * 40).map((m) => m.canHelpWith).join("; ");
      hub.eligibility = { moderation: "confirmed", networkingEnabled: true, profileComplete: true, deleted: false, paused: false };
    }
    const cap = 20;
    const off = buildCandidateGraph(buildCommunityModel(input, { weights: { candidates: { hubCap: 0 } } }), { seed: 1, threads: 1 });
    const on = buildCandidateGraph(buildCommunityModel(input, { weights: { candidates: { hubCap: cap } } }), { seed: 1, threads: 1 });
    const before = hubCounts(off.topK.offsets, off.topK.items, off.n);
    const after = hubCounts(on.topK.offsets, on.topK.items, on.n);
    expect(Math.max(...before)).toBeGreaterThan(cap);
    expect(Math.max(...after)).toBeLessThanOrEqual(cap);
    expect(Array.from(on.edgeU)).toEqual(Array.from(off.edgeU));
    expect(Array.from(on.edgeV)).toEqual(Array.from(off.edgeV));
    // A capped member left the first ten of some lists but stayed in them, further down.
    let moved = 0;
    for (let vu = 0; vu < on.n; vu++) {
      const listOff = Array.from(off.topK.items.subarray(off.topK.offsets[vu], off.topK.offsets[vu + 1]));
      const listOn = Array.from(on.topK.items.subarray(on.topK.offsets[vu], on.topK.offsets[vu + 1]));
      expect([...listOn].sort((a, b) => a - b)).toEqual([...listOff].sort((a, b) => a - b));
      for (const v of listOff.slice(0, HUB_LIST)) if ((before[v] as number) > cap && listOn.indexOf(v) >= HUB_LIST) moved++;
    }
    expect(moved).toBeGreaterThan(0);
  }, 120_000);
});

/**
 * The first pass's list of model member u, as ids best first: the inverted index alone (the nearest
 * partners by vector left out unless `nearest`), no refinement.
 */
function firstPassList(model0: CommunityModel, u: number, { nearest = false } = {}): string[] {
  const none = (l: NearestLists): NearestLists => ({ ...l, items: new Int32Array(l.items.length).fill(-1) });
  const model = nearest || model0.vectors === null ? model0 : { ...model0, vectors: { ...model0.vectors, needNear: none(model0.vectors.needNear), offerNear: none(model0.vectors.offerNear) } };
  const ctx = listContext(model, 1);
  const index = buildIndex(model, ctx);
  const k = model.weights.candidates.k;
  const out = { count: new Int32Array(ctx.nv).fill(-1), items: new Int32Array(ctx.nv * k), scores: new Float64Array(ctx.nv * k), stats: new Float64Array(3) };
  let next = 0;
  const blocks = Math.ceil(ctx.nv / 256);
  fillLists(model, ctx, index, () => (next < blocks ? next++ : -1), () => {}, out);
  const vu = ctx.vertexOf[u] as number;
  return Array.from(out.items.subarray(vu * k, vu * k + (out.count[vu] as number)), (x) => model.ids[ctx.memberOf[x] as number] as string);
}
