import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser, signInAs, uniqueEmail } from "../support/users.ts";
import { introduce, member, openChat } from "./chat-helpers.ts";
import { arrangeMatch } from "./matching-api-helpers.ts";

const env = await testEnvForFile();

function confirmCode(text: string | undefined, baseUrl = "http://alpha.localhost:3000"): string {
  const code = new RegExp(`${baseUrl.replaceAll(".", "\\.")}/confirmed\\?code=([a-z0-9]+)`).exec(text ?? "")?.[1];
  if (!code) throw new Error(`no confirmation link in: ${text}`);
  return code;
}

describe("POST /api/current-user/email", () => {
  it("moves the account to the new address only once the link sent there is opened", async () => {
    const me = await createUser(env);
    const next = uniqueEmail("moved");
    const res = await env.request("POST", "/api/current-user/email", { token: me.token, body: { email: next, password: me.password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await env.db`select email from users where id = ${me.user.id}`;
    expect(row?.email).toBe(me.email);

    const [mail] = await env.mailTo(next);
    const code = confirmCode(mail?.text);
    const confirmed = await env.request("POST", "/api/auth/confirm-email", { body: { code } });
    expect(confirmed.status).toBe(200);
    const cur = await env.request("GET", "/api/current-user", { token: me.token });
    expect(cur.body).toMatchObject({ email: next, emailVerified: true });
    const login = await env.request("POST", "/api/auth/login", { body: { authType: "EMAIL", email: next, password: me.password } });
    expect(login.status).toBe(200);
    const old = await env.request("POST", "/api/auth/login", { body: { authType: "EMAIL", email: me.email, password: me.password } });
    expect(old.body).toMatchObject({ code: 1011 });
  });

  it("refuses a wrong or missing password, a taken address and the same address with 4xx", async () => {
    const me = await createUser(env);
    const other = await createUser(env);
    const send = (body: unknown) => env.request("POST", "/api/current-user/email", { token: me.token, body });
    expect((await send({ email: uniqueEmail(), password: "wrong-password-1" })).body).toMatchObject({ code: 1014 });
    expect((await send({ email: uniqueEmail() })).status).toBe(400);
    const taken = await send({ email: other.email, password: me.password });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 1012 });
    expect((await send({ email: me.email.toUpperCase(), password: me.password })).status).toBe(400);
    expect((await send({ email: "not-an-address", password: me.password })).status).toBe(400);
    expect((await env.request("POST", "/api/current-user/email", { body: { email: uniqueEmail() } })).status).toBe(401);
  });

  it("refuses the confirmation when the address was taken meanwhile", async () => {
    const me = await createUser(env);
    const next = uniqueEmail("race");
    await env.request("POST", "/api/current-user/email", { token: me.token, body: { email: next, password: me.password } });
    const code = confirmCode((await env.mailTo(next))[0]?.text);
    await createUser(env, { email: next });
    const res = await env.request("POST", "/api/auth/confirm-email", { body: { code } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 1012 });
  });

  it("a link issued in one community does not confirm in another", async () => {
    const me = await createUser(env);
    const next = uniqueEmail("tenant");
    await env.request("POST", "/api/current-user/email", { token: me.token, body: { email: next, password: me.password } });
    const code = confirmCode((await env.mailTo(next))[0]?.text);
    const res = await env.request("POST", "/api/auth/confirm-email", { tenant: "beta", body: { code } });
    expect(res.status).toBe(400);
    const [row] = await env.db`select email from users where id = ${me.user.id}`;
    expect(row?.email).toBe(me.email);
  });
});

describe("GET /api/current-user/data", () => {
  it("gives the member's own data without secrets, only from the community of the request", async () => {
    const a = await member(env, "alpha", { firstName: "Ada", lastName: "Export" });
    const b = await member(env, "alpha", { firstName: "Bob", lastName: "Peer" });
    await introduce(env, a, b);
    const chatId = await openChat(env, a, [b]);
    await env.request("POST", `/api/chats/${chatId}`, { token: a.token, body: { text: "hello from Ada" } });
    // The same person signed in on beta, where they have no participant.
    const onBeta = await signInAs(env, a.user.id, "beta");

    const res = await env.request("GET", "/api/current-user/data", { token: a.token });
    expect(res.status).toBe(200);
    const data = res.body;
    expect(data.communityId).toBe("alpha");
    expect(data.account).toMatchObject({ id: a.user.id, email: a.email });
    expect(JSON.stringify(data)).not.toMatch(/password_hash|secret_hash|p256dh|token_hash/);
    expect(data.participant).toMatchObject({ id: a.id, first_name: "Ada" });
    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.recommendations).toHaveLength(1);
    expect(data.intros).toEqual([expect.objectContaining({ from_participant_id: a.id, to_participant_id: b.id, status: "ACCEPTED" })]);
    expect(data.chats).toEqual([expect.objectContaining({ id: chatId })]);
    expect(data.messages).toEqual([expect.objectContaining({ chatId, text: "hello from Ada" })]);

    // On beta, where this user has no participant: the account only, nothing of alpha.
    const there = await env.request("GET", "/api/current-user/data", { tenant: "beta", token: onBeta });
    expect(there.status).toBe(200);
    expect(there.body.communityId).toBe("beta");
    expect(there.body.participant).toBeNull();
    expect(there.body.messages).toEqual([]);
    expect(there.body.intros).toEqual([]);
    expect(JSON.stringify(there.body)).not.toContain("hello from Ada");
  });

  it("refuses anonymous and forged callers with 401", async () => {
    expect((await env.request("GET", "/api/current-user/data")).status).toBe(401);
    expect((await env.request("GET", "/api/current-user/data", { token: "abc.def" })).status).toBe(401);
  });
});

describe("deleting an account", () => {
  it("removes the member everywhere in one go, and the other member's chat keeps the messages without a sender", async () => {
    const a = await member(env, "alpha", { firstName: "Gone", lastName: "Soon" });
    const b = await member(env, "alpha", { firstName: "Stays", lastName: "Here" });
    await introduce(env, a, b);
    const chatId = await openChat(env, a, [b]);
    await env.request("POST", `/api/chats/${chatId}`, { token: a.token, body: { text: "message by the leaver" } });
    await env.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text: "reply by the stayer" } });
    await env.db`insert into web_push_subscriptions (community_id, user_id, endpoint, p256dh, auth) values ('alpha', ${a.user.id}, 'https://push.example/x', 'k', 'a')`;

    const res = await env.request("DELETE", `/api/users/delete/${a.user.id}`, { token: a.token, body: { password: a.password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    for (const table of ["participants", "sessions", "web_push_subscriptions"]) {
      const rows = await env.db`select 1 from ${env.db(table)} where user_id = ${a.user.id}`;
      expect(rows, table).toHaveLength(0);
    }
    for (const [table, column] of [
      ["matching_results", "participant_id"],
      ["intro_requests", "from_participant_id"],
      ["chat_members", "participant_id"],
      ["notifications", "participant_id"],
      ["event_participations", "participant_id"],
      ["relations", "participant_id"],
      ["bookmarks", "participant_id"],
    ] as const) {
      const rows = await env.db`select 1 from ${env.db(table)} where ${env.db(column)} = ${a.id}`;
      expect(rows, table).toHaveLength(0);
    }
    expect(await env.mailTo(a.email)).toHaveLength(0);

    const history = await env.request("GET", `/api/chats/${chatId}`, { token: b.token });
    expect(history.status).toBe(200);
    const texts = history.body.items.map((m: { text: string; senderId: string | null }) => [m.text, m.senderId]);
    expect(texts).toEqual([
      ["message by the leaver", null],
      ["reply by the stayer", b.id],
    ]);
    // The other member's own data still works.
    expect((await env.request("GET", "/api/current-user/data", { token: b.token })).status).toBe(200);
  });
});

describe("POST /api/current-user/lang", () => {
  it("makes the chosen language the member's language here too: match reasons follow it", async () => {
    const me = await member(env, "alpha", { firstName: "Lang", language: "en" });
    const other = await member(env, "alpha", { firstName: "Peer" });
    await arrangeMatch(env, "alpha", me.id, other.id, { source: "ADMIN", bothSides: false, reasons: [{ kind: "same_city", city: "London", key: "london" }] });
    const before = await env.request("GET", "/api/matching/instant", { token: me.token });
    expect(before.body.items[0].reasons).toEqual(["You are both in London"]);
    const set = await env.request("POST", "/api/current-user/lang", { token: me.token, rawBody: "ru", headers: { "content-type": "text/plain" } });
    expect(set.status).toBe(200);
    const after = await env.request("GET", "/api/matching/instant", { token: me.token });
    expect(after.body.items[0].reasons).toEqual(["Вы оба из Лондона"]);
  });
});
