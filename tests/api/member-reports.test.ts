/**
 * Issue 27 item 6: in-app reports about members. A member reports another member of the same
 * community (one open report per pair); moderators and admins resolve from the queue with
 * dismiss, hide or block, audited, and each reporter gets an in-app notice that says only
 * "reviewed". Cross-tenant ids are 404, another community's session 401.
 */
import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { type Member, member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();

let n = 0;
async function cast() {
  n += 1;
  const id = `rep${n}`;
  const other = `repx${n}`;
  await env.addTenants(
    { version: 1, id, domain: `${id}.test.example`, title: `Rep ${n}`, lang: "en", langChoices: ["en", "ru"], transparent: true, authConfig: [{ authType: "EMAIL" }], senderEmail: `hi@${id}.test.example`, brandConfig: { title: `Rep${n}` } },
    { version: 1, id: other, domain: `${other}.test.example`, title: `Other ${n}`, lang: "en", langChoices: ["en"], transparent: true, authConfig: [{ authType: "EMAIL" }], senderEmail: `hi@${other}.test.example`, brandConfig: { title: `Other${n}` } },
  );
  const admin = await member(env, id, { firstName: "Ada", lastName: "Admin" }, "admin");
  const moderator = await member(env, id, { firstName: "Mo", lastName: "Derator" }, "moderator");
  const reporter = await member(env, id, { firstName: "Rita", lastName: "Reporter" });
  const second = await member(env, id, { firstName: "Sam", lastName: "Second" });
  const bad = await member(env, id, { firstName: "Bob", lastName: "Bad" });
  const stranger = await member(env, other, { firstName: "Otto", lastName: "Other" });
  const otherMod = await member(env, other, { firstName: "Olga", lastName: "Othermod" }, "moderator");
  return { id, other, admin, moderator, reporter, second, bad, stranger, otherMod };
}

const call = (who: Pick<Member, "token" | "tenant">, method: string, path: string, body?: unknown, tenant = who.tenant) =>
  env.request(method, path, { tenant, token: who.token, ...(body === undefined ? {} : { body }) });

type Report = { id: string; status: string; action: string | null; reported: { id: string; profileEnabled: boolean; moderationStatus: string; openReports: number }; reporter: { id: string } };

async function notices(who: Member) {
  const res = await call(who, "GET", "/api/notifications");
  expect(res.status).toBe(200);
  return (res.body as { items: { type: string; data: Record<string, unknown> }[] }).items.filter((i) => i.type === "REPORT_REVIEWED");
}

async function listed(c: Awaited<ReturnType<typeof cast>>, id: string) {
  const res = await call(c.admin, "GET", `/api/community/${c.id}/participants-list?search=${encodeURIComponent("Bad")}`);
  expect(res.status).toBe(200);
  return JSON.stringify(res.body).includes(id);
}

describe("member reports", () => {
  it("reports a member once; a second report answers the open one; self and bad input are 400", async () => {
    const c = await cast();
    const first = await call(c.reporter, "POST", "/api/reports", { reportedId: c.bad.id, reason: "SPAM", note: "  Sells things  " });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reportedId: c.bad.id, reason: "SPAM", note: "Sells things", status: "OPEN" });
    const again = await call(c.reporter, "POST", "/api/reports", { reportedId: c.bad.id, reason: "FAKE" });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: (first.body as { id: string }).id, reason: "SPAM" });
    const [count] = await env.db<{ n: number }[]>`select count(*)::int as n from member_reports where community_id = ${c.id}`;
    expect(count?.n).toBe(1);

    const self = await call(c.reporter, "POST", "/api/reports", { reportedId: c.reporter.id, reason: "OTHER" });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 1001 });
    for (const body of [{ reportedId: c.bad.id, reason: "RUDE" }, { reportedId: c.bad.id, reason: "OTHER", note: "x".repeat(1001) }, { reportedId: c.bad.id, reason: "OTHER", extra: 1 }]) {
      const res = await call(c.second, "POST", "/api/reports", body);
      expect(res.status).toBe(400);
      expect(typeof (res.body as { msg: string }).msg).toBe("string");
    }
  });

  it("keeps communities apart: another community's member is a 404, its session a 401, a member sees no queue", async () => {
    const c = await cast();
    const cross = await call(c.reporter, "POST", "/api/reports", { reportedId: c.stranger.id, reason: "SPAM" });
    expect(cross.status).toBe(404);
    expect(cross.body).toMatchObject({ code: 1002 });
    const created = await call(c.reporter, "POST", "/api/reports", { reportedId: c.bad.id, reason: "HARASSMENT" });
    const reportId = (created.body as { id: string }).id;
    // Another community's session on this community's domain.
    expect((await call(c.stranger, "POST", "/api/reports", { reportedId: c.bad.id, reason: "SPAM" }, c.id)).status).toBe(401);
    expect((await call(c.otherMod, "GET", "/api/report-moderation", undefined, c.id)).status).toBe(401);
    // Another community's moderator on their own domain does not see this community's report.
    expect((await call(c.otherMod, "GET", `/api/report-moderation/${reportId}`)).status).toBe(404);
    expect((await call(c.otherMod, "POST", `/api/report-moderation/${reportId}/resolve`, { action: "DISMISS" })).status).toBe(404);
    const otherQueue = await call(c.otherMod, "GET", "/api/report-moderation");
    expect((otherQueue.body as { total: number }).total).toBe(0);
    // A member has no queue.
    const denied = await call(c.reporter, "GET", "/api/report-moderation");
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 1005 });
    expect((await call(c.reporter, "POST", `/api/report-moderation/${reportId}/resolve`, { action: "DISMISS" })).status).toBe(403);
    expect((await env.request("GET", "/api/report-moderation", { tenant: c.id })).status).toBe(401);
  });

  it("dismisses one report: audited, only the reporter is told it was reviewed, the member is untouched", async () => {
    const c = await cast();
    const a = await call(c.reporter, "POST", "/api/reports", { reportedId: c.bad.id, reason: "SPAM" });
    await call(c.second, "POST", "/api/reports", { reportedId: c.bad.id, reason: "FAKE" });
    const queue = await call(c.moderator, "GET", "/api/report-moderation?status=OPEN");
    expect(queue.status).toBe(200);
    const page = queue.body as { items: Report[]; total: number };
    expect(page.total).toBe(2);
    expect(page.items[0]?.reported).toMatchObject({ id: c.bad.id, openReports: 2, profileEnabled: true });
    const id = (a.body as { id: string }).id;
    const res = await call(c.moderator, "POST", `/api/report-moderation/${id}/resolve`, { action: "DISMISS" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "RESOLVED", action: "DISMISS", reported: { profileEnabled: true, moderationStatus: "confirmed", openReports: 1 } });
    // The same decision again changes nothing; another one is a conflict.
    expect((await call(c.moderator, "POST", `/api/report-moderation/${id}/resolve`, { action: "DISMISS" })).status).toBe(200);
    const change = await call(c.moderator, "POST", `/api/report-moderation/${id}/resolve`, { action: "BLOCK" });
    expect(change.status).toBe(409);
    expect(change.body).toMatchObject({ code: 1003 });

    const audit = await env.db<{ action: string; targetId: string; after: Record<string, unknown> }[]>`
      select action, target_id as "targetId", after from audit_events where community_id = ${c.id} and action = 'member_report.resolve'`;
    expect(audit).toEqual([expect.objectContaining({ targetId: id, after: expect.objectContaining({ action: "DISMISS", resolvedReportIds: [id] }) })]);
    const told = await notices(c.reporter);
    expect(told).toHaveLength(1);
    // The notice names the report only: nothing of what was done to the other member.
    expect(told[0]?.data).toEqual({ reportId: id });
    expect(await notices(c.second)).toHaveLength(0);
    expect((await call(c.moderator, "GET", "/api/report-moderation?status=RESOLVED")).body).toMatchObject({ total: 1 });
    // The reporter may report again once the first report is closed.
    expect((await call(c.reporter, "POST", "/api/reports", { reportedId: c.bad.id, reason: "OTHER" })).status).toBe(201);
  });

  it("hides the member: the profile leaves the directory, every open report about them closes, each reporter is told", async () => {
    const c = await cast();
    expect(await listed(c, c.bad.id)).toBe(true);
    const a = await call(c.reporter, "POST", "/api/reports", { reportedId: c.bad.id, reason: "INAPPROPRIATE" });
    await call(c.second, "POST", "/api/reports", { reportedId: c.bad.id, reason: "SPAM" });
    const id = (a.body as { id: string }).id;
    const res = await call(c.moderator, "POST", `/api/report-moderation/${id}/resolve`, { action: "HIDE" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "RESOLVED", action: "HIDE", reported: { profileEnabled: false, openReports: 0 } });
    expect(await listed(c, c.bad.id)).toBe(false);
    expect(await notices(c.reporter)).toHaveLength(1);
    expect(await notices(c.second)).toHaveLength(1);
    const [audit] = await env.db<{ before: Record<string, unknown>; after: Record<string, unknown> }[]>`
      select before, after from audit_events where community_id = ${c.id} and action = 'member_report.resolve'`;
    expect(audit?.before).toMatchObject({ profileEnabled: true });
    expect(audit?.after).toMatchObject({ profileEnabled: false, action: "HIDE" });
  });

  it("blocks the member (rejected); a moderator cannot hide or block the staff, an admin can", async () => {
    const c = await cast();
    const a = await call(c.reporter, "POST", "/api/reports", { reportedId: c.bad.id, reason: "HARASSMENT" });
    const blocked = await call(c.admin, "POST", `/api/report-moderation/${(a.body as { id: string }).id}/resolve`, { action: "BLOCK" });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ action: "BLOCK", reported: { moderationStatus: "rejected" } });
    const profile = await call(c.bad, "GET", "/api/participant/profile");
    expect(profile.body).toMatchObject({ moderationStatus: "rejected" });

    const onStaff = await call(c.reporter, "POST", "/api/reports", { reportedId: c.admin.id, reason: "OTHER" });
    const staffId = (onStaff.body as { id: string }).id;
    expect((await call(c.moderator, "POST", `/api/report-moderation/${staffId}/resolve`, { action: "HIDE" })).status).toBe(403);
    // An admin cannot act on their own profile; dismissing a report about them is allowed.
    expect((await call(c.admin, "POST", `/api/report-moderation/${staffId}/resolve`, { action: "BLOCK" })).status).toBe(400);
    const onMod = await call(c.reporter, "POST", "/api/reports", { reportedId: c.moderator.id, reason: "OTHER" });
    const hidden = await call(c.admin, "POST", `/api/report-moderation/${(onMod.body as { id: string }).id}/resolve`, { action: "HIDE" });
    expect(hidden.status).toBe(200);
    expect((await call(c.admin, "POST", `/api/report-moderation/${staffId}/resolve`, { action: "DISMISS" })).status).toBe(200);
  });
});
