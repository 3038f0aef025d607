import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";
import { introduce, type Member, member, openChat } from "./chat-helpers.ts";
import { expectError } from "./matching-api-helpers.ts";

const env = await testEnvForFile();
let admin: Member;
beforeAll(async () => {
  await env.addTenants(tenantFixture("talk"), tenantFixture("other"));
  admin = await member(env, "talk", { firstName: "Ada", lastName: "Admin" }, "admin");
});

const as = (m: Member) => ({ tenant: m.tenant, token: m.token });
const list = (m: Member, q = "") => env.request("GET", `/api/chats${q}`, as(m));
const create = (m: Member, participants: string[], q = "") => env.request("POST", `/api/chats${q}`, { ...as(m), body: { participants } });
const history = (m: Member, id: string, q = "") => env.request("GET", `/api/chats/${id}${q}`, as(m));
const post = (m: Member, id: string, text: unknown) => env.request("POST", `/api/chats/${id}`, { ...as(m), body: { text } });

async function pair(): Promise<[Member, Member]> {
  const a = await member(env, "talk", { firstName: "Anna", lastName: "Alpha" });
  const b = await member(env, "talk", { firstName: "Boris", lastName: "Beta" });
  return [a, b];
}

describe("POST /chats", () => {
  it("opens a one-to-one chat once an intro between the two was accepted, and only once", async () => {
    const [a, b] = await pair();
    expectError(await create(a, [b.id]), 403, 1005);
    expectError(await create(b, [a.id]), 403, 1005);
    await introduce(env, a, b);

    const res = await create(a, [b.id], "?communityId=talk");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ communityId: "talk", type: "DIRECT", name: null, lastMessage: null, unreadCount: 0 });
    expect(res.body.participants.map((p: { id: string }) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect(res.body.participants.find((p: { id: string }) => p.id === b.id)).toMatchObject({ firstName: "Boris", lastName: "Beta", online: false });

    // Either side asking again gets the same chat.
    const again = await create(b, [a.id, b.id]);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
  });

  it("lets admins and moderators open chats with anyone, and nobody with a member either side marked not interested", async () => {
    const [a, b] = await pair();
    const moderator = await member(env, "talk", { firstName: "Mo", lastName: "Mod" }, "moderator");
    expect((await create(admin, [a.id])).status).toBe(201);
    expect((await create(moderator, [a.id, b.id], "?name=Welcome")).body).toMatchObject({ type: "GROUP", name: "Welcome" });

    // b marks the moderator not interested: no chat either way, whoever asks.
    const disliked = await env.request("POST", "/api/relations", { ...as(b), body: { subjectId: moderator.id, relationType: "DISLIKE", reason: "OTHER" } });
    expect(disliked.status, JSON.stringify(disliked.body)).toBe(200);
    expectError(await create(moderator, [b.id]), 403, 1005);
    expectError(await create(b, [moderator.id]), 403, 1005);
  });

  it("opens a group only with members the creator has an accepted intro with", async () => {
    const [a, b] = await pair();
    const c = await member(env, "talk", { firstName: "Cleo", lastName: "Gamma" });
    await introduce(env, a, b);
    expectError(await create(a, [b.id, c.id], "?name=Trio"), 403, 1005);
    await introduce(env, c, a);
    const res = await create(a, [b.id, c.id], "?name=Trio");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "GROUP", name: "Trio" });
    expect(res.body.participants).toHaveLength(3);
    // A second group of the same people is another chat.
    expect((await create(a, [b.id, c.id], "?name=Trio")).body.id).not.toBe(res.body.id);
  });

  it("refuses bad input with 400 and unknown or other communities' members with 404", async () => {
    const [a] = await pair();
    const stranger = await member(env, "other", { firstName: "Olga", lastName: "Other" });
    expectError(await create(admin, []), 400, 1001);
    expectError(await create(admin, [admin.id]), 400, 1001);
    expectError(await create(admin, ["not-a-uuid"]), 400, 1001);
    expectError(await create(admin, [a.id], "?name=Named"), 400, 1001);
    expectError(await create(admin, [a.id, stranger.id]), 404, 1002);
    expectError(await create(admin, ["00000000-0000-4000-8000-000000000000"]), 404, 1002);
    expectError(await create(admin, [a.id], "?communityId=other"), 404, 1002);
    expectError(await create(admin, [a.id, stranger.id], `?name=${"x".repeat(101)}`), 400, 1001);
  });
});

describe("POST /chats/{id} and GET /chats/{id}", () => {
  it("stores messages, pages the history backwards and keeps read markers per member", async () => {
    const [a, b] = await pair();
    await introduce(env, a, b);
    const chatId = await openChat(env, a, [b]);
    for (let i = 1; i <= 7; i++) {
      const res = await post(i % 2 ? a : b, chatId, `  message ${i}  `);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ chatId, senderId: (i % 2 ? a : b).id, text: `message ${i}` });
    }

    // b sent 3, a sent 4: b has a's messages after b's own last one (6) unread, a has b's after 7: none.
    const bList = await list(b);
    expect(bList.body.items[0]).toMatchObject({ id: chatId, unreadCount: 1, lastMessage: { text: "message 7", senderId: a.id } });
    expect((await list(a)).body.items[0]).toMatchObject({ id: chatId, unreadCount: 0 });

    const newest = await history(b, chatId, "?size=3");
    expect(newest.status).toBe(200);
    expect(newest.body.items.map((m: { text: string }) => m.text)).toEqual(["message 5", "message 6", "message 7"]);
    expect(newest.body.hasMore).toBe(true);
    expect(newest.body.chat).toMatchObject({ id: chatId, unreadCount: 0 });
    const older = await history(b, chatId, `?size=3&before=${newest.body.nextCursor}`);
    expect(older.body.items.map((m: { text: string }) => m.text)).toEqual(["message 2", "message 3", "message 4"]);
    const oldest = await history(b, chatId, `?size=3&before=${older.body.nextCursor}`);
    expect(oldest.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(oldest.body.items.map((m: { text: string }) => m.text)).toEqual(["message 1"]);
    // Reading the newest page marked it read.
    expect((await list(b)).body.items[0]).toMatchObject({ unreadCount: 0 });

    // a's two unread from b now.
    await post(b, chatId, "one");
    await post(b, chatId, "two");
    expect((await list(a)).body.items[0]).toMatchObject({ unreadCount: 2, lastMessage: { text: "two" } });
  });

  it("lists the most recently active chat first, with paging", async () => {
    const [a, b] = await pair();
    const c = await member(env, "talk", { firstName: "Cleo", lastName: "Gamma" });
    await introduce(env, a, b);
    await introduce(env, a, c);
    const withB = await openChat(env, a, [b]);
    const withC = await openChat(env, a, [c]);
    await post(b, withB, "hello from b");
    expect((await list(a)).body.items.map((i: { id: string }) => i.id)).toEqual([withB, withC]);
    await post(c, withC, "hello from c");
    const page = await list(a, "?communityId=talk&page=0&size=1");
    expect(page.body).toMatchObject({ page: 0, size: 1, hasMore: true });
    expect(page.body.items.map((i: { id: string }) => i.id)).toEqual([withC]);
    expect((await list(a, "?page=1&size=1")).body.items.map((i: { id: string }) => i.id)).toEqual([withB]);
    expect((await list(c)).body.items.map((i: { id: string }) => i.id)).toEqual([withC]);
  });

  it("refuses texts that are empty, too long or hold control characters", async () => {
    const [a, b] = await pair();
    await introduce(env, a, b);
    const chatId = await openChat(env, a, [b]);
    expectError(await post(a, chatId, "   "), 400, 1001);
    expectError(await post(a, chatId, "x".repeat(2001)), 400, 1001);
    expectError(await post(a, chatId, "bell\u0007"), 400, 1001);
    expectError(await post(a, chatId, 42), 400, 1001);
    expect((await post(a, chatId, "я".repeat(2000))).status).toBe(201);
    expect((await post(a, chatId, "line one\nline two\ttabbed")).status).toBe(201);
    expectError(await history(a, chatId, "?before=abc"), 400, 1001);
  });

  it("keeps chats to their members: 403 for a member of the community outside it, 404 across communities", async () => {
    const [a, b] = await pair();
    const outsider = await member(env, "talk", { firstName: "Oscar", lastName: "Outside" });
    const stranger = await member(env, "other", { firstName: "Olga", lastName: "Other" }, "admin");
    await introduce(env, a, b);
    const chatId = await openChat(env, a, [b]);
    await post(a, chatId, "private");

    expectError(await history(outsider, chatId), 403, 1005);
    expectError(await post(outsider, chatId, "let me in"), 403, 1005);
    expect((await list(outsider)).body.items).toEqual([]);
    // Another community's admin, with this chat's id: as if it did not exist.
    expectError(await history(stranger, chatId), 404, 1002);
    expectError(await post(stranger, chatId, "hi"), 404, 1002);
    expect((await list(stranger)).body.items).toEqual([]);
    expectError(await list(stranger, "?communityId=talk"), 404, 1002);
    // The same member's token in another community's host is no session there.
    expectError(await env.request("GET", `/api/chats/${chatId}`, { tenant: "other", token: a.token }), 401, 1004);
    // A user without a participant here.
    const visitor = await createUser(env, { tenant: "talk", role: null });
    expectError(await env.request("GET", "/api/chats", { tenant: "talk", token: visitor.token }), 403, 1021);
    expectError(await history(a, "00000000-0000-4000-8000-000000000000"), 404, 1002);
    expect((await history(a, chatId)).body.items.map((m: { text: string }) => m.text)).toEqual(["private"]);
  });
});
