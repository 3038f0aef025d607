import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { arrangeMatch, expectError, type Member, member, type Profile } from "./matching-api-helpers.ts";

let env: TestEnv;
let admin: Member;
let moderator: Member;
let plain: Member;
const people: Member[] = [];

const builder = (firstName: string, tags: string[], city = "Tbilisi"): Profile => ({
  firstName,
  tags,
  lookingForText: "Investors for a climate hardware startup",
  canHelpWithText: "Hardware prototyping, climate tech fundraising",
  city,
});

beforeAll(async () => {
  env = await createTestEnv();
  await env.addTenants(tenantFixture("adm"), tenantFixture("empty"));
  admin = await member(env, "adm", { firstName: "Ada" }, "admin");
  moderator = await member(env, "adm", { firstName: "Mo" }, "moderator");
  plain = await member(env, "adm", { firstName: "Plain" });
  people.push(await member(env, "adm", builder("Nika", ["Climate", "Hardware", "Batteries"])));
  people.push(await member(env, "adm", builder("Levan", ["Climate", "Hardware", "Solar"])));
  people.push(await member(env, "adm", builder("Tamar", ["Climate", "Fundraising"], "Batumi")));
});
afterAll(async () => env?.close());

const get = (m: Member, path: string, headers: Record<string, string> = {}) => env.request("GET", path, { tenant: m.tenant, token: m.token, headers });
const post = (m: Member, path: string, body: unknown) => env.request("POST", path, { tenant: m.tenant, token: m.token, body });

describe("GET /admin/{id}/matches/next and POST /admin/pairs/{id}/score", () => {
  it("offers the most relevant unscored pair, and a scored pair is not offered again", async () => {
    const first = await get(admin, "/api/admin/adm/matches/next");
    expect(first.status).toBe(200);
    const pair = first.body.pair;
    expect(pair).not.toBeNull();
    expect(first.body.unscored).toBeGreaterThan(1);
    expect(pair.score).toBeGreaterThan(0);
    expect(pair.reasons.join(" ")).toContain("You both care about");
    // The best pair: the two hardware people in the same city.
    expect([pair.participant.firstName, pair.subject.firstName].sort()).toEqual(["Levan", "Nika"]);
    // The same pair in the reader's language (the console's), though the admin's own is English.
    const ru = await get(admin, "/api/admin/adm/matches/next", { "accept-language": "ru-RU,ru;q=0.9,en;q=0.8" });
    expect([ru.body.pair.participant.id, ru.body.pair.subject.id]).toEqual([pair.participant.id, pair.subject.id]);
    expect(ru.body.pair.reasons.join(" ")).toContain("Вам обоим интересны темы");
    expect(ru.body.pair.reasons.join(" ")).not.toContain("You both");

    const saved = await post(admin, `/api/admin/pairs/${pair.participant.id}/score`, { subjectId: pair.subject.id, internalAdminScore: 9 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ participantId: pair.participant.id, subjectId: pair.subject.id, internalAdminScore: 9 });
    // Scored again from the other side: still one row, low/high ordered.
    const flipped = await post(moderator, `/api/admin/pairs/${pair.subject.id}/score`, { subjectId: pair.participant.id, internalAdminScore: 8.5 });
    expect(flipped.status).toBe(200);
    const rows = await env.db<{ score: number; low: string; high: string }[]>`
      select score, participant_low as low, participant_high as high from admin_pair_scores where community_id = 'adm'`;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.score).toBe(8.5);
    expect((rows[0]?.low ?? "") < (rows[0]?.high ?? "")).toBe(true);

    const next = await get(moderator, "/api/admin/adm/matches/next");
    expect(next.status).toBe(200);
    expect(next.body.unscored).toBe(first.body.unscored - 1);
    const nextIds = next.body.pair ? [next.body.pair.participant.id, next.body.pair.subject.id].sort() : [];
    expect(nextIds).not.toEqual([pair.participant.id, pair.subject.id].sort());
  });

  it("answers null when there is nothing to score", async () => {
    const lone = await member(env, "empty", { firstName: "Lone" }, "admin");
    const res = await get(lone, "/api/admin/empty/matches/next");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ pair: null, unscored: 0 });
  });

  it("is for admins and moderators of this community only", async () => {
    expectError(await get(plain, "/api/admin/adm/matches/next"), 403, 1005);
    expectError(await get(admin, "/api/admin/beta/matches/next"), 404, 1002);
    expectError(await env.request("GET", "/api/admin/adm/matches/next", { tenant: "adm" }), 401, 1004);
    const betaAdmin = await member(env, "beta", {}, "admin");
    expectError(await env.request("GET", "/api/admin/adm/matches/next", { tenant: "adm", token: betaAdmin.token }), 401, 1004);
    expectError(await get(betaAdmin, "/api/admin/adm/matches/next"), 404, 1002);

    const [a, b] = people as [Member, Member];
    expectError(await post(plain, `/api/admin/pairs/${a.id}/score`, { subjectId: b.id, internalAdminScore: 5 }), 403, 1005);
    expectError(await post(admin, `/api/admin/pairs/${a.id}/score`, { subjectId: b.id, internalAdminScore: 11 }), 400, 1001);
    expectError(await post(admin, `/api/admin/pairs/${a.id}/score`, { subjectId: b.id }), 400, 1001);
    expectError(await post(admin, `/api/admin/pairs/${a.id}/score`, { subjectId: a.id, internalAdminScore: 5 }), 400, 1001);
    expectError(await post(admin, `/api/admin/pairs/${a.id}/score`, { subjectId: betaAdmin.id, internalAdminScore: 5 }), 404, 1002);
    expectError(await post(admin, `/api/admin/pairs/${betaAdmin.id}/score`, { subjectId: a.id, internalAdminScore: 5 }), 404, 1002);
    expectError(await env.request("POST", `/api/admin/pairs/${a.id}/score`, { tenant: "adm", body: { subjectId: b.id, internalAdminScore: 5 } }), 401, 1004);
  });
});

describe("GET /admin/pairs/{id}/score-assistance", () => {
  it("takes the score apart: the terms sum to base, and admin score and multipliers give the score", async () => {
    const [nika, levan, tamar] = people as [Member, Member, Member];
    const res = await get(admin, `/api/admin/pairs/${nika.id}/score-assistance?with=${tamar.id}`);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.participant.id).toBe(nika.id);
    expect(d.subject.id).toBe(tamar.id);
    const sum = d.terms.reduce((s: number, t: { contribution: number }) => s + t.contribution, 0);
    expect(sum).toBeCloseTo(d.base, 10);
    for (const t of d.terms) expect(t.contribution).toBeCloseTo(t.weight * t.similarity, 10);
    expect(d.terms.find((t: { name: string }) => t.name === "city").contribution).toBe(0);
    expect(d.city).toEqual({ same: false, name: null });
    expect(d.sharedTags).toEqual(["Climate"]);
    expect(d.admin).toBeNull();
    const mult = d.feedback.pairMultiplier * d.feedback.participantMultiplier * d.feedback.subjectMultiplier;
    expect(d.score).toBeCloseTo(Math.min(1, d.base * mult), 10);
    expect(d.complementarity.participantHelpsSubject).toBeGreaterThan(0);
    // The admin's staff view shows every contact.
    expect(d.subject.contacts).toEqual({ LINKEDIN: "https://www.linkedin.com/in/test-member" });

    // With an admin score the prior mixes in (0.8 strength on the 0..10 scale).
    await post(admin, `/api/admin/pairs/${levan.id}/score`, { subjectId: tamar.id, internalAdminScore: 10 });
    const withAdmin = (await get(admin, `/api/admin/pairs/${tamar.id}/score-assistance?with=${levan.id}`)).body;
    expect(withAdmin.admin).toMatchObject({ internalAdminScore: 10, mode: "prior" });
    expect(withAdmin.admin.value).toBeCloseTo(0.2 * withAdmin.base + 0.8, 10);
    const m2 = withAdmin.feedback.pairMultiplier * withAdmin.feedback.participantMultiplier * withAdmin.feedback.subjectMultiplier;
    expect(withAdmin.score).toBeCloseTo(Math.min(1, withAdmin.admin.value * m2), 10);
    expect(withAdmin.reasonDetails[0]).toEqual({ kind: "admin_pick" });
  });

  it("writes the reasons in the reader's language: Accept-Language's first one the product writes, else the admin's own", async () => {
    const [nika, levan] = people as [Member, Member, Member];
    const path = `/api/admin/pairs/${nika.id}/score-assistance?with=${levan.id}`;
    const reasons = async (headers: Record<string, string>) => {
      const res = await get(admin, path, headers);
      expect(res.status).toBe(200);
      return (res.body.reasons as string[]).join(" | ");
    };
    const own = await reasons({});
    expect(own).toContain("You both care about");
    expect(own).toContain("You are both in Tbilisi");
    const russian = await reasons({ "accept-language": "ru" });
    expect(russian).toContain("Вам обоим интересны темы");
    expect(russian).toContain("Вы оба из Тбилиси");
    expect(russian).not.toMatch(/You /);
    // A language the product does not write is passed over for the next one, and none leaves the admin's own.
    expect(await reasons({ "accept-language": "de-DE, ru;q=0.5" })).toBe(russian);
    expect(await reasons({ "accept-language": "de" })).toBe(own);
    expect(await reasons({ "accept-language": "EN-gb" })).toBe(own);
  });

  it("shows a member's poor feedback as a multiplier below 1", async () => {
    const [nika, levan] = people as [Member, Member];
    const rater1 = await member(env, "adm", { firstName: "R1" });
    const rater2 = await member(env, "adm", { firstName: "R2" });
    for (const rater of [rater1, rater2]) {
      const m = await arrangeMatch(env, "adm", rater.id, levan.id);
      await post(rater, "/api/matching/update-score", { matchingId: m.resultA, score: 1 });
    }
    const d = (await get(admin, `/api/admin/pairs/${nika.id}/score-assistance?with=${levan.id}`)).body;
    expect(d.feedback.subjectMultiplier).toBeLessThan(1);
    expect(d.feedback.participantMultiplier).toBe(1);
  });

  it("refuses members (403), other communities' members (404) and a missing partner (400)", async () => {
    const [a, b] = people as [Member, Member];
    const stranger = await member(env, "beta");
    expectError(await get(plain, `/api/admin/pairs/${a.id}/score-assistance?with=${b.id}`), 403, 1005);
    expectError(await get(admin, `/api/admin/pairs/${a.id}/score-assistance`), 400, 1001);
    expectError(await get(admin, `/api/admin/pairs/${a.id}/score-assistance?with=${a.id}`), 400, 1001);
    expectError(await get(admin, `/api/admin/pairs/${a.id}/score-assistance?with=${stranger.id}`), 404, 1002);
    expectError(await get(admin, `/api/admin/pairs/${stranger.id}/score-assistance?with=${a.id}`), 404, 1002);
    expectError(await env.request("GET", `/api/admin/pairs/${a.id}/score-assistance?with=${b.id}`, { tenant: "adm" }), 401, 1004);
  });
});

describe("GET /admin/pairs/{id}/history", () => {
  it("lists a member's matches with both sides' feedback and the admin score", async () => {
    const x = await member(env, "adm", { firstName: "Xena" });
    const y = await member(env, "adm", { firstName: "Yuri", contacts: { TELEGRAM: "https://t.me/yuri" }, privacy: "PRIVATE" });
    const z = await member(env, "adm", { firstName: "Zoe" });
    const m1 = await arrangeMatch(env, "adm", x.id, y.id, { source: "WEEKLY", score: 0.7, daysAgo: 8 });
    await arrangeMatch(env, "adm", x.id, z.id, { source: "ODD_OUT", bothSides: false });
    await post(x, "/api/matching/update-score", { matchingId: m1.resultA, score: 5, notes: "Useful" });
    await post(y, "/api/matching/update-score", { matchingId: m1.resultB, score: null, noMeeting: true });
    await post(admin, `/api/admin/pairs/${x.id}/score`, { subjectId: y.id, internalAdminScore: 6 });

    const res = await get(moderator, `/api/admin/pairs/${x.id}/history`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    const [odd, weekly] = res.body.items;
    expect(odd).toMatchObject({ source: "ODD_OUT", subject: { id: z.id }, partnerFeedback: null, internalAdminScore: null });
    expect(weekly).toMatchObject({
      matchingResultId: m1.resultA,
      source: "WEEKLY",
      internalAdminScore: 6,
      feedback: { score: 5, notes: "Useful", noMeeting: false },
      partnerFeedback: { score: null, noMeeting: true },
      subject: { id: y.id, contacts: { TELEGRAM: "https://t.me/yuri" } },
    });
    expect(weekly.score).toBeCloseTo(0.7, 5);
    const paged = await get(admin, `/api/admin/pairs/${x.id}/history?size=1`);
    expect(paged.body).toMatchObject({ size: 1, hasMore: true });
  });

  it("is for admins and moderators of this community only", async () => {
    const [a] = people as [Member];
    const stranger = await member(env, "beta");
    expectError(await get(plain, `/api/admin/pairs/${a.id}/history`), 403, 1005);
    expectError(await get(admin, `/api/admin/pairs/${stranger.id}/history`), 404, 1002);
    expectError(await get(admin, "/api/admin/pairs/nope/history"), 400, 1001);
    expectError(await env.request("GET", `/api/admin/pairs/${a.id}/history`, { tenant: "adm" }), 401, 1004);
  });
});
