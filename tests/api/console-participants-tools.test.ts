/**
 * Issue 14, the console's Participants and Members CRM tools: the CSV export of every member (any
 * community size), the bulk actions (confirm, reject with a reason, profile and networking
 * switches; audited per member) and the event participations on the CRM timeline.
 */
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import type { CreatedUser } from "../support/users.ts";
import { api as eventsApi, makeEvent, type Who } from "./events-helpers.ts";
import { member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();

let n = 0;
async function cast() {
  n += 1;
  const id = `tools${n}`;
  const other = `toolsx${n}`;
  await env.addTenants(
    { version: 1, id, domain: `${id}.test.example`, title: `Tools ${n}`, lang: "en", langChoices: ["en", "ru"], transparent: true, authConfig: [{ authType: "EMAIL" }], senderEmail: `hi@${id}.test.example`, brandConfig: { title: `Tools${n}` } },
    { version: 1, id: other, domain: `${other}.test.example`, title: `Other ${n}`, lang: "en", langChoices: ["en"], transparent: true, authConfig: [{ authType: "EMAIL" }], senderEmail: `hi@${other}.test.example`, brandConfig: { title: `Other${n}` } },
  );
  const admin = await member(env, id, { firstName: "Ada", lastName: "Admin" }, "admin");
  const moderator = await member(env, id, { firstName: "Mo", lastName: "Derator" }, "moderator");
  const plain = await member(env, id, { firstName: "Max", lastName: "Member" });
  const otherAdmin = await member(env, other, { firstName: "Otto", lastName: "Other" }, "admin");
  return { id, other, admin, moderator, plain, otherAdmin };
}

type Caller = Pick<CreatedUser, "token"> & { tenant: string };
const call = (who: Caller, method: string, path: string, body?: unknown, tenant = who.tenant) =>
  env.request(method, path, { tenant, token: who.token, ...(body === undefined ? {} : { body }) });

async function audits(communityId: string, action: string) {
  return env.db<{ targetId: string | null; after: Record<string, unknown> }[]>`
    select target_id as "targetId", after from audit_events where community_id = ${communityId} and action = ${action} order by id`;
}

/** `count` members written straight into the tables, all with the same created_at (the export's cursor must break ties). */
async function bulkMembers(community: string, count: number, status = "confirmed") {
  const prefix = `${community}-bulk-`;
  await env.db`
    insert into users (email, home_community_id, email_verified_at)
    select ${prefix} || g || '@example.com', ${community}, now() from generate_series(1, ${count}::int) g`;
  await env.db`
    insert into participants (community_id, user_id, moderation_status, first_name, last_name, created_at)
    select ${community}, u.id, ${status}, 'Bulk', 'Person ' || u.email, '2026-01-01T10:00:00.123456Z'::timestamptz
    from users u where u.email like ${`${prefix}%`}`;
}

const csvOf = (body: string) => parse(body.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];

describe("CSV export of the members", () => {
  it("streams every member (1,204 > the list's 500-row window), UTF-8 with a BOM, formulas neutralised, audited", async () => {
    const c = await cast();
    await bulkMembers(c.id, 1_200);
    const evil = await member(env, c.id, { firstName: "=HYPERLINK(\"http://x\")", lastName: "Иванова" });
    // Another community's members never appear.
    await bulkMembers(c.other, 3);
    const res = await call(c.admin, "GET", "/api/console/participants/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="tools\d+-participants-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Response.text() drops a BOM: the bytes show it.
    const raw = await env.app.request("/api/console/participants/export", { headers: { host: `${c.id}.localhost:3000`, authorization: `Bearer ${c.admin.token}` } });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(body.startsWith("\uFEFFid,firstName,lastName,email,")).toBe(true);
    const rows = csvOf(body);
    expect(rows).toHaveLength(1_204);
    expect(new Set(rows.map((r) => r.id)).size).toBe(1_204);
    const ids = await env.db<{ id: string }[]>`select id from participants where community_id = ${c.id}`;
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids.map((r) => r.id)));
    expect(rows.some((r) => r.email?.startsWith(`${c.other}-bulk-`))).toBe(false);
    const mine = rows.find((r) => r.id === evil.id);
    expect(mine).toMatchObject({ firstName: "'=HYPERLINK(\"http://x\")", lastName: "Иванова", email: evil.email, moderationStatus: "confirmed", profileEnabled: "true" });
    // Newest first: the members made after the bulk rows come first.
    expect(rows.at(-1)?.firstName).toBe("Bulk");
    // One audit event per export (two downloads here).
    expect(await audits(c.id, "participant.export")).toEqual([
      expect.objectContaining({ targetId: c.id, after: expect.objectContaining({ filter: {} }) }),
      expect.objectContaining({ targetId: c.id, after: expect.objectContaining({ filter: {} }) }),
    ]);
  });

  it("exports what the list's filter matches; admins only; bad filters are 400; another community's session 401", async () => {
    const c = await cast();
    const pending = await member(env, c.id, { firstName: "Pia", status: "pending" });
    const filter = encodeURIComponent(JSON.stringify({ moderationStatus: "pending" }));
    const res = await call(c.admin, "GET", `/api/console/participants/export?filter=${filter}`);
    expect(csvOf(res.body as unknown as string).map((r) => r.id)).toEqual([pending.id]);
    expect((await audits(c.id, "participant.export"))[0]?.after).toMatchObject({ filter: { moderationStatus: "pending" } });
    const searched = await call(c.admin, "GET", `/api/console/participants/export?filter=${encodeURIComponent(JSON.stringify({ q: "derator" }))}`);
    expect(csvOf(searched.body as unknown as string).map((r) => r.id)).toEqual([c.moderator.id]);
    const mod = await call(c.moderator, "GET", "/api/console/participants/export");
    expect([mod.status, mod.body.msg]).toEqual([403, "Only the community's admins can do this"]);
    expect((await call(c.plain, "GET", "/api/console/participants/export")).status).toBe(403);
    expect((await call(c.otherAdmin, "GET", "/api/console/participants/export", undefined, c.id)).status).toBe(401);
    const bad = await call(c.admin, "GET", `/api/console/participants/export?filter=${encodeURIComponent('{"password":1}')}`);
    expect([bad.status, bad.body.code]).toEqual([400, 1001]);
    expect((await call(c.admin, "GET", "/api/console/participants/export?filter=nope")).status).toBe(400);
    // Refused exports are not audited.
    expect(await audits(c.id, "participant.export")).toHaveLength(2);
    // The other community's admin exports its own members only.
    const theirs = csvOf((await call(c.otherAdmin, "GET", "/api/console/participants/export")).body as unknown as string);
    expect(theirs.map((r) => r.id)).toEqual([c.otherAdmin.id]);
  });
});

describe("bulk actions", () => {
  const bulk = (who: Caller, body: unknown, tenant?: string) => call(who, "POST", "/api/console/participants/bulk", body, tenant);

  it("rejects the selected members with one reason each sees and is mailed; refusals are listed, the rest go on; audited per member", async () => {
    const c = await cast();
    const a = await member(env, c.id, { firstName: "Ann", status: "pending" });
    const b = await member(env, c.id, { firstName: "Bob", status: "pending", language: "ru" });
    const foreign = await member(env, c.other, { status: "pending" });
    const unknown = "00000000-0000-4000-8000-000000000000";
    const res = await bulk(c.moderator, { action: "moderate", ids: [a.id, b.id, c.admin.id, foreign.id, unknown], moderationStatus: "rejected", reason: "Please add a photo" });
    expect(res.status).toBe(200);
    expect(res.body.done).toBe(2);
    expect(res.body.unchanged).toBe(0);
    expect(res.body.failed).toEqual([
      { id: c.admin.id, code: expect.any(Number), msg: "Only the community's admins can moderate its moderators and admins" },
      { id: foreign.id, code: expect.any(Number), msg: "Participant not found" },
      { id: unknown, code: expect.any(Number), msg: "Participant not found" },
    ]);
    for (const m of [a, b]) {
      expect((await call(m, "GET", "/api/participant/profile")).body).toMatchObject({ moderationStatus: "rejected", moderationReason: "Please add a photo" });
    }
    expect((await env.mailTo(b.email))[0]).toMatchObject({ lang: "ru" });
    expect((await env.mailTo(a.email))[0]?.text).toContain("Reason: Please add a photo");
    const [row] = await env.db<{ s: string }[]>`select moderation_status as s from participants where id = ${foreign.id}`;
    expect(row?.s).toBe("pending");
    expect((await audits(c.id, "participant.moderate")).map((x) => x.targetId)).toEqual([a.id, b.id]);
    // Again: nothing changes, nothing is mailed or audited.
    const again = await bulk(c.moderator, { action: "moderate", ids: [a.id, b.id, a.id], moderationStatus: "rejected", reason: "Please add a photo" });
    expect(again.body).toEqual({ done: 0, unchanged: 2, failed: [] });
    expect(await env.mailTo(a.email)).toHaveLength(1);
    // Bulk confirm.
    const ok = await bulk(c.admin, { action: "moderate", ids: [a.id, b.id], moderationStatus: "confirmed" });
    expect(ok.body).toEqual({ done: 2, unchanged: 0, failed: [] });
    expect((await call(a, "GET", "/api/participant/profile")).body).toMatchObject({ moderationStatus: "confirmed", moderationReason: null });
    expect(await audits(c.id, "participant.moderate")).toHaveLength(4);
  });

  it("switches profiles and networking for admins only, audited per member changed", async () => {
    const c = await cast();
    const a = await member(env, c.id, { firstName: "Ann" });
    const off = await bulk(c.admin, { action: "networking", ids: [a.id, c.plain.id], shouldDisable: true });
    expect(off.body).toEqual({ done: 2, unchanged: 0, failed: [] });
    const rows = await env.db<{ id: string; networking: boolean; profile: boolean }[]>`
      select id, networking_enabled as networking, profile_enabled as profile from participants where id in ${env.db([a.id, c.plain.id])}`;
    expect(rows.every((r) => !r.networking && r.profile)).toBe(true);
    expect((await audits(c.id, "participant.networking_toggle")).map((x) => x.targetId).sort()).toEqual([a.id, c.plain.id].sort());
    const profile = await bulk(c.admin, { action: "profile", ids: [a.id], shouldDisable: true });
    expect(profile.body.done).toBe(1);
    expect(await env.db`select 1 from directory_entries where participant_id = ${a.id}`).toHaveLength(0);
    const back = await bulk(c.admin, { action: "profile", ids: [a.id, c.plain.id], shouldDisable: false });
    expect(back.body).toEqual({ done: 1, unchanged: 1, failed: [] });
    const mod = await bulk(c.moderator, { action: "profile", ids: [a.id], shouldDisable: true });
    expect([mod.status, mod.body.msg]).toEqual([403, "Only the community's admins can do this"]);
    const member403 = await bulk(c.plain, { action: "moderate", ids: [a.id], moderationStatus: "confirmed" });
    expect([member403.status, member403.body.msg]).toEqual([403, "You have no permission to access moderation features"]);
    expect((await bulk(c.otherAdmin, { action: "profile", ids: [a.id], shouldDisable: true }, c.id)).status).toBe(401);
    // Another community's admin on its own host: this community's member is not found there.
    const cross = await bulk(c.otherAdmin, { action: "profile", ids: [a.id], shouldDisable: true });
    expect(cross.body).toMatchObject({ done: 0, failed: [{ id: a.id, msg: "Participant not found" }] });
  });

  it("refuses bad input with 400", async () => {
    const c = await cast();
    for (const body of [
      { action: "moderate", ids: [c.plain.id], moderationStatus: "confirmed", reason: "x" },
      { action: "moderate", ids: [], moderationStatus: "confirmed" },
      { action: "moderate", ids: ["nope"], moderationStatus: "confirmed" },
      { action: "moderate", ids: Array.from({ length: 501 }, () => c.plain.id), moderationStatus: "confirmed" },
      { action: "delete", ids: [c.plain.id] },
      { action: "profile", ids: [c.plain.id] },
      { action: "moderate", ids: [c.plain.id], moderationStatus: "rejected", reason: "x".repeat(501) },
    ]) {
      const res = await bulk(c.admin, body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.code]).toEqual([JSON.stringify(body).slice(0, 60), 400, 1001]);
    }
  });
});

describe("the CRM timeline's events", () => {
  it("lists the member's event participations: joined, pending (and why) and cancelled", async () => {
    const c = await cast();
    const admin: Who = { ...c.admin, id: c.admin.id } as Who;
    const a: Who = { ...(await member(env, c.id, { firstName: "Eve" })) } as Who;
    const open = await makeEvent(env, admin, { title: "Open meetup" });
    const approval = await makeEvent(env, admin, { title: "Closed dinner", approvalRequired: true });
    const cancelled = await makeEvent(env, admin, { title: "Hack night" });
    const ev = eventsApi(env);
    for (const id of [open, approval, cancelled]) expect((await ev.join(a, id)).status).toBeLessThan(300);
    expect((await ev.cancel(a, cancelled)).status).toBeLessThan(300);
    // Another member's participation is not on Eve's timeline.
    await ev.join(c.plain as unknown as Who, open);
    const res = await call(c.admin, "GET", `/api/console/participants/${a.id}`);
    expect(res.status).toBe(200);
    const events = res.body.timeline.filter((e: { kind: string }) => e.kind === "event");
    const byTitle = Object.fromEntries(events.map((e: { text: string; data: Record<string, unknown> }) => [e.text, e.data]));
    expect(Object.keys(byTitle).sort()).toEqual(["Closed dinner", "Hack night", "Open meetup"]);
    expect(byTitle["Open meetup"]).toMatchObject({ eventId: open, status: "CONFIRMED", pendingReason: null });
    expect(byTitle["Closed dinner"]).toMatchObject({ eventId: approval, status: "PENDING", pendingReason: "APPROVAL" });
    expect(byTitle["Hack night"]).toMatchObject({ eventId: cancelled, status: "CANCELLED" });
    // The timeline stays newest first with the events in it.
    const ats = res.body.timeline.map((e: { at: string }) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
  });
});

