/** The pairing rules people expect (docs/matching.md, "Pairing rules"): colleagues, open intros, repeated no-shows. */
import { describe, expect, it } from "vitest";
import { buildCommunityModel, exclusionOf } from "./corpus.ts";
import { type PairingResult, pairCommunity } from "./pairing.ts";
import { relevance } from "./relevance.ts";
import { member, pairId } from "./testing.ts";
import { normalizeCompany } from "./text.ts";
import type { MemberFeatures } from "./types.ts";

const pairsOf = (r: PairingResult): string[] => r.matches.map((m) => pairId(m.a, m.b));
const twin = { tags: ["Rust", "Sailing", "Chess"], lookingFor: "fundraising", canHelpWith: "fundraising", city: "Berlin" };

describe("normalizeCompany", () => {
  it("ignores case, whitespace, punctuation and legal forms", () => {
    for (const name of ["Acme, Inc.", "ACME", "  acme  llc ", "Acme Ltd", "acme corp.", "«Acme»"]) expect(normalizeCompany(name)).toBe("acme");
    expect(normalizeCompany("ООО «Точка»")).toBe("точка");
    expect(normalizeCompany('АО "Точка"')).toBe("точка");
    expect(normalizeCompany("Ёлка GmbH")).toBe(normalizeCompany("елка"));
    expect(normalizeCompany("Acme Labs")).not.toBe(normalizeCompany("Acme"));
  });

  it("gives no key for an empty or form-only name", () => {
    for (const name of [null, undefined, "", "   ", "LLC", "ООО", "—"]) expect(normalizeCompany(name)).toBe("");
  });
});

describe("colleagues", () => {
  // ann and bob are the best pair of the community, and work at the same company.
  const members: MemberFeatures[] = [
    member("ann", { ...twin, company: "Acme, Inc." }),
    member("bob", { ...twin, company: "ACME llc" }),
    member("cat", { tags: ["Rust"], company: "Other" }),
    member("dan", { tags: ["Sailing"] }),
  ];

  it("are not paired by default, and each still gets another partner", () => {
    const r = pairCommunity({ members }, { seed: 1 });
    expect(pairsOf(r)).not.toContain(pairId("ann", "bob"));
    expect(r.matches).toHaveLength(2);
    expect(r.recommendations).toEqual([]);
    const model = buildCommunityModel({ members });
    expect(relevance(model, "ann", "bob").breakdown.excluded).toBe("colleague");
    expect(exclusionOf(model, 0, 1)).toBe("colleague");
    expect(exclusionOf(model, 0, 2)).toBeNull();
  });

  it("are paired as before when the community allows it", () => {
    const r = pairCommunity({ members }, { seed: 1, pairColleagues: true });
    expect(pairsOf(r)).toContain(pairId("ann", "bob"));
    expect(relevance(buildCommunityModel({ members }, { pairColleagues: true }), "ann", "bob").breakdown.excluded).toBeNull();
  });

  it("never come from an empty company", () => {
    const blank = members.map((m) => ({ ...m, company: m.id === "ann" ? "" : m.id === "bob" ? "  " : m.company }));
    expect(pairsOf(pairCommunity({ members: blank }, { seed: 1 }))).toContain(pairId("ann", "bob"));
  });

  it("are never a recommendation for the odd member out", () => {
    const three = [member("ann", { ...twin, company: "Acme" }), member("bob", { ...twin, company: "Acme" }), member("cat", { tags: ["Rust"] })];
    const r = pairCommunity({ members: three }, { seed: 1 });
    const all = [...pairsOf(r), ...r.recommendations.map((x) => pairId(x.member, x.candidate))];
    expect(all).not.toContain(pairId("ann", "bob"));
  });
});

describe("members whose last two meetings did not happen", () => {
  const flaky = { ratingsReceived: 0, meanRatingReceived: null, noShows: 2, lastTwoNoShows: true };
  // bob is ann's best partner by far; cat is a weak one.
  const three = (bobFeedback?: MemberFeatures["feedback"]): MemberFeatures[] => [
    member("ann", twin),
    member("bob", { ...twin, ...(bobFeedback ? { feedback: bobFeedback } : {}) }),
    member("cat", { tags: ["Rust"] }),
  ];

  it("are the odd one out while someone else can be paired", () => {
    expect(pairsOf(pairCommunity({ members: three() }, { seed: 1 }))).toEqual([pairId("ann", "bob")]);
    // Two no-shows without the rule's flag: the member multiplier alone does not push bob out.
    expect(pairsOf(pairCommunity({ members: three({ ...flaky, lastTwoNoShows: false }) }, { seed: 1 }))).toEqual([pairId("ann", "bob")]);
    const r = pairCommunity({ members: three(flaky) }, { seed: 1 });
    expect(pairsOf(r)).toEqual([pairId("ann", "cat")]);
    expect(r.recommendations.map((x) => x.member)).toEqual(["bob"]);
  });

  it("are still paired when that costs no one a partner, with their score unscaled", () => {
    const members = [...three(flaky), member("dan", { tags: ["Chess"] })];
    const r = pairCommunity({ members }, { seed: 1 });
    expect(r.stats.matchedMembers).toBe(4);
    const withBob = r.matches.find((m) => m.a === "bob" || m.b === "bob");
    const model = buildCommunityModel({ members });
    expect(withBob?.score).toBe(relevance(model, withBob?.a ?? "", withBob?.b ?? "").score);
    expect(model.lowPriority[1]).toBe(1);
  });
});
