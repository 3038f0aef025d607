import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";
import { expectError, type Member, member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();

const add = (m: Member, id: string) => env.request("POST", `/api/bookmarks/${id}`, { tenant: m.tenant, token: m.token });
const remove = (m: Member, id: string) => env.request("DELETE", `/api/bookmarks/${id}`, { tenant: m.tenant, token: m.token });
const list = (m: Member, q = "") => env.request("GET", `/api/bookmarks${q}`, { tenant: m.tenant, token: m.token });

describe("bookmarks", () => {
  it("adds idempotently, lists with cards newest first, pages, and removes idempotently", async () => {
    const me = await member(env, "alpha");
    const first = await member(env, "alpha", { firstName: "First" });
    const second = await member(env, "alpha", { firstName: "Second" });
    expect((await add(me, first.id)).body).toEqual({ subjectId: first.id, bookmarked: true });
    expect((await add(me, first.id)).status).toBe(200);
    await add(me, second.id);

    const page = await list(me);
    expect(page.status).toBe(200);
    expect(page.body.items.map((i: { participant: { firstName: string } }) => i.participant.firstName)).toEqual(["Second", "First"]);
    const paged = await list(me, "?page=0&size=1");
    expect(paged.body).toMatchObject({ page: 0, size: 1, hasMore: true });
    expect(paged.body.items).toHaveLength(1);

    expect((await remove(me, first.id)).body).toEqual({ subjectId: first.id, bookmarked: false });
    expect((await remove(me, first.id)).status).toBe(200);
    expect((await list(me)).body.items.map((i: { subjectId: string }) => i.subjectId)).toEqual([second.id]);
  });

  it("shows contacts only as the member's privacy allows, and none while my own profile is incomplete", async () => {
    const me = await member(env, "alpha");
    const custom = await member(env, "alpha", {
      privacy: "CUSTOM",
      hiddenContacts: ["TELEGRAM"],
      contacts: { TELEGRAM: "https://t.me/secret", LINKEDIN: "https://www.linkedin.com/in/open" },
    });
    const hidden = await member(env, "alpha", { privacy: "PRIVATE", contacts: { TELEGRAM: "https://t.me/private" } });
    await add(me, custom.id);
    await add(me, hidden.id);
    const cards = new Map((await list(me)).body.items.map((i: { subjectId: string; participant: unknown }) => [i.subjectId, i.participant]));
    expect(cards.get(custom.id)).toMatchObject({ contacts: { LINKEDIN: "https://www.linkedin.com/in/open" }, hasHiddenContacts: true, contactsLocked: false });
    expect(JSON.stringify(cards.get(custom.id))).not.toContain("t.me/secret");
    expect(cards.get(hidden.id)).toMatchObject({ contacts: {}, hasHiddenContacts: true });

    const incomplete = await member(env, "alpha", { complete: false });
    const open = await member(env, "alpha", { contacts: { TELEGRAM: "https://t.me/open" } });
    await add(incomplete, open.id);
    const locked = (await list(incomplete)).body.items[0].participant;
    expect(locked).toMatchObject({ contacts: {}, phone: null, contactsLocked: true });
  });

  it("answers 400 for a bad id or myself, 401 signed out, 403 without a participant, 404 for another community's member", async () => {
    const me = await member(env, "alpha");
    const stranger = await member(env, "beta");
    expectError(await add(me, "not-a-uuid"), 400, 1001);
    expectError(await add(me, me.id), 400, 1001);
    expectError(await env.request("POST", `/api/bookmarks/${stranger.id}`, { tenant: "alpha" }), 401, 1004);
    expectError(await env.request("GET", "/api/bookmarks", { tenant: "alpha" }), 401, 1004);
    const outsider = await createUser(env, { tenant: "alpha", role: null });
    expectError(await env.request("GET", "/api/bookmarks", { tenant: "alpha", token: outsider.token }), 403, 1021);
    expectError(await add(me, stranger.id), 404, 1002);
    expectError(await remove(me, stranger.id), 404, 1002);
    expectError(await env.request("POST", `/api/bookmarks/${me.id}`, { tenant: "alpha", token: stranger.token }), 401, 1004);
    const [count] = await env.db<{ n: number }[]>`select count(*)::int as n from bookmarks where participant_id = ${me.id}`;
    expect(count?.n).toBe(0);
  });
});
