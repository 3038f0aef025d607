import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";
import { arrangeMatch, expectError, type Member, member, type Profile } from "./matching-api-helpers.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("rec"), tenantFixture("cap"), tenantFixture("ru", { lang: "ru" }), tenantFixture("rel"), tenantFixture("fb"));
});

const get = (m: Member, path: string) => env.request("GET", path, { tenant: m.tenant, token: m.token });
const post = (m: Member, path: string, body: unknown) => env.request("POST", path, { tenant: m.tenant, token: m.token, body });
type Item = { participant: { id: string; firstName: string; contacts: Record<string, string>; contactsLocked: boolean }; [k: string]: unknown };
const ids = (body: { items: Item[] }) => body.items.map((i) => i.participant.id);

const designer = (firstName: string, extra: Profile = {}): Profile => ({
  firstName,
  tags: ["Product design", "Figma", "Startups"],
  lookingForText: "A mentor for product design critique",
  canHelpWithText: "Product design critique and Figma prototyping",
  city: "Lisbon",
  ...extra,
});

describe("GET /matching/instant", () => {
  it("tops up on-demand recommendations with cards, scores and reasons in English, and keeps them", async () => {
    const me = await member(env, "rec", designer("Me"));
    const a = await member(env, "rec", designer("Alice", { privacy: "CUSTOM", hiddenContacts: ["TELEGRAM"], contacts: { TELEGRAM: "https://t.me/alice", LINKEDIN: "https://www.linkedin.com/in/alice" } }));
    const b = await member(env, "rec", designer("Bob"));
    const c = await member(env, "rec", designer("Carol"));
    await member(env, "rec", { firstName: "Unrelated", tags: ["Knitting"], lookingForText: "yarn", canHelpWithText: "wool" });
    await member(env, "rec", designer("Pending", { status: "pending" }));

    const res = await get(me, "/api/matching/instant");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 20, hasMore: false });
    expect(ids(res.body).sort()).toEqual([a.id, b.id, c.id].sort());
    for (const item of res.body.items) {
      expect(item).toMatchObject({ source: "INSTANT", status: "NEW", bookmarked: false, week: null });
      expect(item.score).toBeGreaterThan(0);
      expect(item.score).toBeLessThanOrEqual(1);
      expect(item.reasons.join(" ")).toContain("You both care about");
      expect(item.reasons.join(" ")).toContain("You are both in Lisbon");
      expect(item.reasonDetails.map((r: { kind: string }) => r.kind)).toContain("shared_tags");
    }
    const alice = res.body.items.find((i: Item) => i.participant.id === a.id);
    expect(alice.participant.contacts).toEqual({ LINKEDIN: "https://www.linkedin.com/in/alice" });
    expect(alice.participant.hasHiddenContacts).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain("t.me/alice");

    // Listed results become SEEN; no new ones while three are open.
    const again = await get(me, "/api/matching/instant");
    expect(ids(again.body).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(again.body.items.every((i: Item) => i.status === "SEEN")).toBe(true);
    const seen = await get(me, "/api/matching/instant?status=SEEN&size=2");
    expect(seen.body).toMatchObject({ size: 2, hasMore: true });
    expect((await get(me, "/api/matching/instant?status=NEW")).body.items).toHaveLength(0);

    await post(me, `/api/bookmarks/${b.id}`, undefined);
    const withBookmark = await get(me, "/api/matching/instant");
    expect(withBookmark.body.items.find((i: Item) => i.participant.id === b.id).bookmarked).toBe(true);
  });

  it("caps on-demand recommendations at three a week, and never repeats a pair", async () => {
    const me = await member(env, "cap", designer("Me"));
    const others = [];
    for (let i = 0; i < 6; i++) others.push(await member(env, "cap", designer(`Other${i}`)));
    const first = await get(me, "/api/matching/instant");
    expect(first.body.items).toHaveLength(3);
    for (const id of ids(first.body)) await post(me, "/api/relations", { subjectId: id, relationType: "DISLIKE", reason: "ALREADY_KNOW" });
    const second = await get(me, "/api/matching/instant");
    expect(second.body.items).toHaveLength(0);
    // Next week (the instant results are from before this credit week) three more, all new people.
    await env.db`update matching_results set created_at = now() - interval '8 days' where participant_id = ${me.id}`;
    const third = await get(me, "/api/matching/instant");
    expect(third.body.items).toHaveLength(3);
    expect(ids(third.body).some((id) => ids(first.body).includes(id))).toBe(false);
    const [dups] = await env.db<{ n: number }[]>`
      select count(*)::int as n from (select participant_low, participant_high from matches where community_id = 'cap'
      group by 1, 2 having count(*) > 1) d`;
    expect(dups?.n).toBe(0);
  });

  it("phrases reasons in Russian for a Russian-speaking member", async () => {
    const me = await member(env, "ru", designer("Я", { language: "ru" }));
    await member(env, "ru", designer("Анна"));
    const res = await get(me, "/api/matching/instant");
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    const text = res.body.items[0].reasons.join(" ");
    expect(text).toContain("Вам обоим интересны темы");
    expect(text).not.toContain("You both");
  });

  it("shows no contacts while my own profile is incomplete (and makes no on-demand recommendations)", async () => {
    const me = await member(env, "rec", designer("Incomplete", { complete: false }));
    const open = await member(env, "rec", { firstName: "Open", contacts: { TELEGRAM: "https://t.me/open" } });
    const { resultA } = await arrangeMatch(env, "rec", me.id, open.id, { source: "WEEKLY", reasons: [{ kind: "shared_tags", tags: ["Figma"] }] });
    const res = await get(me, "/api/matching/instant");
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ matchingResultId: resultA, source: "WEEKLY", reasons: ["You both care about Figma"] });
    expect(res.body.items[0].participant).toMatchObject({ contacts: {}, phone: null, contactsLocked: true });
    expect(JSON.stringify(res.body)).not.toContain("t.me/open");
  });

  it("renders a stored can-help reason from each member's side", async () => {
    const x = await member(env, "rec", { firstName: "X" });
    const y = await member(env, "rec", { firstName: "Y" });
    const [low, high] = x.id < y.id ? [x, y] : [y, x];
    await arrangeMatch(env, "rec", low.id, high.id, { reasons: [{ kind: "can_help_with", direction: "a_to_b", terms: ["pitch decks"] }] });
    const lowView = (await get(low, "/api/matching/instant")).body.items[0];
    const highView = (await get(high, "/api/matching/instant")).body.items[0];
    expect(lowView.viewerIs).toBe("a");
    expect(lowView.reasons[0]).toBe("You can help with what they look for: pitch decks");
    expect(highView.viewerIs).toBe("b");
    expect(highView.reasons[0]).toBe("They can help with what you look for: pitch decks");
  });

  it("tells the odd member out why they got a recommendation instead of a pair", async () => {
    const me = await member(env, "rec", { firstName: "Odd" });
    const best = await member(env, "rec", { firstName: "Best" });
    await arrangeMatch(env, "rec", me.id, best.id, {
      source: "ODD_OUT",
      bothSides: false,
      reasons: [{ kind: "same_city", city: "Lisbon", key: "lisbon" }],
      breakdown: { recommendation: { member: me.id, why: "odd_count" } },
    });
    const item = (await get(me, "/api/matching/instant")).body.items[0];
    expect(item).toMatchObject({ source: "ODD_OUT", participant: { id: best.id } });
    expect(item.reasons).toEqual([
      "This week the number of members was odd, so instead of a pair here is your best available contact",
      "You are both in Lisbon",
    ]);
  });

  it("answers 400 for a bad status, 401 signed out, 403 without a participant", async () => {
    const me = await member(env, "rec");
    expectError(await get(me, "/api/matching/instant?status=OLD"), 400, 1001);
    expectError(await get(me, "/api/matching/instant?page=-1"), 400, 1001);
    expectError(await env.request("GET", "/api/matching/instant", { tenant: "rec" }), 401, 1004);
    expectError(await env.request("GET", "/api/matching/matches-history", { tenant: "rec" }), 401, 1004);
    const outsider = await createUser(env, { tenant: "rec", role: null });
    expectError(await env.request("GET", "/api/matching/instant", { tenant: "rec", token: outsider.token }), 403, 1021);
    const foreign = await member(env, "beta");
    expectError(await env.request("GET", "/api/matching/instant", { tenant: "rec", token: foreign.token }), 401, 1004);
  });
});

describe("relevance", () => {
  it("GET get-relevance-rate explains my relevance with a member; POST calc-relevance-rate scores a batch", async () => {
    const me = await member(env, "rel", designer("Me"));
    const close = await member(env, "rel", designer("Close"));
    const far = await member(env, "rel", { firstName: "Far", tags: ["Gardening"], lookingForText: "tomatoes", canHelpWithText: "compost" });
    const res = await get(me, `/api/matching/get-relevance-rate?participantId=${close.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ participantId: close.id, excluded: null });
    expect(res.body.score).toBeGreaterThan(0.3);
    expect(res.body.reasons.join(" ")).toContain("You both care about");

    const batch = await post(me, "/api/matching/calc-relevance-rate", { participantIds: [close.id, far.id] });
    expect(batch.status).toBe(200);
    const scores = new Map(batch.body.items.map((i: { participantId: string; score: number }) => [i.participantId, i.score]));
    expect(scores.get(close.id)).toBeCloseTo(res.body.score, 6);
    expect(scores.get(far.id)).toBeLessThan(res.body.score);

    await post(me, "/api/relations", { subjectId: close.id, relationType: "DISLIKE" });
    expect((await get(me, `/api/matching/get-relevance-rate?participantId=${close.id}`)).body.excluded).toBe("dislike");
  });

  it("refuses bad input (400) and other communities' members (404)", async () => {
    const me = await member(env, "rel");
    const stranger = await member(env, "beta");
    expectError(await get(me, "/api/matching/get-relevance-rate"), 400, 1001);
    expectError(await get(me, "/api/matching/get-relevance-rate?participantId=x"), 400, 1001);
    expectError(await get(me, `/api/matching/get-relevance-rate?participantId=${me.id}`), 400, 1001);
    expectError(await get(me, `/api/matching/get-relevance-rate?participantId=${stranger.id}`), 404, 1002);
    expectError(await post(me, "/api/matching/calc-relevance-rate", { participantIds: [] }), 400, 1001);
    const many = Array.from({ length: 51 }, () => crypto.randomUUID());
    expectError(await post(me, "/api/matching/calc-relevance-rate", { participantIds: many }), 400, 1001);
    expectError(await post(me, "/api/matching/calc-relevance-rate", { participantIds: [stranger.id] }), 404, 1002);
    expectError(await env.request("POST", "/api/matching/calc-relevance-rate", { tenant: "rel", body: { participantIds: [me.id] } }), 401, 1004);
    expectError(await env.request("GET", `/api/matching/get-relevance-rate?participantId=${me.id}`, { tenant: "rel" }), 401, 1004);
  });
});

describe("meeting feedback and notes", () => {
  it("asks for feedback a week after the match, stores a score with notes, or no meeting", async () => {
    const me = await member(env, "fb");
    const other = await member(env, "fb");
    const fresh = await arrangeMatch(env, "fb", me.id, other.id);
    const early = await get(me, `/api/matching/${fresh.resultA}/pending-score`);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ matchingResultId: fresh.resultA, pending: false });

    const third = await member(env, "fb");
    const old = await arrangeMatch(env, "fb", me.id, third.id, { daysAgo: 8 });
    expect((await get(me, `/api/matching/${old.resultA}/pending-score`)).body.pending).toBe(true);

    const scored = await post(me, "/api/matching/update-score", { matchingId: old.resultA, score: 4, notes: "Great chat" });
    expect(scored.status).toBe(200);
    expect(scored.body).toMatchObject({ pending: false, feedback: { score: 4, notes: "Great chat", noMeeting: false } });
    expect(scored.body.feedback.feedbackAt).toEqual(expect.any(String));
    expect((await get(me, `/api/matching/${old.resultA}/pending-score`)).body.pending).toBe(false);

    const none = await post(me, "/api/matching/update-score", { matchingId: old.resultA, score: null, noMeeting: true });
    expect(none.body.feedback).toMatchObject({ score: null, noMeeting: true });
    const [row] = await env.db<{ meeting_score: number | null; no_meeting: boolean }[]>`select meeting_score, no_meeting from matching_results where id = ${old.resultA}`;
    expect(row).toEqual({ meeting_score: null, no_meeting: true });

    const note = await post(me, "/api/matching/update-note", { matchingId: fresh.resultA, note: "Ask about Figma plugins" });
    expect(note.body).toEqual({ matchingResultId: fresh.resultA, note: "Ask about Figma plugins" });
    const history = await get(me, "/api/matching/matches-history");
    expect(history.status).toBe(200);
    const byId = new Map(history.body.items.map((i: { matchingResultId: string }) => [i.matchingResultId, i]));
    expect(byId.get(fresh.resultA)).toMatchObject({ note: "Ask about Figma plugins" });
    expect(byId.get(old.resultA)).toMatchObject({ feedback: { noMeeting: true, pending: false } });
    const cleared = await post(me, "/api/matching/update-note", { matchingId: fresh.resultA, note: "" });
    expect(cleared.body.note).toBeNull();
  });

  it("history keeps dismissed results; feedback calls refuse bad input (400) and results that are not mine (404)", async () => {
    const me = await member(env, "fb");
    const other = await member(env, "fb");
    const m = await arrangeMatch(env, "fb", me.id, other.id);
    await post(me, "/api/relations", { subjectId: other.id, relationType: "DISLIKE" });
    const history = await get(me, "/api/matching/matches-history");
    expect(history.body.items.map((i: { matchingResultId: string; status: string }) => [i.matchingResultId, i.status])).toEqual([[m.resultA, "DISMISSED"]]);

    expectError(await post(me, "/api/matching/update-score", { matchingId: m.resultA, score: 6 }), 400, 1001);
    expectError(await post(me, "/api/matching/update-score", { matchingId: m.resultA, score: null }), 400, 1001);
    expectError(await post(me, "/api/matching/update-score", { matchingId: m.resultA, score: 3, noMeeting: true }), 400, 1001);
    expectError(await post(me, "/api/matching/update-note", { matchingId: m.resultA, note: "x".repeat(1001) }), 400, 1001);
    expectError(await get(me, "/api/matching/not-a-uuid/pending-score"), 400, 1001);
    // The other member's result of the same match, and another community's result.
    expectError(await post(me, "/api/matching/update-score", { matchingId: m.resultB, score: 3 }), 404, 1002);
    expectError(await post(me, "/api/matching/update-note", { matchingId: m.resultB, note: "mine?" }), 404, 1002);
    expectError(await get(me, `/api/matching/${m.resultB}/pending-score`), 404, 1002);
    const b1 = await member(env, "beta");
    const b2 = await member(env, "beta");
    const foreign = await arrangeMatch(env, "beta", b1.id, b2.id);
    expectError(await get(me, `/api/matching/${foreign.resultA}/pending-score`), 404, 1002);
    expectError(await post(me, "/api/matching/update-score", { matchingId: foreign.resultA, score: 5 }), 404, 1002);
    expectError(await env.request("POST", "/api/matching/update-score", { tenant: "fb", body: { matchingId: m.resultA, score: 3 } }), 401, 1004);
    expectError(await env.request("POST", "/api/matching/update-note", { tenant: "fb", body: { matchingId: m.resultA, note: "x" } }), 401, 1004);
    expectError(await env.request("GET", `/api/matching/${m.resultA}/pending-score`, { tenant: "fb" }), 401, 1004);
    const [row] = await env.db<{ meeting_score: number | null }[]>`select meeting_score from matching_results where id = ${m.resultB}`;
    expect(row?.meeting_score).toBeNull();
  });
});

describe("OpenAPI", () => {
  it("documents every matching route with its error responses", async () => {
    const res = await env.request("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const [path, method] of [
      ["/api/matching/instant", "get"],
      ["/api/matching/send-intro", "post"],
      ["/api/relations", "post"],
      ["/api/bookmarks/{id}", "delete"],
      ["/api/requests/{id}/answer", "post"],
      ["/api/admin/pairs/{id}/score-assistance", "get"],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(paths["/api/matching/send-intro"]?.post?.responses ?? {})).toEqual(expect.arrayContaining(["200", "409", "429"]));
  });
});
