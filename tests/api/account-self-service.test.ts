import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser, joinAs, uniqueEmail } from "../support/users.ts";
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
  it("gives the member's own data in every community they belong to, without secrets and without anyone else's private data", async () => {
    const a = await member(env, "alpha", { firstName: "Ada", lastName: "Export" });
    const b = await member(env, "alpha", { firstName: "Bob", lastName: "Peer" });
    await introduce(env, a, b);
    const chatId = await openChat(env, a, [b]);
    await env.request("POST", `/api/chats/${chatId}`, { token: a.token, body: { text: "hello from Ada" } });
    await env.request("POST", `/api/chats/${chatId}`, { token: b.token, body: { text: "private reply by Bob" } });
    // Bob's own notes about Ada are Bob's data, never Ada's.
    expect((await env.request("POST", "/api/relations", { token: b.token, body: { subjectId: a.id, relationType: "LIKE", note: "Bob's private note" } })).status).toBe(200);
    expect((await env.request("POST", `/api/bookmarks/${a.id}`, { token: b.token })).status).toBe(200);

    // The same person joins beta too: a participant there with a bookmark, an intro and a message.
    const joined = await joinAs(env, a.user.id, "beta");
    const aBeta = { ...a, id: joined.participantId, tenant: "beta", token: joined.token };
    const c = await member(env, "beta", { firstName: "Cleo", lastName: "Beta" });
    await introduce(env, aBeta, c);
    const betaChat = await openChat(env, aBeta, [c]);
    await env.request("POST", `/api/chats/${betaChat}`, { tenant: "beta", token: aBeta.token, body: { text: "hello on beta" } });
    await env.request("POST", `/api/chats/${betaChat}`, { tenant: "beta", token: c.token, body: { text: "Cleo's own words" } });
    expect((await env.request("POST", `/api/bookmarks/${c.id}`, { tenant: "beta", token: aBeta.token })).status).toBe(200);
    // Ada, as an admin in beta, changed Cleo's profile: the export says what and when, not Cleo's data.
    await env.db`insert into audit_events (community_id, actor_kind, actor_user_id, actor_label, action, target_type, target_id, before, after)
                 values ('beta', 'user', ${a.user.id}, ${a.email}, 'participant.update', 'participant', ${c.id},
                         ${env.db.json({ phone: "+44 700 000 0001" })}, ${env.db.json({ phone: "+44 700 000 0002" })})`;
    // Someone changed Ada's own participant: she sees it in full.
    await env.db`insert into audit_events (community_id, actor_kind, actor_label, action, target_type, target_id, before, after)
                 values ('beta', 'operator', 'cli', 'participant.update', 'participant', ${aBeta.id}, ${env.db.json({ role: "member" })}, ${env.db.json({ role: "admin" })})`;

    type Community = Record<string, unknown> & { communityId: string; participant: { id: string } | null; messages: { text: string }[] };
    const res = await env.request("GET", "/api/current-user/data", { token: a.token });
    expect(res.status).toBe(200);
    const data = res.body as { communityId: string; account: object; sessions: { current: boolean; communityId: string }[]; communities: Community[] };
    expect(data.communityId).toBe("alpha");
    expect(data.account).toMatchObject({ id: a.user.id, email: a.email });
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/password_hash|secret_hash|p256dh|token_hash/);
    expect(data.sessions.map((s) => s.communityId).sort()).toEqual(["alpha", "beta"]);
    expect(data.sessions.filter((s) => s.current)).toHaveLength(1);
    // Both communities, the one asked from first.
    expect(data.communities.map((x) => x.communityId)).toEqual(["alpha", "beta"]);
    const [alpha, beta] = data.communities as [Community, Community];
    expect(alpha.participant).toMatchObject({ id: a.id, first_name: "Ada" });
    expect(alpha.recommendations).toHaveLength(1);
    expect(alpha.intros).toEqual([expect.objectContaining({ from_participant_id: a.id, to_participant_id: b.id, status: "ACCEPTED" })]);
    expect(alpha.chats).toEqual([expect.objectContaining({ id: chatId })]);
    expect(alpha.messages).toEqual([expect.objectContaining({ chatId, text: "hello from Ada" })]);
    expect(alpha.notifications).not.toEqual([]);
    expect(beta.participant).toMatchObject({ id: aBeta.id });
    expect(beta.recommendations).toHaveLength(1);
    expect(beta.intros).toEqual([expect.objectContaining({ from_participant_id: aBeta.id, to_participant_id: c.id })]);
    expect(beta.messages).toEqual([expect.objectContaining({ chatId: betaChat, text: "hello on beta" })]);
    expect(beta.bookmarks).toEqual([expect.objectContaining({ participant_id: aBeta.id, subject_id: c.id })]);
    expect(beta.auditEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ targetId: c.id, before: null, after: null }),
        expect.objectContaining({ targetId: aBeta.id, after: { role: "admin" } }),
      ]),
    );
    // Nobody else's private data: their messages, notes, bookmarks, addresses and phone numbers.
    for (const other of ["private reply by Bob", "Bob's private note", "Cleo's own words", b.email, c.email, "+44 700 000 000"]) expect(text).not.toContain(other);
    expect(alpha.bookmarks).toEqual([]);
    expect(alpha.relations).toEqual([]);

    // The same download asked from beta holds the same communities, beta first.
    const there = await env.request("GET", "/api/current-user/data", { tenant: "beta", token: aBeta.token });
    expect(there.status).toBe(200);
    expect(there.body.communityId).toBe("beta");
    expect(there.body.communities.map((x: Community) => x.communityId)).toEqual(["beta", "alpha"]);

    // Bob's download holds his note and his reply, and none of Ada's messages or of beta.
    const bobs = await env.request("GET", "/api/current-user/data", { token: b.token });
    const bobText = JSON.stringify(bobs.body);
    expect(bobs.body.communities.map((x: Community) => x.communityId)).toEqual(["alpha"]);
    expect(bobText).toContain("Bob's private note");
    expect(bobText).toContain("private reply by Bob");
    expect(bobText).not.toContain("hello from Ada");
    expect(bobText).not.toContain("hello on beta");
    expect(bobText).not.toContain(a.email);
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
