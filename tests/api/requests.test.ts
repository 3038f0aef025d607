import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";
import { arrangeMatch, expectError, type Member, member, type Profile } from "./matching-api-helpers.ts";

const env = await testEnvForFile();
let admin: Member;
let moderator: Member;
beforeAll(async () => {
  await env.addTenants(tenantFixture("intro"));
  admin = await member(env, "intro", { firstName: "Ada", lastName: "Admin" }, "admin");
  moderator = await member(env, "intro", { firstName: "Mo", lastName: "Moderator" }, "moderator");
});

const sendIntro = (m: Member, body: unknown) => env.request("POST", "/api/matching/send-intro", { tenant: m.tenant, token: m.token, body });
const requests = (m: Member, q = "") => env.request("GET", `/api/requests${q}`, { tenant: m.tenant, token: m.token });
const answer = (m: Member, id: string, body: unknown) => env.request("POST", `/api/requests/${id}/answer`, { tenant: m.tenant, token: m.token, body });
const credits = (m: Member) => env.request("GET", "/api/matching/credits", { tenant: m.tenant, token: m.token });

async function pair(recipient: Profile = {}) {
  const sender = await member(env, "intro", { firstName: "Sam", lastName: "Sender", contacts: { TELEGRAM: "https://t.me/sam_sender" } });
  const to = await member(env, "intro", { firstName: "Rita", lastName: "Recipient", ...recipient });
  const match = await arrangeMatch(env, "intro", sender.id, to.id, { source: "WEEKLY" });
  return { sender, to, match };
}

describe("POST /matching/send-intro", () => {
  it("sends the intro to a member who hides nothing, marks my result CONNECTED and spends 10 credits", async () => {
    const { sender, to, match } = await pair({ privacy: "NONE", contacts: { LINKEDIN: "https://www.linkedin.com/in/rita" } });
    const res = await sendIntro(sender, { from: sender.id, matchingResultId: match.resultA, introMessage: "Hi Rita, let's talk compilers" });
    expect(res.status).toBe(200);
    expect(res.body.request).toMatchObject({ status: "PENDING", viaModerator: false, message: "Hi Rita, let's talk compilers", matchingResultId: match.resultA });
    expect(res.body.request.to).toMatchObject({ id: to.id, contacts: { LINKEDIN: "https://www.linkedin.com/in/rita" } });
    expect(res.body.credits).toMatchObject({ balance: 40, allowance: 50, costs: { INTERESTED_CLICK: 10 } });

    const mail = await env.mailTo(to.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain("Hi Rita, let's talk compilers");
    expect(mail[0]?.text).toContain("/my_communities?tab=requests");
    expect(mail[0]?.subject).toContain("Sam Sender");
    expect(await env.mailTo(admin.email)).toHaveLength(0);

    const [row] = await env.db<{ status: string; intro_message: string }[]>`select status, intro_message from matching_results where id = ${match.resultA}`;
    expect(row).toMatchObject({ status: "CONNECTED", intro_message: "Hi Rita, let's talk compilers" });
    expect((await credits(sender)).body.balance).toBe(40);

    // The second intro to the same member is a conflict and costs nothing.
    const again = await sendIntro(sender, { from: sender.id, matchingResultId: match.resultA, introMessage: "Hello again" });
    expectError(again, 409, 1003);
    expect((await credits(sender)).body.balance).toBe(40);
  });

  it("sends an intro to a member with hidden contacts to the moderators, not to the member", async () => {
    const cases: Profile[] = [
      { privacy: "PRIVATE", contacts: { TELEGRAM: "https://t.me/hidden" } },
      { privacy: "CUSTOM", hiddenContacts: ["TELEGRAM"], contacts: { TELEGRAM: "https://t.me/hidden", LINKEDIN: "https://www.linkedin.com/in/test-member" } },
    ];
    for (const privacy of cases) {
      const { sender, to, match } = await pair(privacy);
      const before = { admin: (await env.mailTo(admin.email)).length, moderator: (await env.mailTo(moderator.email)).length };
      const res = await sendIntro(sender, { from: sender.id, matchingResultId: match.resultA, introMessage: `Intro for a ${privacy.privacy ?? ""} member` });
      expect(res.status).toBe(200);
      expect(res.body.request.viaModerator).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain("t.me/hidden");
      expect(await env.mailTo(to.email)).toHaveLength(0);
      const adminMail = await env.mailTo(admin.email);
      const modMail = await env.mailTo(moderator.email);
      expect(adminMail).toHaveLength(before.admin + 1);
      expect(modMail).toHaveLength(before.moderator + 1);
      expect(adminMail[0]?.text).toContain(`Intro for a ${privacy.privacy ?? ""} member`);
      expect(adminMail[0]?.text).toContain("Rita Recipient");
    }
  });

  it("says when the credits refill once they ran out (429, code 1018)", async () => {
    const { sender, match } = await pair();
    await env.db`insert into credit_spends (community_id, participant_id, kind, cost) values ('intro', ${sender.id}, 'INTERESTED_CLICK', 50)`;
    const state = await credits(sender);
    expect(state.body.balance).toBe(0);
    const res = await sendIntro(sender, { from: sender.id, matchingResultId: match.resultA, introMessage: "Out of credits" });
    expectError(res, 429, 1018);
    expect(res.body.msg).toMatch(/Credits ran out\. Try again in .+/);
    const refillAt = new Date(res.body.errors.refillAt);
    expect(res.body.errors.refillAt).toBe(state.body.refillAt);
    // The community's time zone is UTC: the allowance refills next Tuesday at midnight.
    expect(refillAt.getUTCDay()).toBe(2);
    expect(refillAt.getUTCHours()).toBe(0);
    expect(refillAt.getTime() - Date.now()).toBeGreaterThan(0);
    expect(refillAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(retryAfter * 1000 - (refillAt.getTime() - Date.now()))).toBeLessThan(60_000);
    // Nothing happened: no request, the result is not connected.
    const [n] = await env.db<{ n: number }[]>`select count(*)::int as n from intro_requests where from_participant_id = ${sender.id}`;
    expect(n?.n).toBe(0);
    const [row] = await env.db<{ status: string }[]>`select status from matching_results where id = ${match.resultA}`;
    expect(row?.status).toBe("NEW");
    // Spends from before this credit week do not count.
    await env.db`update credit_spends set created_at = now() - interval '8 days' where participant_id = ${sender.id}`;
    expect((await sendIntro(sender, { from: sender.id, matchingResultId: match.resultA, introMessage: "Refilled" })).status).toBe(200);
  });

  it("refuses bad input (400), a foreign sender id (403), someone else's or another community's result (404), signed out (401)", async () => {
    const { sender, to, match } = await pair();
    const ok = { from: sender.id, matchingResultId: match.resultA, introMessage: "Hello" };
    expectError(await sendIntro(sender, { ...ok, introMessage: "" }), 400, 1001);
    expectError(await sendIntro(sender, { ...ok, introMessage: "x".repeat(1001) }), 400, 1001);
    expectError(await sendIntro(sender, { ...ok, extra: true }), 400, 1001);
    expectError(await sendIntro(sender, { from: sender.id, introMessage: "Hello" }), 400, 1001);
    expectError(await sendIntro(sender, { ...ok, from: to.id }), 403, 1005);
    // The recipient's own result of the same match is not the sender's.
    expectError(await sendIntro(sender, { ...ok, matchingResultId: match.resultB }), 404, 1002);
    const b1 = await member(env, "beta");
    const b2 = await member(env, "beta");
    const foreign = await arrangeMatch(env, "beta", b1.id, b2.id);
    expectError(await sendIntro(sender, { ...ok, matchingResultId: foreign.resultA }), 404, 1002);
    expectError(await env.request("POST", "/api/matching/send-intro", { tenant: "intro", body: ok }), 401, 1004);
    expectError(await env.request("POST", "/api/matching/send-intro", { tenant: "intro", token: b1.token, body: ok }), 401, 1004);
    const pending = await member(env, "intro", { status: "pending" });
    const pm = await arrangeMatch(env, "intro", pending.id, to.id);
    expectError(await sendIntro(pending, { from: pending.id, matchingResultId: pm.resultA, introMessage: "hi" }), 403, 1005);
    expect(await env.mailTo(to.email)).toHaveLength(0);
  });
});

describe("requests", () => {
  it("the recipient sees the intro with the sender's card, accepts it, and the sender gets the recipient's visible contacts", async () => {
    const { sender, to, match } = await pair({ contacts: { LINKEDIN: "https://www.linkedin.com/in/rita", TELEGRAM: "https://t.me/rita" }, privacy: "NONE" });
    const sent = await sendIntro(sender, { from: sender.id, matchingResultId: match.resultA, introMessage: "Coffee?" });
    const id = sent.body.request.id;

    const inbox = await requests(to);
    expect(inbox.status).toBe(200);
    expect(inbox.body.items).toHaveLength(1);
    expect(inbox.body.items[0]).toMatchObject({ id, status: "PENDING", message: "Coffee?", from: { id: sender.id, contacts: { TELEGRAM: "https://t.me/sam_sender" } } });
    expect((await requests(sender)).body.items).toHaveLength(0);

    const fromMatching = await env.request("GET", "/api/matching/requests", { tenant: "intro", token: to.token });
    expect(fromMatching.status).toBe(200);
    expect(fromMatching.body.items).toHaveLength(1);
    expect(fromMatching.body.items[0]).toMatchObject({ matchingResultId: match.resultB, request: { id, status: "PENDING", message: "Coffee?" }, participant: { id: sender.id } });

    expectError(await answer(sender, id, { answer: "ACCEPTED" }), 403, 1005);
    expectError(await answer(to, id, { answer: "MAYBE" }), 400, 1001);
    const accepted = await answer(to, id, { answer: "ACCEPTED", message: "Sure, Tuesday?" });
    expect(accepted.status).toBe(200);
    expect(accepted.body.request).toMatchObject({ status: "ACCEPTED", answer: "Sure, Tuesday?", from: { contacts: { TELEGRAM: "https://t.me/sam_sender" } } });
    const mail = await env.mailTo(sender.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain("accepted");
    expect(mail[0]?.text).toContain("https://t.me/rita");
    expect(mail[0]?.text).toContain("Sure, Tuesday?");
    expectError(await answer(to, id, { answer: "DECLINED" }), 409, 1003);
  });

  it("an intro held for the moderators is listed for them, forwarded by one, and then reaches the member", async () => {
    const { sender, to, match } = await pair({ privacy: "CUSTOM", hiddenContacts: ["TELEGRAM"], contacts: { TELEGRAM: "https://t.me/rita_hidden", LINKEDIN: "https://www.linkedin.com/in/rita" } });
    const sent = await sendIntro(sender, { from: sender.id, matchingResultId: match.resultA, introMessage: "Via the team" });
    const id = sent.body.request.id;
    expect((await requests(to)).body.items).toHaveLength(0);
    expectError(await answer(to, id, { answer: "ACCEPTED" }), 403, 1005);
    expectError(await requests(to, "?scope=moderation"), 403, 1005);
    const queue = await requests(moderator, "?scope=moderation");
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((i: { id: string }) => i.id)).toContain(id);

    const forwarded = await answer(moderator, id, { answer: "ACCEPTED" });
    expect(forwarded.status).toBe(200);
    expect(forwarded.body.request).toMatchObject({ status: "ACCEPTED", viaModerator: true });
    const toMail = await env.mailTo(to.email);
    expect(toMail).toHaveLength(1);
    expect(toMail[0]?.text).toContain("Via the team");
    expect(toMail[0]?.text).toContain("https://t.me/sam_sender");
    const senderMail = await env.mailTo(sender.email);
    expect(senderMail[0]?.subject).toContain("forwarded");
    expect(senderMail[0]?.text).toContain("https://www.linkedin.com/in/rita");
    expect(senderMail[0]?.text).not.toContain("rita-hidden");
    expect((await requests(to)).body.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await requests(moderator, "?scope=moderation")).body.items.map((i: { id: string }) => i.id)).not.toContain(id);
  });

  it("answers 401 signed out, 403 without a participant, 404 for another community's request", async () => {
    const b1 = await member(env, "beta");
    const b2 = await member(env, "beta", { language: "ru" });
    const foreign = await arrangeMatch(env, "beta", b1.id, b2.id);
    const sent = await sendIntro(b1, { from: b1.id, matchingResultId: foreign.resultA, introMessage: "Привет" });
    expect(sent.status).toBe(200);
    const someone = await member(env, "intro");
    expectError(await answer(someone, sent.body.request.id, { answer: "ACCEPTED" }), 404, 1002);
    expectError(await answer(admin, sent.body.request.id, { answer: "ACCEPTED" }), 404, 1002);
    expectError(await env.request("GET", "/api/requests", { tenant: "intro" }), 401, 1004);
    expectError(await env.request("POST", `/api/requests/${sent.body.request.id}/answer`, { tenant: "intro", body: { answer: "ACCEPTED" } }), 401, 1004);
    const outsider = await createUser(env, { tenant: "intro", role: null });
    expectError(await env.request("GET", "/api/requests", { tenant: "intro", token: outsider.token }), 403, 1021);
    expectError(await env.request("GET", "/api/matching/credits", { tenant: "intro" }), 401, 1004);
    expectError(await env.request("GET", "/api/matching/requests", { tenant: "intro" }), 401, 1004);
    expectError(await requests(someone, "?scope=everything"), 400, 1001);
    // A Russian-speaking member is mailed in Russian.
    const mail = await env.mailTo(b2.email);
    expect(mail[0]?.subject).toContain("хочет познакомиться");
  });
});
