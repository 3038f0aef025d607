import { describe, expect, it } from "vitest";
import { buildCommunityModel } from "./corpus.ts";
import { relevance, scorePair } from "./relevance.ts";
import { combineSemantic } from "./semantic.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";
import { member } from "./testing.ts";
import type { MemberFeatures } from "./types.ts";
import { DEFAULT_WEIGHTS, resolveWeights } from "./weights.ts";

/** Filler members so that IDF has a community to be computed over. */
function background(count: number): MemberFeatures[] {
  return Array.from({ length: count }, (_, i) =>
    member(`bg${i}`, {
      tags: ["Startups", `Hobby ${i}`],
      lookingFor: "new clients",
      canHelpWith: "networking",
      about: "I like coffee",
    }),
  );
}

describe("relevance", () => {
  it("is in [0, 1] and symmetric, with the directions swapped in the breakdown", () => {
    const model = buildCommunityModel(syntheticCommunity(300, 7));
    let nonZero = 0;
    for (let a = 0; a < 300; a += 7) {
      for (let b = 1; b < 300; b += 11) {
        const ab = relevance(model, a, b);
        const ba = relevance(model, b, a);
        expect(ab.score).toBeGreaterThanOrEqual(0);
        expect(ab.score).toBeLessThanOrEqual(1);
        expect(ab.score).toBe(ba.score);
        expect(ab.score).toBe(scorePair(model, a, b));
        expect(ab.breakdown.complementarity.aToB).toBe(ba.breakdown.complementarity.bToA);
        expect(ab.breakdown.tags.similarity).toBe(ba.breakdown.tags.similarity);
        if (ab.score > 0) nonZero++;
      }
    }
    expect(nonZero).toBeGreaterThan(100);
    expect(relevance(model, 3, 3).score).toBe(0);
  });

  it("weighs a shared rare tag above a shared common tag (IDF)", () => {
    const model = buildCommunityModel({
      members: [
        member("rare1", { tags: ["Rust", "Sailing"] }),
        member("rare2", { tags: ["Rust", "Chess"] }),
        member("common1", { tags: ["Startups", "Yoga"] }),
        member("common2", { tags: ["Startups", "Wine"] }),
        ...background(40),
      ],
    });
    const rare = relevance(model, "rare1", "rare2");
    const common = relevance(model, "common1", "common2");
    expect(rare.breakdown.tags.similarity).toBeGreaterThan(common.breakdown.tags.similarity * 1.5);
    expect(rare.score).toBeGreaterThan(common.score);
    // Tag spelling does not matter.
    const spelled = buildCommunityModel({ members: [member("x", { tags: ["rust "] }), member("y", { tags: ["RUST"] }), ...background(5)] });
    expect(relevance(spelled, "x", "y").breakdown.tags.similarity).toBeCloseTo(1, 10);
  });

  it("scores complementarity in both directions", () => {
    const model = buildCommunityModel({
      members: [
        member("seeker", { lookingFor: "I need advice on fundraising and pitch decks" }),
        member("helper", { canHelpWith: "Fundraising, pitch deck reviews" }),
        member("other", { lookingFor: "Looking for a yoga teacher", canHelpWith: "accounting" }),
        ...background(30),
      ],
    });
    const sh = relevance(model, "seeker", "helper").breakdown.complementarity;
    expect(sh.bToA).toBeGreaterThan(0.3); // helper (B) helps seeker (A)
    expect(sh.aToB).toBe(0);
    const hs = relevance(model, "helper", "seeker").breakdown.complementarity;
    expect(hs.aToB).toBe(sh.bToA);
    expect(relevance(model, "seeker", "helper").score).toBeGreaterThan(relevance(model, "seeker", "other").score);
  });

  it("matches across RU and EN word forms through stemming", () => {
    const model = buildCommunityModel({
      members: [
        member("ru-need", { lookingFor: "Ищу программистов" }),
        member("ru-help", { canHelpWith: "Программирование на Go" }),
        member("en-need", { lookingFor: "Looking for programmers" }),
        member("en-help", { canHelpWith: "programming in Go" }),
        ...background(20),
      ],
    });
    expect(relevance(model, "ru-need", "ru-help").breakdown.complementarity.bToA).toBeGreaterThan(0.5);
    expect(relevance(model, "en-need", "en-help").breakdown.complementarity.bToA).toBeGreaterThan(0.5);
  });

  it("counts the about text on the offering side, below can-help-with", () => {
    const model = buildCommunityModel({
      members: [
        member("seeker", { lookingFor: "fundraising" }),
        member("can", { canHelpWith: "fundraising", about: "gardening" }),
        member("about", { canHelpWith: "gardening", about: "fundraising" }),
        ...background(20),
      ],
    });
    const viaCan = relevance(model, "seeker", "can").breakdown.complementarity.bToA;
    const viaAbout = relevance(model, "seeker", "about").breakdown.complementarity.bToA;
    expect(viaAbout).toBeGreaterThan(0);
    expect(viaCan).toBeGreaterThan(viaAbout);
  });

  it("adds same city (normalised) and shared answers, rarer answers weighing more", () => {
    const model = buildCommunityModel({
      members: [
        member("a", { city: "Москва", answers: ["q1:rare"] }),
        member("b", { city: "г. Moscow", answers: ["q1:rare"] }),
        member("c", { city: "Berlin", answers: ["q1:common"] }),
        member("d", { city: "Paris", answers: ["q1:common"] }),
        ...background(20).map((m) => ({ ...m, answers: ["q1:common"] })),
      ],
    });
    const ab = relevance(model, "a", "b").breakdown;
    expect(ab.city.same).toBe(true);
    expect(ab.city.contribution).toBeCloseTo(DEFAULT_WEIGHTS.components.city, 10);
    expect(relevance(model, "c", "d").breakdown.city.same).toBe(false);
    expect(ab.answers.shared).toBe(1);
    expect(ab.answers.similarity).toBe(1);
    const cd = relevance(model, "c", "d").breakdown;
    expect(cd.answers.shared).toBe(1);
    expect(relevance(model, "a", "b").score).toBeGreaterThan(relevance(model, "c", "d").score);
  });

  it("uses the admin score as a strong prior, or as an override when configured", () => {
    const members = [member("a", { tags: ["Rust"] }), member("b", { tags: ["Rust"] }), member("c", { tags: ["Yoga"] }), ...background(20)];
    const adminScores = [
      { a: "a", b: "b", score: 0 },
      { a: "c", b: "a", score: 10 },
    ];
    const plain = buildCommunityModel({ members });
    const prior = buildCommunityModel({ members, adminScores });
    const base = relevance(plain, "a", "b").score;
    expect(base).toBeGreaterThan(0.05);
    expect(relevance(prior, "a", "b").score).toBeCloseTo(base * (1 - DEFAULT_WEIGHTS.admin.priorStrength), 10);
    expect(relevance(plain, "a", "c").score).toBe(0);
    expect(relevance(prior, "a", "c").score).toBeCloseTo(DEFAULT_WEIGHTS.admin.priorStrength, 10);
    expect(relevance(prior, "c", "a").breakdown.admin).toEqual({ score: 10, mode: "prior", value: DEFAULT_WEIGHTS.admin.priorStrength });

    const override = buildCommunityModel({ members, adminScores: [...adminScores, { a: "b", b: "c", score: 6.5 }] }, { weights: { admin: { mode: "override" } } });
    expect(relevance(override, "a", "b").score).toBe(0);
    expect(relevance(override, "a", "c").score).toBe(1);
    expect(relevance(override, "b", "c").score).toBeCloseTo(0.65, 10);
  });

  it("lowers the score after a poor meeting rating and for members with poor ratings or no-shows", () => {
    const pair = [member("a", { tags: ["Rust", "Go"] }), member("b", { tags: ["Rust", "Go"] })];
    const base = relevance(buildCommunityModel({ members: [...pair, ...background(20)] }), "a", "b").score;
    expect(base).toBeGreaterThan(0);

    const poorPair = buildCommunityModel({ members: [...pair, ...background(20)], pairFeedback: [{ a: "b", b: "a", rating: 1 }] });
    expect(relevance(poorPair, "a", "b").score).toBeCloseTo(base * DEFAULT_WEIGHTS.feedback.poorPairFloor, 10);
    expect(relevance(poorPair, "a", "b").breakdown.feedback.pairMultiplier).toBe(DEFAULT_WEIGHTS.feedback.poorPairFloor);
    const goodPair = buildCommunityModel({ members: [...pair, ...background(20)], pairFeedback: [{ a: "a", b: "b", rating: 5 }] });
    expect(relevance(goodPair, "a", "b").score).toBe(base);
    const noMeeting = buildCommunityModel({ members: [...pair, ...background(20)], pairFeedback: [{ a: "a", b: "b", rating: null, noMeeting: true }] });
    expect(relevance(noMeeting, "a", "b").score).toBeLessThan(base);

    const withFeedback = (feedback: MemberFeatures["feedback"]) =>
      relevance(buildCommunityModel({ members: [{ ...(pair[0] as MemberFeatures), feedback }, pair[1] as MemberFeatures, ...background(20)] }), "a", "b");
    const noShows = withFeedback({ ratingsReceived: 0, meanRatingReceived: null, noShows: 3 });
    expect(noShows.score).toBeLessThan(base);
    expect(noShows.breakdown.feedback.memberMultiplierA).toBeLessThan(1);
    expect(withFeedback({ ratingsReceived: 4, meanRatingReceived: 1.5, noShows: 0 }).score).toBeLessThan(base);
    // One bad rating is not a pattern yet, and one no-show is tolerated.
    expect(withFeedback({ ratingsReceived: 1, meanRatingReceived: 1, noShows: 1 }).score).toBe(base);
  });

  it("flags excluded pairs in the breakdown", () => {
    const model = buildCommunityModel({
      members: [member("a", { tags: ["Rust"] }), member("b", { tags: ["Rust"] }), ...background(5)],
      exclusions: [
        { a: "b", b: "a", reason: "dislike" },
        { a: "a", b: "b", reason: "history" },
      ],
    });
    expect(relevance(model, "a", "b").breakdown.excluded).toBe("dislike");
    expect(relevance(model, "a", "bg0").breakdown.excluded).toBeNull();
  });
});

describe("weights", () => {
  it("merges a per-tenant partial override over the defaults", () => {
    const w = resolveWeights({ components: { city: 3 }, candidates: { k: 10 } });
    expect(w.components).toEqual({ ...DEFAULT_WEIGHTS.components, city: 3 });
    expect(w.candidates.k).toBe(10);
    expect(w.admin).toEqual(DEFAULT_WEIGHTS.admin);
    const cityOnly = buildCommunityModel(
      { members: [member("a", { city: "Berlin", tags: ["x"] }), member("b", { city: "berlin", tags: ["y"] })] },
      { weights: { components: { tags: 0, complementarity: 0, answers: 0, city: 1, topics: 0 } } },
    );
    expect(relevance(cityOnly, "a", "b").score).toBe(1);
  });

  it("lets the weekly pairing count the need a pair meets best, without the reverse direction", () => {
    const unit = (xs: number[]) => {
      const norm = Math.hypot(...xs);
      return Float32Array.from(xs, (x) => x / norm);
    };
    // a's offer is b's need; b's offer is half of a's need; c and d only make a community.
    const members = [
      member("a", { vectors: { need: unit([1, 1, 0, 0]), offer: unit([0, 0, 1, 0]) } }),
      member("b", { vectors: { need: unit([0, 0, 1, 0]), offer: unit([1, 0, 0, 0]) } }),
      member("c", { vectors: { need: unit([0, 0, 0, 1]), offer: unit([0, 1, 0, 1]) } }),
      member("d", { vectors: { need: unit([0, 1, 0, 0]), offer: unit([0, 0, 0, 1]) } }),
    ];
    const model = buildCommunityModel({ members });
    expect(combineSemantic(model, 0.8, 0.3)).toBeCloseTo(0.9 * 0.8 + 0.1 * 0.3, 10);
    expect(combineSemantic(model, 0.8, 0.3, true)).toBe(0.8);
    expect(combineSemantic(model, 0.3, 0.8, true)).toBe(0.8);
    const a = model.indexOf.get("a") as number;
    const b = model.indexOf.get("b") as number;
    // The pairing's weight is the best direction in full; mixed 0.9 / 0.1 it is less (the reverse
    // direction is the weaker), and the score shown is mixed either way.
    const mixed = buildCommunityModel({ members }, { weights: { semantic: { pairingMaxShare: 0.9 } } });
    expect(scorePair(model, a, b, true)).toBeGreaterThan(scorePair(mixed, a, b, true));
    expect(scorePair(mixed, a, b)).toBe(scorePair(model, a, b));
    expect(() => resolveWeights({ semantic: { pairingMaxShare: 0.4 } })).toThrow(/semantic.pairingMaxShare/);
  });

  it("rejects unknown keys and bad values", () => {
    expect(() => resolveWeights({ components: { colour: 1 } } as never)).toThrow(/unknown key weights.components.colour/);
    expect(() => resolveWeights({ components: { tags: -1 } })).toThrow(/components.tags/);
    expect(() => resolveWeights({ components: { tags: 0, complementarity: 0, answers: 0, city: 0, topics: 0 } })).toThrow(/positive/);
    expect(() => resolveWeights({ topics: { maxShare: 0.2 } })).toThrow(/topics.maxShare/);
    expect(() => resolveWeights({ cityByFormat: { online: -1 } })).toThrow(/cityByFormat.online/);
    expect(() => resolveWeights({ candidates: { k: 50, rescorePool: 10 } })).toThrow(/rescorePool/);
    expect(() => resolveWeights({ candidates: { vectorPreselect: 0 } })).toThrow(/candidates.vectorPreselect/);
    expect(() => resolveWeights({ candidates: { vectorPreselect: 2.5 } })).toThrow(/candidates.vectorPreselect/);
    expect(() => resolveWeights({ admin: { mode: "veto" as "prior" } })).toThrow(/admin.mode/);
  });
});
