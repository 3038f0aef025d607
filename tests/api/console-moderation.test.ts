/**
 * Issue 14, point 1: participant moderation, the admin's member tools, the analytics charts and
 * the console's simple-REST members list, with the permission matrix (member, moderator, admin of
 * this community, admin of another community, operator) and cross-tenant answers.
 */
import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { type CreatedUser, createMember } from "../support/users.ts";
import { arrangeMatch, type Member, member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();

let n = 0;
/** A fresh community per test: its admin, moderator, a member, the admin of another community and an operator. */
async function cast() {
  n += 1;
  const id = `mod${n}`;
  const other = `modx${n}`;
  await env.addTenants(
    { version: 1, id, domain: `${id}.test.example`, title: `Mod ${n}`, lang: "en", langChoices: ["en", "ru"], transparent: true, authConfig: [{ authType: "EMAIL" }], senderEmail: `hi@${id}.test.example`, brandConfig: { title: `Mod${n}` } },
    { version: 1, id: other, domain: `${other}.test.example`, title: `Other ${n}`, lang: "en", langChoices: ["en"], transparent: true, authConfig: [{ authType: "EMAIL" }], senderEmail: `hi@${other}.test.example`, brandConfig: { title: `Other${n}` } },
  );
  const admin = await member(env, id, { firstName: "Ada", lastName: "Admin" }, "admin");
  const moderator = await member(env, id, { firstName: "Mo", lastName: "Derator" }, "moderator");
  const plain = await member(env, id, { firstName: "Max", lastName: "Member" });
  const otherAdmin = await member(env, other, { firstName: "Otto", lastName: "Other" }, "admin");
  const operatorUser = await createMember(env, { tenant: id, role: null, operator: true });
  const operator = { ...operatorUser, id: "", tenant: id } as Member;
  return { id, other, admin, moderator, plain, otherAdmin, operator };
}

type Caller = Pick<CreatedUser, "token"> & { tenant: string };
const call = (who: Caller, method: string, path: string, body?: unknown, tenant = who.tenant) =>
  env.request(method, path, { tenant, token: who.token, ...(body === undefined ? {} : { body }) });

async function auditActions(communityId: string, prefix: string) {
  return env.db<{ action: string; targetId: string | null; after: Record<string, unknown> }[]>`
    select action, target_id as "targetId", after from audit_events where community_id = ${communityId} and action like ${`${prefix}%`} order by id`;
}

describe("moderation", () => {
  it("lists the community's members 20 a page, newest first, with search and a status filter", async () => {
    const c = await cast();
    const pending = await member(env, c.id, { firstName: "Pia", lastName: "Pending", status: "pending" });
    for (let i = 0; i < 20; i += 1) await member(env, c.id, { firstName: `Bulk${i}`, lastName: "Person" });
    const first = await call(c.moderator, "GET", `/api/participant-moderation/community/${c.id}`);
    expect(first.status).toBe(200);
    expect(first.body.size).toBe(20);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.total).toBe(24);
    expect(first.body.hasMore).toBe(true);
    const second = await call(c.moderator, "GET", `/api/participant-moderation/community/${c.id}?page=1`);
    expect(second.body.items).toHaveLength(4);
    expect(second.body.hasMore).toBe(false);
    const only = await call(c.moderator, "GET", `/api/participant-moderation/community/${c.id}?status=pending`);
    expect(only.body.items.map((i: { id: string }) => i.id)).toEqual([pending.id]);
    const found = await call(c.admin, "GET", `/api/participant-moderation/community/${c.id}?search=pia`);
    expect(found.body.items.map((i: { id: string }) => i.id)).toEqual([pending.id]);
    expect(found.body.items[0]).toMatchObject({ firstName: "Pia", moderationStatus: "pending", email: pending.email, moderationReason: null });
    const bad = await call(c.moderator, "GET", `/api/participant-moderation/community/${c.id}?status=weird&size=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1001);
  });

  it("confirms a pending member: audited, the member is told by e-mail, the profile shows confirmed", async () => {
    const c = await cast();
    const p = await member(env, c.id, { firstName: "Pia", status: "pending" });
    const res = await call(c.moderator, "PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "confirmed" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, moderationStatus: "confirmed", moderationReason: null });
    const profile = await call(p, "GET", "/api/participant/profile");
    expect(profile.body).toMatchObject({ moderationStatus: "confirmed", moderationReason: null });
    const mail = await env.mailTo(p.email);
    expect(mail[0]?.subject).toBe(`Welcome to Mod${n}: your profile is confirmed`);
    expect(await auditActions(c.id, "participant.moderate")).toEqual([
      expect.objectContaining({ targetId: p.id, after: { moderationStatus: "confirmed", moderationReason: null } }),
    ]);
    // The same decision again changes nothing and mails nothing.
    await call(c.moderator, "PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "CONFIRMED" });
    expect(await env.mailTo(p.email)).toHaveLength(1);
    expect(await auditActions(c.id, "participant.moderate")).toHaveLength(1);
  });

  it("rejects with a reason the member sees, and mails it in the member's language", async () => {
    const c = await cast();
    const p = await member(env, c.id, { firstName: "Rita", status: "pending", language: "ru" });
    const res = await call(c.admin, "PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "rejected", reason: "Please add your company" });
    expect(res.status).toBe(200);
    const profile = await call(p, "GET", "/api/participant/profile");
    expect(profile.body).toMatchObject({ moderationStatus: "rejected", moderationReason: "Please add your company" });
    const [mail] = await env.mailTo(p.email);
    expect(mail?.lang).toBe("ru");
    expect(mail?.subject).toBe(`Ваш профиль в Mod${n} не одобрен`);
    expect(mail?.text).toContain("Причина: Please add your company");
    // A later confirmation clears the reason.
    await call(c.admin, "PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "confirmed" });
    expect((await call(p, "GET", "/api/participant/profile")).body.moderationReason).toBeNull();
  });

  it("refuses bad decisions with 400 and unknown or other communities' members with 404", async () => {
    const c = await cast();
    const p = await member(env, c.id, { status: "pending" });
    const foreign = await member(env, c.other, { status: "pending" });
    expect((await call(c.admin, "PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "maybe" })).status).toBe(400);
    expect((await call(c.admin, "PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "confirmed", reason: "x" })).status).toBe(400);
    expect((await call(c.admin, "PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "rejected", reason: "x".repeat(501) })).status).toBe(400);
    expect((await call(c.admin, "PATCH", "/api/participant-moderation/not-a-uuid", { moderationStatus: "confirmed" })).status).toBe(400);
    const cross = await call(c.admin, "PATCH", `/api/participant-moderation/${foreign.id}`, { moderationStatus: "confirmed" });
    expect(cross.status).toBe(404);
    const [row] = await env.db<{ s: string }[]>`select moderation_status as s from participants where id = ${foreign.id}`;
    expect(row?.s).toBe("pending");
    // Another community's admin, on this community's ids, in its own community: 404.
    expect((await call(c.otherAdmin, "GET", `/api/participant-moderation/community/${c.id}`)).status).toBe(404);
    expect((await call(c.otherAdmin, "PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "confirmed" })).status).toBe(404);
  });

  it("moderators moderate members only; nobody moderates their own profile", async () => {
    const c = await cast();
    const own = await call(c.moderator, "PATCH", `/api/participant-moderation/${c.moderator.id}`, { moderationStatus: "rejected" });
    expect(own.status).toBe(400);
    const staff = await call(c.moderator, "PATCH", `/api/participant-moderation/${c.admin.id}`, { moderationStatus: "rejected" });
    expect([staff.status, staff.body.msg]).toEqual([403, "Only the community's admins can moderate its moderators and admins"]);
    expect((await call(c.admin, "PATCH", `/api/participant-moderation/${c.moderator.id}`, { moderationStatus: "pending" })).status).toBe(200);
    expect((await call(c.operator, "PATCH", `/api/participant-moderation/${c.admin.id}`, { moderationStatus: "confirmed" })).status).toBe(200);
  });

  it("lists the moderators: admins, then moderators", async () => {
    const c = await cast();
    const res = await call(c.moderator, "GET", "/api/participant-moderation/moderators");
    expect(res.status).toBe(200);
    expect(res.body.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      [c.admin.id, "admin"],
      [c.moderator.id, "moderator"],
    ]);
  });
});

describe("the permission matrix", () => {
  it("member 403 with the spec's message, moderator on moderation only, admin everywhere, another community's admin 401 here, operator passes", async () => {
    const c = await cast();
    const p = await member(env, c.id, { status: "pending" });
    const moderation = [
      ["GET", `/api/participant-moderation/community/${c.id}`],
      ["GET", "/api/participant-moderation/moderators"],
      ["PATCH", `/api/participant-moderation/${p.id}`, { moderationStatus: "pending" }],
      ["GET", "/api/console/participants"],
    ] as const;
    const admin = [
      ["GET", `/api/admin/stats/community/${c.id}/participants`],
      ["GET", `/api/admin/${c.id}/participants`],
      ["POST", `/api/admin/participants/${p.id}/notify`, { title: "Hi", message: "Hello" }],
      ["POST", "/api/admin/profile/toggle", { participantId: p.id, shouldDisable: false }],
      ["POST", "/api/admin/networking/toggle", { participantId: p.id, shouldDisable: false }],
      ["GET", `/api/charts/data?communityId=${c.id}`],
      ["GET", `/api/charts/distributions?communityId=${c.id}`],
      ["POST", `/api/admin/${c.id}/invitations`, { emails: ["matrix@example.org"] }],
      ["GET", `/api/admin/${c.id}/invitations`],
      ["GET", `/api/console/participants/${p.id}`],
      ["POST", `/api/console/participants/${p.id}/notes`, { text: "note" }],
    ] as const;
    for (const [method, path, body] of moderation) {
      const m = await call(c.plain, method, path, body);
      expect([path, m.status, m.body.msg]).toEqual([path, 403, "You have no permission to access moderation features"]);
      expect([path, (await call(c.moderator, method, path, body)).status]).toEqual([path, 200]);
      expect([path, (await call(c.admin, method, path, body)).status]).toEqual([path, 200]);
      expect([path, (await call(c.operator, method, path, body)).status]).toEqual([path, 200]);
      // Another community's session on this community's host: 401.
      expect([path, (await call(c.otherAdmin, method, path, body, c.id)).status]).toEqual([path, 401]);
    }
    for (const [method, path, body] of admin) {
      expect([path, (await call(c.plain, method, path, body)).status]).toEqual([path, 403]);
      const mod = await call(c.moderator, method, path, body);
      expect([path, mod.status, mod.body.msg]).toEqual([path, 403, "Only the community's admins can do this"]);
      expect([path, (await call(c.admin, method, path, body)).status]).toEqual([path, 200]);
      expect([path, (await call(c.operator, method, path, body)).status]).toEqual([path, 200]);
      expect([path, (await call(c.otherAdmin, method, path, body, c.id)).status]).toEqual([path, 401]);
    }
    // No session at all: 401.
    expect((await env.request("GET", "/api/participant-moderation/moderators", { tenant: c.id })).status).toBe(401);
  });
});

describe("admin tools", () => {
  it("counts the community's participants", async () => {
    const c = await cast();
    await member(env, c.id, { status: "pending" });
    await member(env, c.id, { status: "rejected", complete: false });
    const res = await call(c.admin, "GET", `/api/admin/stats/community/${c.id}/participants`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 5,
      byStatus: { pending: 1, confirmed: 3, rejected: 1 },
      byRole: { member: 3, moderator: 1, admin: 1 },
      profileCompleted: 4,
      profileDisabled: 0,
      networkingDisabled: 0,
      joinedLast7Days: 5,
    });
    expect((await call(c.otherAdmin, "GET", `/api/admin/stats/community/${c.id}/participants`)).status).toBe(404);
  });

  it("lists participants with search and, when asked, their profile texts", async () => {
    const c = await cast();
    await member(env, c.id, { firstName: "Zora", about: "Builds boats" });
    const res = await call(c.admin, "GET", `/api/admin/${c.id}/participants?search=zora&profiles=true`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].profile).toMatchObject({ about: "Builds boats" });
    const plain = await call(c.admin, "GET", `/api/admin/${c.id}/participants?size=2`);
    expect(plain.body.items).toHaveLength(2);
    expect(plain.body.items[0].profile).toBeUndefined();
    expect(plain.body.total).toBe(4);
    expect((await call(c.admin, "GET", `/api/admin/${c.id}/participants?profiles=yes`)).status).toBe(400);
    expect((await call(c.otherAdmin, "GET", `/api/admin/${c.id}/participants`)).status).toBe(404);
  });

  it("mails one member in the community's branding, audited", async () => {
    const c = await cast();
    const res = await call(c.admin, "POST", `/api/admin/participants/${c.plain.id}/notify`, { title: "Meetup on Friday", message: "Join us.\n\nBring a friend." });
    expect(res.status).toBe(200);
    const [mail] = await env.mailTo(c.plain.email);
    expect(mail?.subject).toBe("Meetup on Friday");
    expect(mail?.text).toContain("Bring a friend.");
    expect(await auditActions(c.id, "participant.notify")).toHaveLength(1);
    const foreign = await member(env, c.other);
    expect((await call(c.admin, "POST", `/api/admin/participants/${foreign.id}/notify`, { title: "x", message: "y" })).status).toBe(404);
    expect((await call(c.admin, "POST", `/api/admin/participants/${c.plain.id}/notify`, { title: "", message: "y" })).status).toBe(400);
  });

  it("toggles a member's profile and networking off and on, audited once per change", async () => {
    const c = await cast();
    const off = await call(c.admin, "POST", "/api/admin/profile/toggle", { participantId: c.plain.id, shouldDisable: true });
    expect(off.body).toEqual({ participantId: c.plain.id, profileEnabled: false, networkingEnabled: true });
    // A disabled profile is hidden from the directory.
    const listed = await env.db`select 1 from directory_entries where participant_id = ${c.plain.id}`;
    expect(listed).toHaveLength(0);
    await call(c.admin, "POST", "/api/admin/profile/toggle", { participantId: c.plain.id, shouldDisable: true });
    const net = await call(c.admin, "POST", "/api/admin/networking/toggle", { participantId: c.plain.id, shouldDisable: true });
    expect(net.body).toEqual({ participantId: c.plain.id, profileEnabled: false, networkingEnabled: false });
    const on = await call(c.admin, "POST", "/api/admin/profile/toggle", { participantId: c.plain.id, shouldDisable: false });
    expect(on.body.profileEnabled).toBe(true);
    expect((await auditActions(c.id, "participant.")).map((a) => a.action)).toEqual([
      "participant.profile_toggle",
      "participant.networking_toggle",
      "participant.profile_toggle",
    ]);
    const foreign = await member(env, c.other);
    expect((await call(c.admin, "POST", "/api/admin/networking/toggle", { participantId: foreign.id, shouldDisable: true })).status).toBe(404);
    expect((await call(c.admin, "POST", "/api/admin/networking/toggle", { participantId: c.plain.id })).status).toBe(400);
  });
});

describe("charts", () => {
  it("gives weekly sign-ups, matches, meetings with their rating, the intro acceptance rate, the funnel, top tags and cities", async () => {
    const c = await cast();
    const a = await member(env, c.id, { firstName: "Ann", tags: ["fintech", "ai"], city: "Berlin" });
    const b = await member(env, c.id, { firstName: "Bob", tags: ["ai"], city: "berlin " });
    await arrangeMatch(env, c.id, a.id, b.id);
    await env.db`update matching_results set feedback_at = now(), meeting_score = 4 where community_id = ${c.id} and participant_id = ${a.id}`;
    await env.db`update matching_results set feedback_at = now(), meeting_score = 5 where community_id = ${c.id} and participant_id = ${b.id}`;
    await env.db`insert into intro_requests (community_id, from_participant_id, to_participant_id, message, status) values
      (${c.id}, ${a.id}, ${c.plain.id}, 'hi', 'ACCEPTED'), (${c.id}, ${b.id}, ${c.plain.id}, 'hi', 'DECLINED'), (${c.id}, ${b.id}, ${a.id}, 'hi', 'ACCEPTED')`;
    const data = await call(c.admin, "GET", `/api/charts/data?communityId=${c.id}&weeks=4`);
    expect(data.status).toBe(200);
    expect(data.body.weeks).toHaveLength(4);
    expect(data.body.signups.at(-1).count).toBe(5);
    expect(data.body.matches.at(-1).count).toBe(1);
    expect(data.body.meetings.at(-1)).toMatchObject({ held: 1, averageRating: 4.5 });
    expect(data.body.intros).toEqual({ sent: 3, accepted: 2, declined: 1, pending: 0, acceptanceRate: 0.67 });
    expect(data.body.meetingsTotal).toEqual({ held: 1, averageRating: 4.5 });
    const dist = await call(c.admin, "GET", `/api/charts/distributions?communityId=${c.id}`);
    expect(dist.status).toBe(200);
    expect(dist.body.funnel).toEqual([
      { step: "joined", count: 5 },
      { step: "answered", count: 0 },
      { step: "profileCompleted", count: 5 },
      { step: "confirmed", count: 5 },
      { step: "matched", count: 2 },
      { step: "met", count: 2 },
    ]);
    expect(dist.body.topTags.slice(0, 2)).toEqual([
      { tag: "ai", count: 2 },
      { tag: "fintech", count: 1 },
    ]);
    expect(dist.body.cities).toEqual([{ city: "Berlin", count: 2 }]);
    // A pair with no member rows yet (as the console's own matches make) counts in both charts alike.
    const [low = "", high = ""] = [a.id, c.plain.id].sort();
    await env.db`insert into matches (community_id, source, participant_low, participant_high, score) values (${c.id}, 'ADMIN', ${low}, ${high}, 0.5)`;
    const again = await call(c.admin, "GET", `/api/charts/data?communityId=${c.id}&weeks=4`);
    expect(again.body.matches.at(-1).count).toBe(2);
    const funnel = (await call(c.admin, "GET", `/api/charts/distributions?communityId=${c.id}`)).body.funnel;
    expect(funnel.find((f: { step: string }) => f.step === "matched")).toEqual({ step: "matched", count: 3 });
    expect((await call(c.admin, "GET", `/api/charts/data?communityId=${c.other}`)).status).toBe(404);
    expect((await call(c.admin, "GET", "/api/charts/data")).status).toBe(400);
    expect((await call(c.admin, "GET", `/api/charts/data?communityId=${c.id}&weeks=0`)).status).toBe(400);
  });
});

describe("the console's simple-REST members list and CRM", () => {
  it("answers sort, range and filter with a window and Content-Range", async () => {
    const c = await cast();
    const pend = await member(env, c.id, { firstName: "Pat", status: "pending" });
    const q = (s: Record<string, unknown>) => `/api/console/participants?${new URLSearchParams(Object.entries(s).map(([k, v]) => [k, JSON.stringify(v)]))}`;
    const res = await call(c.moderator, "GET", q({ sort: ["fullName", "ASC"], range: [0, 1] }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-range")).toBe("participants 0-1/4");
    expect(res.headers.get("access-control-expose-headers")).toBe("Content-Range");
    expect(res.body.map((m: { firstName: string }) => m.firstName)).toEqual(["Ada", "Max"]);
    const filtered = await call(c.moderator, "GET", q({ filter: { moderationStatus: "pending" } }));
    expect(filtered.body.map((m: { id: string }) => m.id)).toEqual([pend.id]);
    expect(filtered.headers.get("content-range")).toBe("participants 0-0/1");
    const many = await call(c.moderator, "GET", q({ filter: { id: [pend.id, c.admin.id] } }));
    expect(many.body).toHaveLength(2);
    for (const bad of [{ sort: ["password", "ASC"] }, { range: [5, 1] }, { filter: { nope: 1 } }]) {
      const r = await call(c.moderator, "GET", q(bad));
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(1001);
    }
    expect((await call(c.moderator, "GET", "/api/console/participants?sort=not-json")).status).toBe(400);
  });

  it("counts the total without deleted accounts, on full pages and past the end, in both orders", async () => {
    const c = await cast();
    const pend = await member(env, c.id, { firstName: "Pat", status: "pending" });
    const gone = await member(env, c.id, { firstName: "Gus" });
    await env.db`update users set deleted_at = now(), email = null where id = (select user_id from participants where id = ${gone.id})`;
    const q = (s: Record<string, unknown>) => `/api/console/participants?${new URLSearchParams(Object.entries(s).map(([k, v]) => [k, JSON.stringify(v)]))}`;
    // A full page counts; a short page is the end; past the end still names the total.
    expect((await call(c.moderator, "GET", q({ range: [0, 1] }))).headers.get("content-range")).toBe("participants 0-1/4");
    expect((await call(c.moderator, "GET", q({ range: [2, 9] }))).headers.get("content-range")).toBe("participants 2-3/4");
    const past = await call(c.moderator, "GET", q({ range: [10, 19] }));
    expect(past.body).toEqual([]);
    expect(past.headers.get("content-range")).toBe("participants 10-10/4");
    expect((await call(c.moderator, "GET", q({ range: [0, 0], filter: { moderationStatus: "pending" } }))).headers.get("content-range")).toBe("participants 0-0/1");
    const found = await call(c.moderator, "GET", q({ range: [0, 0], filter: { q: "pat" } }));
    expect(found.status).toBe(200);
    expect(found.body.map((m: { id: string }) => m.id)).toEqual([pend.id]);
    expect(found.headers.get("content-range")).toBe("participants 0-0/1");
    const searchPage = await call(c.moderator, "GET", q({ range: [0, 0], filter: { q: "e" } }));
    expect(searchPage.status).toBe(200);
    expect(searchPage.headers.get("content-range")).toMatch(/^participants 0-0\/\d+$/);
    const newest = await call(c.moderator, "GET", q({ sort: ["createdAt", "DESC"], range: [0, 9] }));
    const oldest = await call(c.moderator, "GET", q({ sort: ["createdAt", "ASC"], range: [0, 9] }));
    expect(newest.body.map((m: { id: string }) => m.id)).toEqual([...oldest.body.map((m: { id: string }) => m.id)].reverse());
    expect(newest.body.map((m: { id: string }) => m.id)).not.toContain(gone.id);
    expect(newest.body[0].id).toBe(pend.id);
    const byName = await call(c.moderator, "GET", q({ sort: ["fullName", "DESC"], range: [0, 9] }));
    const names = byName.body.map((m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`.trim());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it("shows a member's timeline: joined, answers, moderation, matches, meetings, intros and admin notes", async () => {
    const c = await cast();
    const a = await member(env, c.id, { firstName: "Ann", status: "pending" });
    await call(c.admin, "PATCH", `/api/participant-moderation/${a.id}`, { moderationStatus: "confirmed" });
    await arrangeMatch(env, c.id, a.id, c.plain.id);
    await env.db`update matching_results set feedback_at = now(), meeting_score = 5 where community_id = ${c.id} and participant_id = ${a.id}`;
    await env.db`insert into intro_requests (community_id, from_participant_id, to_participant_id, message) values (${c.id}, ${a.id}, ${c.moderator.id}, 'hi')`;
    const note = await call(c.admin, "POST", `/api/console/participants/${a.id}/notes`, { text: "Met at the conference" });
    expect(note.status).toBe(200);
    const res = await call(c.admin, "GET", `/api/console/participants/${a.id}`);
    expect(res.status).toBe(200);
    const kinds = res.body.timeline.map((e: { kind: string }) => e.kind);
    expect(new Set(kinds)).toEqual(new Set(["joined", "moderation", "match", "meeting", "intro", "note"]));
    // The meeting names the other member in its data too: the console writes its own words around it.
    const meeting = res.body.timeline.find((e: { kind: string }) => e.kind === "meeting");
    const matched = res.body.timeline.find((e: { kind: string }) => e.kind === "match");
    expect(meeting.data).toMatchObject({ subjectName: matched.text, score: 5, noMeeting: false });
    expect(res.body.notes[0]).toMatchObject({ text: "Met at the conference", authorEmail: c.admin.email });
    expect(await auditActions(c.id, "participant.note")).toHaveLength(1);
    const foreign = await member(env, c.other);
    expect((await call(c.admin, "GET", `/api/console/participants/${foreign.id}`)).status).toBe(404);
    expect((await call(c.admin, "POST", `/api/console/participants/${foreign.id}/notes`, { text: "x" })).status).toBe(404);
    expect((await call(c.admin, "POST", `/api/console/participants/${a.id}/notes`, { text: "  " })).status).toBe(400);
  });
});
