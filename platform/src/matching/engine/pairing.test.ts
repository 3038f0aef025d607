import { describe, expect, it } from "vitest";
import { type PairingResult, pairCommunity } from "./pairing.ts";
import { type MatchReason, renderReason, renderReasons, renderRecommendationWhy } from "./reasons.ts";
import { syntheticCommunity } from "../../dev/synthetic.ts";
import { member, pairId } from "./testing.ts";
import type { CommunityInput, ExcludedPair } from "./types.ts";

function matchedIds(r: PairingResult): string[] {
  return r.matches.flatMap((m) => [m.a, m.b]);
}

describe("weekly pairing", () => {
  it("gives each member at most one match and covers nearly everyone", () => {
    const r = pairCommunity(syntheticCommunity(300, 3), { seed: "w1" });
    const ids = matchedIds(r);
    expect(new Set(ids).size).toBe(ids.length);
    expect(r.stats.coverage).toBeGreaterThan(0.95);
    for (const m of r.matches) {
      expect(m.a).not.toBe(m.b);
      expect(m.score).toBeGreaterThan(0);
      expect(m.score).toBeLessThanOrEqual(1);
      expect(m.reasons.length).toBeGreaterThan(0);
    }
    // Everyone eligible is matched, recommended, or reported as having no candidate.
    const accounted = new Set([...ids, ...r.recommendations.map((x) => x.member), ...r.noCandidates]);
    expect(accounted.size).toBe(r.stats.eligible);
  });

  it("never pairs or recommends ineligible members", () => {
    const input = syntheticCommunity(300, 4, { eligibleShare: 0.7 });
    const r = pairCommunity(input, { seed: 1 });
    const ineligible = new Set(input.members.filter((m) => {
      const e = m.eligibility;
      return e.deleted || e.moderation !== "confirmed" || !e.networkingEnabled || !e.profileComplete || e.paused;
    }).map((m) => m.id));
    expect(ineligible.size).toBeGreaterThan(50);
    expect(new Set(r.ineligible.map((x) => x.id))).toEqual(ineligible);
    for (const id of [...matchedIds(r), ...r.recommendations.flatMap((x) => [x.member, x.candidate])]) expect(ineligible.has(id)).toBe(false);
    expect(r.stats.eligible).toBe(300 - ineligible.size);
  });

  it("never matches or recommends a DISLIKE pair, even the best pair of the community", () => {
    const twin = { tags: ["Rust", "Sailing", "Chess"], lookingFor: "fundraising", canHelpWith: "fundraising", city: "Berlin" };
    const members = [member("ann", twin), member("bob", twin), member("cat", { tags: ["Rust"] }), member("dan", { tags: ["Sailing"] })];
    const without = pairCommunity({ members }, { seed: 1 });
    expect(without.matches.map((m) => pairId(m.a, m.b))).toContain(pairId("ann", "bob"));
    for (const [a, b] of [
      ["ann", "bob"],
      ["bob", "ann"],
    ]) {
      const r = pairCommunity({ members, exclusions: [{ a: a as string, b: b as string, reason: "dislike" }] }, { seed: 1 });
      const pairs = [...r.matches.map((m) => pairId(m.a, m.b)), ...r.recommendations.map((x) => pairId(x.member, x.candidate))];
      expect(pairs).not.toContain(pairId("ann", "bob"));
    }
    // A member whose only candidates are excluded has no candidate at all, and is reported.
    const lonely = pairCommunity(
      { members: [member("x", { tags: ["Go"] }), member("y", { tags: ["Go"] }), member("z", { tags: ["Art"] })], exclusions: [{ a: "x", b: "y", reason: "dislike" }] },
      { seed: 1 },
    );
    expect(lonely.matches).toEqual([]);
    expect(lonely.noCandidates.sort()).toEqual(["x", "y", "z"]);
  });

  it("holds all exclusions on a generated community", () => {
    const input = syntheticCommunity(400, 9, { dislikesPerMember: 0.5 });
    const excluded = new Set((input.exclusions ?? []).map((e) => pairId(e.a, e.b)));
    expect(excluded.size).toBeGreaterThan(200);
    const r = pairCommunity(input, { seed: 9 });
    for (const m of r.matches) expect(excluded.has(pairId(m.a, m.b))).toBe(false);
    for (const x of r.recommendations) expect(excluded.has(pairId(x.member, x.candidate))).toBe(false);
    for (let e = 0; e < r.graph.edgeU.length; e++) {
      const a = r.model.ids[r.graph.memberOf[r.graph.edgeU[e] as number] as number] as string;
      const b = r.model.ids[r.graph.memberOf[r.graph.edgeV[e] as number] as number] as string;
      expect(excluded.has(pairId(a, b))).toBe(false);
    }
  });

  it("repeats no pair across 10 simulated weeks", () => {
    const input = syntheticCommunity(200, 11);
    const dislikes = new Set((input.exclusions ?? []).filter((e) => e.reason === "dislike").map((e) => pairId(e.a, e.b)));
    const history: ExcludedPair[] = [...(input.exclusions ?? [])];
    const seen = new Set<string>((input.exclusions ?? []).filter((e) => e.reason === "history").map((e) => pairId(e.a, e.b)));
    let total = 0;
    for (let week = 1; week <= 10; week++) {
      const r = pairCommunity({ ...input, exclusions: history }, { seed: `community-1:2026-W${week}`, reasons: false });
      const ids = matchedIds(r);
      expect(new Set(ids).size).toBe(ids.length);
      expect(r.stats.coverage).toBeGreaterThan(0.9);
      for (const m of r.matches) {
        const key = pairId(m.a, m.b);
        expect(seen.has(key)).toBe(false);
        expect(dislikes.has(key)).toBe(false);
        seen.add(key);
        history.push({ a: m.a, b: m.b, reason: "history" });
      }
      for (const x of r.recommendations) expect(dislikes.has(pairId(x.member, x.candidate))).toBe(false);
      total += r.matches.length;
    }
    expect(total).toBeGreaterThan(800);
  });

  it("is deterministic for a seed", () => {
    const input = syntheticCommunity(250, 5);
    const strip = (r: PairingResult) => ({ matches: r.matches, recommendations: r.recommendations, noCandidates: r.noCandidates });
    const a = pairCommunity(input, { seed: "2026-W12" });
    const b = pairCommunity(syntheticCommunity(250, 5), { seed: "2026-W12" });
    expect(strip(b)).toEqual(strip(a));
    // The large-graph method is deterministic too.
    const c = pairCommunity(input, { seed: "2026-W12", weights: { matching: { exactLimit: 0 } } });
    const d = pairCommunity(input, { seed: "2026-W12", weights: { matching: { exactLimit: 0 } } });
    expect(strip(d)).toEqual(strip(c));
    expect(c.stats.matching.method).toBe("greedy+search");
  });

  it("gives the odd member out their best available contact, with the reason", () => {
    const members = [
      member("a", { tags: ["Rust", "Go"], city: "Berlin" }),
      member("b", { tags: ["Rust", "Go"], city: "Berlin" }),
      member("c", { tags: ["Rust"] }),
    ];
    const r = pairCommunity({ members }, { seed: 1 });
    expect(r.matches.map((m) => pairId(m.a, m.b))).toEqual([pairId("a", "b")]);
    expect(r.recommendations).toHaveLength(1);
    const rec = r.recommendations[0];
    expect(rec?.member).toBe("c");
    expect(["a", "b"]).toContain(rec?.candidate);
    expect(rec?.candidateMatched).toBe(true);
    expect(rec?.why).toBe("odd_count");
    expect(rec?.reasons).toContainEqual({ kind: "shared_tags", tags: ["Rust"] });
    expect(renderRecommendationWhy("odd_count", "en")).toMatch(/odd/);
    expect(renderRecommendationWhy("odd_count", "ru")).toMatch(/нечётное/);
  });

  it("explains 'no free candidate' when a member's candidates were all taken", () => {
    // Star: the two leaves relate only to the hubs, the hubs prefer each other's leaves.
    const input: CommunityInput = {
      members: [
        member("hub1", { tags: ["Go", "Rust"] }),
        member("hub2", { tags: ["Art", "Jazz"] }),
        member("leaf1", { tags: ["Go", "Rust"] }),
        member("leaf2", { tags: ["Art", "Jazz"] }),
        member("leaf3", { tags: ["Go"] }),
        member("leaf4", { tags: ["Art"] }),
      ],
    };
    const r = pairCommunity(input, { seed: 1 });
    expect(r.matches).toHaveLength(2);
    expect(r.recommendations.map((x) => [x.member, x.why]).sort()).toEqual([
      ["leaf3", "no_free_candidate"],
      ["leaf4", "no_free_candidate"],
    ]);
    expect(renderRecommendationWhy("no_free_candidate", "en")).toMatch(/already paired/);
  });

  it("gives admin picks their reason and lets the admin score steer the pairing", () => {
    const members = [member("a", { tags: ["Go"] }), member("b", { tags: ["Go"] }), member("c", { tags: ["Art"] }), member("d", { tags: ["Art"] })];
    const plain = pairCommunity({ members }, { seed: 1 });
    expect(plain.matches.map((m) => pairId(m.a, m.b)).sort()).toEqual([pairId("a", "b"), pairId("c", "d")]);
    const steered = pairCommunity(
      {
        members,
        adminScores: [
          { a: "a", b: "c", score: 10 },
          { a: "b", b: "d", score: 9 },
        ],
      },
      { seed: 1 },
    );
    expect(steered.matches.map((m) => pairId(m.a, m.b)).sort()).toEqual([pairId("a", "c"), pairId("b", "d")]);
    expect(steered.matches.every((m) => m.reasons[0]?.kind === "admin_pick")).toBe(true);
  });
});

describe("reasons", () => {
  const input: CommunityInput = {
    members: [
      member("ann", {
        tags: ["Rust", "Fintech", "Startups", "Yoga"],
        lookingFor: "Looking for advice on fundraising",
        canHelpWith: "Rust programming",
        city: "Москва",
        answers: ["q1:a", "q2:b"],
        gender: "female",
      }),
      member("bob", {
        tags: ["Rust", "Fintech", "Startups", "Chess"],
        lookingFor: "I want to learn programming",
        canHelpWith: "Fundraising and pitch decks",
        city: "Moscow",
        answers: ["q1:a", "q2:b"],
        gender: "male",
      }),
      member("eve", { tags: ["Startups"], lookingFor: "marketing", canHelpWith: "sales", city: "Berlin", answers: ["q1:c"] }),
      member("joe", { tags: ["Startups"], lookingFor: "design", canHelpWith: "hiring", answers: ["q2:c"] }),
    ],
  };

  it("are structured, strongest first, with the top tags by IDF and the helper's terms", () => {
    const r = pairCommunity(input, { seed: 1 });
    const m = r.matches.find((x) => pairId(x.a, x.b) === pairId("ann", "bob"));
    expect(m).toBeDefined();
    const reasons = m?.reasons ?? [];
    const annIsA = m?.a === "ann";
    expect(reasons).toContainEqual({ kind: "shared_tags", tags: ["Rust", "Fintech", "Startups"].slice(0, 3) });
    expect(reasons).toContainEqual({ kind: "can_help_with", direction: annIsA ? "b_to_a" : "a_to_b", terms: ["fundraising"] });
    expect(reasons).toContainEqual({ kind: "can_help_with", direction: annIsA ? "a_to_b" : "b_to_a", terms: ["programming"] });
    expect(reasons).toContainEqual({ kind: "same_city", city: "Москва", key: "moscow" });
    expect(reasons).toContainEqual({ kind: "shared_answers", count: 2 });
    // The common tag comes last among the shared tags (lowest IDF).
    const tags = reasons.find((x) => x.kind === "shared_tags");
    expect(tags?.kind === "shared_tags" && tags.tags.at(-1)).toBe("Startups");
  });

  it("render in English and Russian from each side, gendered or neutral", () => {
    const helpsA: MatchReason = { kind: "can_help_with", direction: "b_to_a", terms: ["fundraising"] };
    expect(renderReason(helpsA, { lang: "en", viewer: "a", partnerGender: "female" })).toBe("She can help with what you look for: fundraising");
    expect(renderReason(helpsA, { lang: "en", viewer: "a" })).toBe("They can help with what you look for: fundraising");
    expect(renderReason(helpsA, { lang: "en", viewer: "b", partnerGender: "male" })).toBe("You can help with what he looks for: fundraising");
    expect(renderReason(helpsA, { lang: "en", viewer: "b" })).toBe("You can help with what they look for: fundraising");
    expect(renderReason(helpsA, { lang: "ru", viewer: "a", partnerGender: "female" })).toBe("Она может помочь с тем, что вы ищете: fundraising");
    expect(renderReason(helpsA, { lang: "ru", viewer: "a" })).toBe("Ваш контакт может помочь с тем, что вы ищете: fundraising");
    expect(renderReason(helpsA, { lang: "ru", viewer: "b", partnerGender: "male" })).toBe("Вы можете помочь с тем, что он ищет: fundraising");

    const o = { lang: "en", viewer: "a" } as const;
    expect(renderReason({ kind: "shared_tags", tags: ["AI", "fintech"] }, o)).toBe("You both care about AI, fintech");
    expect(renderReason({ kind: "same_city", city: "Москва", key: "moscow" }, o)).toBe("You are both in Moscow");
    expect(renderReason({ kind: "same_city", city: "Porto", key: "porto" }, o)).toBe("You are both in Porto");
    expect(renderReason({ kind: "shared_answers", count: 1 }, o)).toBe("You answered 1 onboarding question the same way");
    expect(renderReason({ kind: "admin_pick" }, o)).toMatch(/community team/);

    const ru = { lang: "ru", viewer: "b" } as const;
    expect(renderReason({ kind: "same_city", city: "Moscow", key: "moscow" }, ru)).toBe("Вы оба из Москвы");
    expect(renderReason({ kind: "same_city", city: "Porto", key: "porto" }, ru)).toBe("Вы из одного города: Porto");
    expect(renderReason({ kind: "shared_tags", tags: ["ИИ", "финтех"] }, ru)).toBe("Вам обоим интересны темы: ИИ, финтех");
    expect(renderReason({ kind: "shared_answers", count: 2 }, ru)).toBe("Вы одинаково ответили на 2 вопроса анкеты");
    expect(renderReason({ kind: "shared_answers", count: 5 }, ru)).toBe("Вы одинаково ответили на 5 вопросов анкеты");
    expect(renderReason({ kind: "admin_pick" }, ru)).toMatch(/команда сообщества/);

    const r = pairCommunity(input, { seed: 1 });
    for (const m of r.matches) {
      for (const lang of ["en", "ru"] as const) {
        const lines = renderReasons(m.reasons, { lang, viewer: "a" });
        expect(lines).toHaveLength(m.reasons.length);
        for (const line of lines) expect(line.length).toBeGreaterThan(10);
      }
    }
  });
});
