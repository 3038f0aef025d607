import { describe, expect, it } from "vitest";
import { buildCandidateGraph } from "./candidates.ts";
import { buildCommunityModel } from "./corpus.ts";
import { explainPair, renderReason } from "./reasons.ts";
import { relevance } from "./relevance.ts";
import { member } from "./testing.ts";
import type { ConceptHit, ConceptMatcher, MemberFeatures } from "./types.ts";

/**
 * A two-concept matcher written for this test (the real lexicon is platform/src/matching/lexicon):
 * whole-phrase lookups, so the engine's use of concepts is tested apart from the lexicon's coverage.
 */
const PHRASES: Record<string, { concept: string; topic: string }> = {
  vat: { concept: "vat", topic: "tax" },
  "indirect tax": { concept: "vat", topic: "tax" },
  ндс: { concept: "vat", topic: "tax" },
  payroll: { concept: "payroll", topic: "tax" },
  "promo video": { concept: "promo_video", topic: "video" },
  "рекламный ролик": { concept: "promo_video", topic: "video" },
};
const LABELS: Record<string, { topic: string; label: { en: string; ru: string } }> = {
  vat: { topic: "tax", label: { en: "VAT and indirect tax", ru: "НДС и косвенные налоги" } },
  payroll: { topic: "tax", label: { en: "payroll taxes", ru: "зарплатные налоги" } },
  promo_video: { topic: "video", label: { en: "promo videos", ru: "рекламные ролики" } },
};
const matcher: ConceptMatcher = {
  match(text) {
    const out: ConceptHit[] = [];
    const lower = (text ?? "").toLowerCase();
    for (const [phrase, hit] of Object.entries(PHRASES)) {
      const at = lower.indexOf(phrase);
      if (at >= 0) out.push({ ...hit, start: at, end: at + phrase.length, surface: (text ?? "").slice(at, at + phrase.length) });
    }
    return out.sort((a, b) => a.start - b.start);
  },
  concept: (id) => LABELS[id],
};

function background(count: number): MemberFeatures[] {
  return Array.from({ length: count }, (_, i) =>
    member(`bg${i}`, { tags: [`Hobby ${i}`], lookingFor: "new clients", canHelpWith: "networking", city: `Town ${i}` }),
  );
}

describe("need <-> offer over concepts and topics", () => {
  const seeker = member("seeker", { lookingFor: "Sorting out VAT for our online shop", city: "Amsterdam", tags: ["ecommerce", "retail"] });
  const helper = member("helper", { canHelpWith: "EU indirect tax returns for online retailers", city: "Dublin", tags: ["compliance"] });
  // Same city, same tags, same words ("online shop"), offers nothing the seeker needs.
  const distractor = member("distractor", { canHelpWith: "I build an online shop in a week", city: "Amsterdam", tags: ["ecommerce", "retail"] });
  const members = [seeker, helper, distractor, ...background(30)];

  it("finds the helper through a concept named in other words, and ranks them above a same-city, same-tags distractor", () => {
    const model = buildCommunityModel({ members }, { concepts: matcher });
    const h = relevance(model, "seeker", "helper");
    const d = relevance(model, "seeker", "distractor");
    expect(h.breakdown.topics.bToA).toBeGreaterThan(0.5);
    expect(h.breakdown.topics.aToB).toBe(0);
    expect(d.breakdown.topics.similarity).toBe(0);
    expect(d.breakdown.city.same).toBe(true);
    expect(d.breakdown.tags.similarity).toBeGreaterThan(0.5);
    expect(h.score).toBeGreaterThan(d.score);
    // Without the concepts the texts alone cannot tell: the distractor wins, as it did before.
    const plain = buildCommunityModel({ members });
    expect(relevance(plain, "seeker", "distractor").score).toBeGreaterThan(relevance(plain, "seeker", "helper").score);
  });

  it("matches across languages: the same concept in RU and EN", () => {
    const ru = member("ru", { lookingFor: "Нужно снять рекламный ролик к запуску" });
    const en = member("en", { canHelpWith: "I produce promo video for brands" });
    const model = buildCommunityModel({ members: [ru, en, ...background(10)] }, { concepts: matcher });
    expect(relevance(model, "ru", "en").breakdown.topics.bToA).toBeGreaterThan(0.5);
  });

  it("matches picked topics, and a concept's topic partly matches another concept of that topic", () => {
    const picker = member("picker", { needTopics: ["tax"] });
    const offers = member("offers", { offerTopics: ["tax"] });
    const payroll = member("payroll", { canHelpWith: "payroll for small teams" });
    const model = buildCommunityModel({ members: [picker, offers, payroll, seeker, ...background(10)] }, { concepts: matcher });
    expect(relevance(model, "picker", "offers").breakdown.topics.bToA).toBeCloseTo(1, 10);
    // Same topic (tax), different concepts (VAT vs payroll): some, well below a concept match.
    const partial = relevance(model, "seeker", "payroll").breakdown.topics.bToA;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(0.5);
  });

  it("reads the job title and about on the offering side, below can-help-with", () => {
    const s = member("s", { lookingFor: "help with VAT" });
    const byTitle = member("title", { position: "VAT consultant" });
    const byText = member("text", { canHelpWith: "VAT" });
    const model = buildCommunityModel({ members: [s, byTitle, byText, ...background(10)] }, { concepts: matcher });
    const title = relevance(model, "s", "title").breakdown.topics.bToA;
    expect(title).toBeGreaterThan(0);
    expect(title).toBeLessThan(relevance(model, "s", "text").breakdown.topics.bToA);
    // A helper offering many other things still covers the need as fully.
    const both = member("both", { canHelpWith: "promo video; VAT" });
    const m2 = buildCommunityModel({ members: [s, both, ...background(10)] }, { concepts: matcher });
    expect(relevance(m2, "s", "both").breakdown.topics.bToA).toBeCloseTo(1, 10);
  });

  it("names the matched need in the viewer's language", () => {
    const model = buildCommunityModel({ members }, { concepts: matcher });
    const reasons = explainPair(model, "seeker", "helper");
    const need = reasons.find((r) => r.kind === "helps_with_need");
    expect(need).toEqual({ kind: "helps_with_need", direction: "b_to_a", needs: [{ en: "VAT and indirect tax", ru: "НДС и косвенные налоги" }] });
    expect(reasons[0]?.kind).toBe("helps_with_need");
    if (!need) throw new Error("no reason");
    expect(renderReason(need, { lang: "en", viewer: "a", partnerGender: "female" })).toBe("She can help with what you need: VAT and indirect tax");
    expect(renderReason(need, { lang: "ru", viewer: "b" })).toBe("Вы можете помочь с тем, что нужно вашему контакту: НДС и косвенные налоги");
  });

  it("names a picked topic by the community's label", () => {
    const picker = member("picker", { needTopics: ["tax"] });
    const offers = member("offers", { offerTopics: ["tax"] });
    const model = buildCommunityModel(
      { members: [picker, offers, ...background(5)] },
      { concepts: matcher, topicLabels: new Map([["tax", { en: "Tax & VAT", ru: "Налоги и НДС" }]]) },
    );
    expect(explainPair(model, "picker", "offers")).toContainEqual({ kind: "helps_with_need", direction: "b_to_a", needs: [{ en: "Tax & VAT", ru: "Налоги и НДС" }] });
  });

  it("weighs the city by the community's format", () => {
    const a = member("a", { city: "Berlin" });
    const b = member("b", { city: "Berlin" });
    const city = (format: "online" | "hybrid" | "offline") =>
      relevance(buildCommunityModel({ members: [a, b, ...background(5)] }, { format }), "a", "b").breakdown.city.contribution;
    expect(city("online")).toBeLessThan(city("hybrid"));
    expect(city("hybrid")).toBeLessThan(city("offline"));
  });

  it("keeps a concept match among the candidates across cities", () => {
    const many = [seeker, helper, distractor, ...background(400).map((m) => ({ ...m, city: "Amsterdam", tags: ["ecommerce"] }))];
    const model = buildCommunityModel({ members: many }, { concepts: matcher, weights: { candidates: { k: 5, rescorePool: 10, postingsCap: 20 } } });
    const graph = buildCandidateGraph(model, { seed: 1 });
    const vs = model.indexOf.get("seeker") as number;
    const vertex = Array.from(graph.memberOf).indexOf(vs);
    const top = Array.from(graph.topK.items.slice(graph.topK.offsets[vertex], graph.topK.offsets[vertex + 1]), (v) => model.ids[graph.memberOf[v] as number]);
    expect(top[0]).toBe("helper");
  });
});

describe("reading a need text", () => {
  it("takes the need from after its cue: context before it counts less, a later concept less than the first", async () => {
    const { needWeights } = await import("./corpus.ts");
    const text = "We sell on our online shop and need to sort out VAT, then payroll";
    const hits = matcher.match(text.replace("online shop", "promo video")).map((h) => ({ start: h.start }));
    // promo video (before the cue), VAT (first after it), payroll (later)
    expect(needWeights(text, hits)).toEqual([0.4, 1, 0.6]);
    expect(needWeights("VAT and payroll", [{ start: 0 }, { start: 8 }])).toEqual([1, 1]);
  });

  it("reads what follows 'clients who need' as the member's offer", () => {
    const seller = member("seller", { lookingFor: "Clients who need a promo video for their launch" });
    const buyer = member("buyer", { lookingFor: "A promo video for our app launch" });
    const model = buildCommunityModel({ members: [seller, buyer, ...background(10)] }, { concepts: matcher });
    const r = relevance(model, "seller", "buyer").breakdown.topics;
    expect(r.aToB).toBeGreaterThan(0.3);
    expect(r.bToA).toBe(0);
  });
});
