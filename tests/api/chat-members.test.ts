import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { introduce, type Member, member, openChat } from "./chat-helpers.ts";
import { expectError } from "./matching-api-helpers.ts";
import { json, type Served, serve, settled, stompConnect, until, wsUrl } from "./stomp-helpers.ts";

const env = await testEnvForFile();
let served: Served;
beforeAll(async () => {
  await env.addTenants(tenantFixture("crew"), tenantFixture("rival"));
  served = await serve(env);
});
afterAll(async () => served?.close());

const as = (m: Member) => ({ tenant: m.tenant, token: m.token });
const add = (m: Member, chatId: string, participants: string[]) => env.request("POST", `/api/chats/${chatId}/participants`, { ...as(m), body: { participants } });
const remove = (m: Member, chatId: string, pid: string) => env.request("DELETE", `/api/chats/${chatId}/participants/${pid}`, as(m));
const rename = (m: Member, chatId: string, name: unknown) => env.request("PATCH", `/api/chats/${chatId}`, { ...as(m), body: { name } });
const post = (m: Member, chatId: string, text: string) => env.request("POST", `/api/chats/${chatId}`, { ...as(m), body: { text } });
const ids = (body: { participants: { id: string }[] }) => body.participants.map((p) => p.id).sort();

/** a created a group with b and c (a has accepted intros with b, c and d). */
async function crew(tenant = "crew") {
  const a = await member(env, tenant, { firstName: "Ann", lastName: "Creator" });
  const b = await member(env, tenant, { firstName: "Bob", lastName: "Member" });
  const c = await member(env, tenant, { firstName: "Cid", lastName: "Member" });
  const d = await member(env, tenant, { firstName: "Dan", lastName: "Newcomer" });
  for (const x of [b, c, d]) await introduce(env, a, x);
  const chatId = await openChat(env, a, [b, c], "Crew");
  return { a, b, c, d, chatId };
}

describe("group chat members", () => {
  it("lets the creator add, remove and rename, tells the members over STOMP, and ends a removed member's subscription", async () => {
    const { a, b, c, d, chatId } = await crew();
    const sb = await stompConnect(wsUrl(served, "crew", b.token));
    const sc = await stompConnect(wsUrl(served, "crew", c.token));
    try {
      const inboxB = sb.subscribe(`/topic/chat/${chatId}`);
      const inboxC = sc.subscribe(`/topic/chat/${chatId}`);
      await Promise.all([inboxB.ready, inboxC.ready]);

      const added = await add(a, chatId, [d.id, b.id]);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(ids(added.body)).toEqual([a.id, b.id, c.id, d.id].sort());
      expect(json(await inboxB.nth(1))).toEqual({ type: "CHAT_UPDATED", chatId, name: "Crew", added: [d.id], removed: [], by: a.id });

      const renamed = await rename(a, chatId, "  Crew 2  ");
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe("Crew 2");
      expect(json(await inboxC.nth(2))).toMatchObject({ type: "CHAT_UPDATED", name: "Crew 2", added: [], removed: [] });

      expect((await remove(a, chatId, c.id)).status).toBe(204);
      // c hears that they were removed, then nothing more of the chat.
      expect(json(await inboxC.nth(3))).toMatchObject({ type: "CHAT_UPDATED", removed: [c.id], by: a.id });
      expect((await post(a, chatId, "after c left")).status).toBe(201);
      expect(json(await inboxB.nth(4))).toMatchObject({ type: "MESSAGE", message: { text: "after c left" } });
      await settled(env.deps, sc);
      expect(inboxC.messages).toHaveLength(3);
      // c can no longer read or write it.
      expectError(await env.request("GET", `/api/chats/${chatId}`, as(c)), 403, 1005);
      expectError(await post(c, chatId, "still here?"), 403, 1005);
      const list = await env.request("GET", "/api/chats", as(c));
      expect(list.body.items.map((x: { id: string }) => x.id)).not.toContain(chatId);
    } finally {
      await sb.close();
      await sc.close();
    }
  });

  it("lets any member leave, and only the creator or staff manage; one-to-one chats are fixed", async () => {
    const { a, b, c, d, chatId } = await crew();
    expectError(await add(b, chatId, [d.id]), 403, 1005);
    expectError(await remove(b, chatId, c.id), 403, 1005);
    expectError(await rename(b, chatId, "Mine"), 403, 1005);
    expect((await remove(b, chatId, b.id)).status).toBe(204);
    expectError(await remove(b, chatId, b.id), 403, 1005);
    expectError(await remove(a, chatId, b.id), 404, 1002);

    // An admin in the group may manage it (audited); the creator needs an accepted intro to add.
    const admin = await member(env, "crew", { firstName: "Ada", lastName: "Admin" }, "admin");
    const stranger = await member(env, "crew", { firstName: "Sam", lastName: "Stranger" });
    expectError(await add(a, chatId, [stranger.id]), 403, 1005);
    await introduce(env, a, admin);
    expect((await add(a, chatId, [admin.id])).status).toBe(200);
    expect((await add(admin, chatId, [stranger.id])).status).toBe(200);
    expect((await remove(admin, chatId, c.id)).status).toBe(204);
    const audit = await env.db<{ action: string }[]>`select action from audit_events where target_id = ${chatId} order by created_at`;
    expect(audit.map((r) => r.action)).toEqual(["chat.members.add", "chat.members.remove"]);

    const direct = await openChat(env, a, [d]);
    expectError(await add(a, direct, [b.id]), 400, 1001);
    expectError(await remove(a, direct, a.id), 400, 1001);
    expectError(await rename(a, direct, "Pair"), 400, 1001);
  });

  it("refuses bad input with 400 and unknown members with 404", async () => {
    const { a, chatId } = await crew();
    expectError(await add(a, chatId, []), 400, 1001);
    expectError(await add(a, chatId, ["nope"]), 400, 1001);
    expectError(await add(a, chatId, ["00000000-0000-4000-8000-000000000000"]), 404, 1002);
    expectError(await rename(a, chatId, ""), 400, 1001);
    expectError(await rename(a, chatId, "x".repeat(101)), 400, 1001);
    expectError(await rename(a, chatId, 5), 400, 1001);
    expectError(await remove(a, chatId, "nope"), 400, 1001);
    expectError(await env.request("PATCH", "/api/chats/not-a-uuid", { ...as(a), body: { name: "x" } }), 400, 1001);
  });

  it("never crosses communities: another community's chat is a 404, its members cannot be added", async () => {
    const { a, chatId } = await crew();
    const other = await crew("rival");
    expectError(await add(other.a, chatId, [other.b.id]), 404, 1002);
    expectError(await remove(other.a, chatId, a.id), 404, 1002);
    expectError(await rename(other.a, chatId, "Taken"), 404, 1002);
    expectError(await add(a, chatId, [other.b.id]), 404, 1002);
    // a's token is not valid in the other community.
    expect((await env.request("PATCH", `/api/chats/${other.chatId}`, { tenant: "rival", token: a.token, body: { name: "x" } })).status).toBe(401);
  });
});

describe("send rate limit", () => {
  it("allows 20 messages per member and chat in 10 seconds over REST, then 429 with Retry-After; others are unaffected", async () => {
    const { a, b, chatId } = await crew();
    for (let i = 0; i < 20; i++) expect((await post(a, chatId, `m${i}`)).status).toBe(201);
    const over = await post(a, chatId, "one too many");
    expectError(over, 429, 1006);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await post(b, chatId, "b is fine")).status).toBe(201);
    const [row] = await env.db<{ n: number }[]>`select count(*)::int as n from chat_messages where chat_id = ${chatId} and text = 'one too many'`;
    expect(row?.n).toBe(0);
  });

  it("counts STOMP SENDs too: over the limit the socket gets an ERROR frame and closes", async () => {
    const { b, chatId } = await crew();
    const s = await stompConnect(wsUrl(served, "crew", b.token));
    const inbox = s.subscribe(`/topic/chat/${chatId}`);
    await inbox.ready;
    for (let i = 0; i < 21; i++) s.send(`/topic/chat/${chatId}`, { text: `s${i}` });
    await s.closed;
    expect(s.errors[0]?.headers.message).toBe("Too many messages. Please slow down");
    expect(inbox.messages).toHaveLength(20);
    await until(async () => {
      const [row] = await env.db<{ n: number }[]>`select count(*)::int as n from chat_messages where chat_id = ${chatId}`;
      return row?.n === 20 || undefined;
    });
  });
});
