/**
 * Issue 27 item 6: disabling an account from the console (POST /admin/participants/{id}/account).
 * A disabled user cannot sign in (a clear {code, msg}) and every session of theirs ends at once;
 * audited; enabled again by the same action. Another community's ids are 404, its session 401.
 */
import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createMember } from "../support/users.ts";
import { type Member, member } from "./matching-api-helpers.ts";
import { FAST, serve, stompConnect, wsUrl } from "./stomp-helpers.ts";

const env = await testEnvForFile();

let n = 0;
async function cast() {
  n += 1;
  const id = `dis${n}`;
  const other = `disx${n}`;
  await env.addTenants(
    { version: 1, id, domain: `${id}.test.example`, title: `Dis ${n}`, lang: "en", langChoices: ["en"], transparent: true, authConfig: [{ authType: "EMAIL" }], senderEmail: `hi@${id}.test.example`, brandConfig: { title: `Dis${n}` } },
    { version: 1, id: other, domain: `${other}.test.example`, title: `Other ${n}`, lang: "en", langChoices: ["en"], transparent: true, authConfig: [{ authType: "EMAIL" }], senderEmail: `hi@${other}.test.example`, brandConfig: { title: `Other${n}` } },
  );
  const admin = await member(env, id, { firstName: "Ada", lastName: "Admin" }, "admin");
  const moderator = await member(env, id, { firstName: "Mo", lastName: "Derator" }, "moderator");
  const target = await member(env, id, { firstName: "Tim", lastName: "Target" });
  const otherAdmin = await member(env, other, { firstName: "Otto", lastName: "Other" }, "admin");
  return { id, other, admin, moderator, target, otherAdmin };
}

const call = (who: Pick<Member, "token" | "tenant">, method: string, path: string, body?: unknown, tenant = who.tenant) =>
  env.request(method, path, { tenant, token: who.token, ...(body === undefined ? {} : { body }) });
const login = (tenant: string, who: Member) => env.request("POST", "/api/auth/login", { tenant, body: { authType: "EMAIL", email: who.email, password: who.password } });

describe("disabling an account", () => {
  it("disables: sessions end at once, sign-in is refused with a clear message; audited; enabled again signs in", async () => {
    const c = await cast();
    expect((await call(c.target, "GET", "/api/current-user")).status).toBe(200);
    const res = await call(c.admin, "POST", `/api/admin/participants/${c.target.id}/account`, { enabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: c.target.user.id, enabled: false, changed: true });
    // The open session is gone.
    expect((await call(c.target, "GET", "/api/current-user")).status).toBe(401);
    const [sessions] = await env.db<{ n: number }[]>`select count(*)::int as n from sessions where user_id = ${c.target.user.id}`;
    expect(sessions?.n).toBe(0);
    const refused = await login(c.id, c.target);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 1005, msg: "This account is disabled" });
    // Again: nothing changes, nothing more is audited.
    expect((await call(c.admin, "POST", `/api/admin/participants/${c.target.id}/account`, { enabled: false })).body).toMatchObject({ changed: false });
    const audit = await env.db<{ action: string; targetId: string }[]>`
      select action, target_id as "targetId" from audit_events where community_id = ${c.id} and action like 'user.%' order by id`;
    expect(audit).toEqual([{ action: "user.disable", targetId: c.target.user.id }]);

    const back = await call(c.admin, "POST", `/api/admin/participants/${c.target.id}/account`, { enabled: true });
    expect(back.body).toMatchObject({ enabled: true, changed: true });
    expect((await login(c.id, c.target)).status).toBe(200);
  });

  it("ends the member's open socket saying the account was disabled; a sign-out still says the session ended", async () => {
    const c = await cast();
    const served = await serve(env, FAST);
    try {
      const bystander = await member(env, c.id, { firstName: "Bea", lastName: "Bystander" });
      const open = await stompConnect(wsUrl(served, c.id, c.target.token));
      const other = await stompConnect(wsUrl(served, c.id, bystander.token));
      expect((await call(c.admin, "POST", `/api/admin/participants/${c.target.id}/account`, { enabled: false })).status).toBe(200);
      await open.closed;
      expect(open.errors.map((e) => e.headers.message)).toEqual(["Account disabled"]);
      // Someone else's socket, ended by their own sign-out, is told the session ended.
      expect((await call(bystander, "POST", "/api/auth/logout")).status).toBeLessThan(300);
      await other.closed;
      expect(other.errors.map((e) => e.headers.message)).toEqual(["Session ended"]);
    } finally {
      await served.close();
    }
  });

  it("is for this community's admins: member/moderator 403, own account 400, another community's id 404 and session 401", async () => {
    const c = await cast();
    const path = `/api/admin/participants/${c.target.id}/account`;
    expect((await call(c.moderator, "POST", path, { enabled: false })).status).toBe(403);
    expect((await call(c.target, "POST", `/api/admin/participants/${c.moderator.id}/account`, { enabled: false })).status).toBe(403);
    const self = await call(c.admin, "POST", `/api/admin/participants/${c.admin.id}/account`, { enabled: false });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 1001 });
    // Another community's admin: this community's id is unknown there; on this domain the session is worth nothing.
    const cross = await call(c.otherAdmin, "POST", path, { enabled: false });
    expect(cross.status).toBe(404);
    expect(cross.body).toMatchObject({ code: 1002 });
    expect((await call(c.otherAdmin, "POST", path, { enabled: false }, c.id)).status).toBe(401);
    expect((await call(c.admin, "POST", path, { enabled: "no" })).status).toBe(400);
    const [row] = await env.db<{ enabled: boolean }[]>`select enabled from users where id = ${c.target.user.id}`;
    expect(row?.enabled).toBe(true);
  });

  it("leaves an account that is in other communities too to platform operators", async () => {
    const c = await cast();
    const both = await createMember(env, { tenant: c.id, role: "member" });
    await env.db`insert into participants (community_id, user_id, first_name, last_name, moderation_status)
      select ${c.other}, user_id, first_name, last_name, moderation_status from participants where community_id = ${c.id} and user_id = ${both.user.id}`;
    const res = await call(c.admin, "POST", `/api/admin/participants/${both.participantId}/account`, { enabled: false });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 1005 });
  });
});
