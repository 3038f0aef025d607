import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchingMailJob, runWeeklyPairing, sendNotificationDigests } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { introduce, type Member, member, openChat } from "./chat-helpers.ts";
import { expectError } from "./matching-api-helpers.ts";
import { ctxFor, makeMember } from "./matching-weekly-helpers.ts";
import { FAST, json, type Served, serve, stompConnect, until, wsUrl } from "./stomp-helpers.ts";

const env = await testEnvForFile();
let served: Served;
beforeAll(async () => {
  served = await serve(env, FAST);
});
afterAll(async () => served?.close());

const as = (m: Member) => ({ tenant: m.tenant, token: m.token });
const list = (m: Member, q = "") => env.request("GET", `/api/notifications${q}`, as(m));
const seen = (m: Member, body: unknown) => env.request("POST", "/api/notifications/seen", { ...as(m), body });
const dismiss = (m: Member, body: unknown) => env.request("POST", "/api/notifications/dismiss", { ...as(m), body });
const newer = (m: Member, id: string) => env.request("GET", `/api/notifications/${id}/newer`, as(m));
type N = { id: string; type: string; data: Record<string, string>; seen: boolean };

describe("notifications from intros", () => {
  it("tell the recipient of an intro and, live on their topic, the sender once it was accepted", async () => {
    const a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
    const b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
    const socket = await stompConnect(wsUrl(served, "alpha", a.token));
    const mine = socket.subscribe(`/topic/notifications/${a.id}`);
    await mine.ready;
    await introduce(env, a, b);

    const atB = await list(b);
    expect(atB.status).toBe(200);
    expect(atB.body).toMatchObject({ unseenCount: 1, hasMore: false, items: [{ type: "INTRO_RECEIVED", seen: false, data: { fromId: a.id } }] });
    const live = json(await mine.nth(1));
    expect(live).toMatchObject({ type: "NOTIFICATION", notification: { type: "INTRO_ACCEPTED", data: { toId: b.id }, seen: false } });
    expect((await list(a)).body.items).toEqual([live.notification]);
    await socket.close();
  });
});

describe("notifications of the weekly match", () => {
  it("tell every matched member once, however often the mail job runs", async () => {
    await env.addTenants(tenantFixture("weekly"));
    const ms = [];
    for (let i = 0; i < 4; i++) ms.push(await makeMember(env, i, { tenant: "weekly" }));
    const ctx = ctxFor(env, await env.deps.tenants.require("weekly"));
    await runWeeklyPairing(ctx, { communityId: "weekly", week: "2030-01-01" });
    expect(await env.drainJobs("matching.mail")).toBeGreaterThanOrEqual(4);
    const results = await env.db<{ id: string; participantId: string; subjectId: string }[]>`
      select r.id, r.participant_id as "participantId", r.subject_id as "subjectId" from matching_results r where r.community_id = 'weekly'`;
    expect(results).toHaveLength(4);
    // A retried job stores nothing twice.
    const first = results[0];
    if (!first) throw new Error("no result");
    await matchingMailJob.handle(env.deps, { communityId: "weekly", week: "2030-01-01", resultId: first.id });
    for (const r of results) {
      const m = ms.find((x) => x.participantId === r.participantId);
      if (!m) throw new Error("unknown member");
      const res = await env.request("GET", "/api/notifications", { tenant: "weekly", token: m.token });
      expect(res.body.items).toMatchObject([{ type: "MATCH_OF_THE_WEEK", data: { matchingResultId: r.id, subjectId: r.subjectId, week: "2030-01-01" } }]);
    }
  });
});

describe("notifications of chat messages", () => {
  it("notify a member with no socket open, once per chat until seen, and nobody who is connected", async () => {
    const a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
    const b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
    await introduce(env, a, b);
    const chatId = await openChat(env, a, [b]);
    const chatNotes = async (m: Member) => ((await list(m)).body.items as N[]).filter((n) => n.type === "CHAT_MESSAGE");

    const post = (from: Member, text: string) => env.request("POST", `/api/chats/${chatId}`, { ...as(from), body: { text } });
    await post(a, "one");
    await post(a, "two");
    const notes = await chatNotes(b);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.data).toMatchObject({ chatId, senderId: a.id });
    await seen(b, { ids: notes.map((n) => n.id) });
    await post(a, "three");
    expect(await chatNotes(b)).toHaveLength(2);

    // Connected (any process, any page): no notification, the chat topic and the list tell them.
    const socket = await stompConnect(wsUrl(served, "alpha", b.token));
    await until(async () => ((await env.request("GET", "/api/chats", as(a))).body.items[0].participants.find((p: { id: string }) => p.id === b.id).online ? true : undefined));
    await seen(b, {});
    await post(a, "four");
    expect(await chatNotes(b)).toHaveLength(2);
    expect((await list(b)).body.unseenCount).toBe(0);
    await socket.close();
  });
});

describe("GET /notifications, seen, dismiss, newer", () => {
  it("pages newest first, marks seen by id or all, dismisses, and catches up after an id", async () => {
    const m = await member(env, "alpha", { firstName: "Mia", lastName: "Many" });
    const others: Member[] = [];
    for (let i = 0; i < 4; i++) {
      const o = await member(env, "alpha", { firstName: `Other${"abcd"[i]}`, lastName: "Sender" });
      await introduce(env, o, m);
      others.push(o);
    }
    const all = await list(m);
    expect(all.body.unseenCount).toBe(4);
    const items = all.body.items as N[];
    expect(items.map((n) => n.data.fromId)).toEqual(others.map((o) => o.id).reverse());
    const page = await list(m, "?page=1&size=3");
    expect(page.body).toMatchObject({ page: 1, size: 3, hasMore: false });
    expect(page.body.items.map((n: N) => n.id)).toEqual([items[3]?.id]);

    const [newest, second, third, oldest] = items.map((n) => n.id) as [string, string, string, string];
    expect((await seen(m, { ids: [newest, second] })).body).toEqual({ changed: 2, unseenCount: 2 });
    expect((await seen(m, { ids: [newest] })).body).toEqual({ changed: 0, unseenCount: 2 });
    const caughtUp = await newer(m, oldest);
    expect(caughtUp.body.items.map((n: N) => n.id)).toEqual([third, second, newest]);
    expect(caughtUp.body.items.map((n: N) => n.seen)).toEqual([false, true, true]);
    expect((await newer(m, newest)).body).toMatchObject({ items: [], hasMore: false });

    expect((await dismiss(m, { ids: [second, third] })).body).toEqual({ changed: 2, unseenCount: 1 });
    expect((await list(m)).body.items.map((n: N) => n.id)).toEqual([newest, oldest]);
    expect((await seen(m, {})).body).toEqual({ changed: 1, unseenCount: 0 });
  });

  it("refuses bad input, and keeps every member's notifications their own across communities", async () => {
    const m = await member(env, "alpha", { firstName: "Nina", lastName: "Notes" });
    const o = await member(env, "alpha", { firstName: "Otto", lastName: "Other" });
    await introduce(env, o, m);
    const [note] = (await list(m)).body.items as N[];
    if (!note) throw new Error("no notification");
    expectError(await seen(m, { ids: ["nope"] }), 400, 1001);
    expectError(await dismiss(m, { ids: [] }), 400, 1001);
    expectError(await dismiss(m, {}), 400, 1001);
    expectError(await env.request("GET", "/api/notifications/nope/newer", as(m)), 400, 1001);

    // Another member of the community, and another community's admin, with m's ids.
    expect((await seen(o, { ids: [note.id] })).body.changed).toBe(0);
    expect((await dismiss(o, { ids: [note.id] })).body.changed).toBe(0);
    expectError(await newer(o, note.id), 404, 1002);
    const stranger = await member(env, "beta", { firstName: "Olga", lastName: "Other" }, "admin");
    expect((await list(stranger)).body.items).toEqual([]);
    expectError(await newer(stranger, note.id), 404, 1002);
    expect((await dismiss(stranger, { ids: [note.id] })).body.changed).toBe(0);
    expect((await list(m)).body).toMatchObject({ unseenCount: 1, items: [{ id: note.id, seen: false }] });
  });
});

describe("the e-mail digest and notification preferences", () => {
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
  /** Digest mails to `email` (the intros themselves are mailed too). */
  const digests = async (email: string) => (await env.mailTo(email)).filter((m) => /unread notification|Непрочитанные/.test(m.subject));

  it("mails notifications left unread for an hour once, in the member's language, and never seen or dismissed ones", async () => {
    await env.addTenants(tenantFixture("digest"));
    const m = await member(env, "digest", { firstName: "Dana", lastName: "Digest" });
    const ru = await member(env, "digest", { firstName: "Рита", lastName: "Русская", language: "ru" });
    const quiet = await member(env, "digest", { firstName: "Quinn", lastName: "Quiet" });
    const o = await member(env, "digest", { firstName: "Otto", lastName: "Other" });
    await introduce(env, o, m);
    await introduce(env, o, ru);
    await introduce(env, o, quiet);
    const [quietNote] = (await list(quiet)).body.items as N[];
    await dismiss(quiet, { ids: [quietNote?.id] });
    await seen(o, {});

    // Not an hour old yet: nothing.
    expect(await sendNotificationDigests(env.deps, { communityId: "digest" })).toEqual({ mailed: 0, skipped: 0 });
    expect(await sendNotificationDigests(env.deps, { communityId: "digest", now: later(2) })).toEqual({ mailed: 2, skipped: 0 });
    const [mail] = await digests(m.email);
    expect(mail?.subject).toContain("You have 1 unread notification");
    expect(mail?.text).toContain("1 new intro request");
    expect(mail?.text).toContain("/notifications");
    expect((await digests(ru.email))[0]?.text).toContain("Новые запросы на знакомство: 1");
    expect(await digests(quiet.email)).toEqual([]);
    expect(await digests(o.email)).toEqual([]);
    // Handled once: a second pass mails nothing, and the notification is still unread in the app.
    expect(await sendNotificationDigests(env.deps, { communityId: "digest", now: later(3) })).toEqual({ mailed: 0, skipped: 0 });
    expect(await digests(m.email)).toHaveLength(1);
    expect((await list(m)).body.unseenCount).toBe(1);
  });

  it("sends no digest to a member who turned e-mail off", async () => {
    await env.addTenants(tenantFixture("prefs"));
    const m = await member(env, "prefs", { firstName: "Pia", lastName: "Prefs" });
    const o = await member(env, "prefs", { firstName: "Otto", lastName: "Other" });
    const prefs = (x: Member) => env.request("GET", "/api/notifications/preferences", as(x));
    const setPrefs = (x: Member, body: unknown) => env.request("PUT", "/api/notifications/preferences", { ...as(x), body });
    expect((await prefs(m)).body).toEqual({ items: [{ contactType: "EMAIL", disable: false }, { contactType: "TELEGRAM", disable: false }] });
    expectError(await setPrefs(m, { items: [{ contactType: "PIGEON", disable: true }] }), 400, 1001);
    expectError(await setPrefs(m, { items: [] }), 400, 1001);
    const set = await setPrefs(m, { items: [{ contactType: "EMAIL", disable: true }] });
    expect(set.body.items).toEqual([{ contactType: "EMAIL", disable: true }, { contactType: "TELEGRAM", disable: false }]);
    expect((await prefs(o)).body.items[0]).toEqual({ contactType: "EMAIL", disable: false });

    await introduce(env, o, m);
    await seen(o, {});
    expect(await sendNotificationDigests(env.deps, { communityId: "prefs", now: later(2) })).toEqual({ mailed: 0, skipped: 1 });
    expect(await digests(m.email)).toEqual([]);
    // In the app it is all still there.
    expect((await list(m)).body.unseenCount).toBe(1);
  });
});
