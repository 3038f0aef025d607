import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyTenants, createCommunityAdmin, TenantConfigSchema } from "@tuesday/platform";
import { createTestEnv, OPERATOR, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";
import { expectError, type Member, member } from "./matching-api-helpers.ts";
import { ctxFor } from "./matching-weekly-helpers.ts";

let env: TestEnv;
let admin: Member;
let moderator: Member;
let plain: Member;
let ann: Member;
let bob: Member;
let betaAdmin: Member;

beforeAll(async () => {
  env = await createTestEnv();
  await env.addTenants(tenantFixture("aud"));
  admin = await member(env, "aud", { firstName: "Ada" }, "admin");
  moderator = await member(env, "aud", { firstName: "Mo" }, "moderator");
  plain = await member(env, "aud", { firstName: "Plain" });
  ann = await member(env, "aud", { firstName: "Ann", tags: ["Climate"] });
  bob = await member(env, "aud", { firstName: "Bob", tags: ["Climate"] });
  betaAdmin = await member(env, "beta", { firstName: "Beta" }, "admin");
});
afterAll(async () => env?.close());

const events = (m: Member, query = "", community = m.tenant) =>
  env.request("GET", `/api/admin/${community}/audit-events${query}`, { tenant: m.tenant, token: m.token });
const score = (m: Member, a: Member, b: Member, value: number) =>
  env.request("POST", `/api/admin/pairs/${a.id}/score`, { tenant: m.tenant, token: m.token, body: { subjectId: b.id, internalAdminScore: value } });

describe("audit events", () => {
  it("a pair score records who changed what from what, in the request that did it", async () => {
    const first = await score(moderator, ann, bob, 7);
    expect(first.status).toBe(200);
    const second = await score(admin, bob, ann, 3);
    expect(second.status).toBe(200);

    const res = await events(admin, "?action=pair_score.set");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const [latest, earlier] = res.body.items;
    const pair = [ann.id, bob.id].sort().join(":");
    expect(latest).toMatchObject({
      communityId: "aud",
      // Who, as people read it: the name in this community and the account's e-mail.
      actor: { kind: "user", userId: admin.user.id, name: "Ada Member", email: admin.user.email },
      action: "pair_score.set",
      target: { type: "participant_pair", id: pair },
      before: { internalAdminScore: 7 },
      after: { internalAdminScore: 3 },
      requestId: second.headers.get("x-request-id"),
    });
    expect(earlier).toMatchObject({ actor: { userId: moderator.user.id }, before: null, after: { internalAdminScore: 7 }, requestId: first.headers.get("x-request-id") });
  });

  it("a refused write records nothing", async () => {
    const before = (await events(admin)).body.total;
    expectError(await score(plain, ann, bob, 5), 403, 1005);
    expectError(await score(admin, ann, ann, 5), 400, 1001);
    expect((await events(admin)).body.total).toBe(before);
  });

  it("an intro a moderator answers for the recipient is recorded; the recipient's own answer is not", async () => {
    const [viaModerator, direct] = await env.db<{ id: string }[]>`
      insert into intro_requests (community_id, from_participant_id, to_participant_id, message, via_moderator)
      values ('aud', ${ann.id}, ${bob.id}, 'Hello Bob', true), ('aud', ${bob.id}, ${ann.id}, 'Hello Ann', false)
      returning id`;
    const answer = (m: Member, id: string | undefined, value: string) =>
      env.request("POST", `/api/requests/${id}/answer`, { tenant: "aud", token: m.token, body: { answer: value } });
    expect((await answer(moderator, viaModerator?.id, "ACCEPTED")).status).toBe(200);
    expect((await answer(ann, direct?.id, "DECLINED")).status).toBe(200);
    const res = await events(admin, "?action=intro_request.moderate");
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      actor: { userId: moderator.user.id },
      target: { type: "intro_request", id: viaModerator?.id },
      before: { status: "PENDING" },
      after: { status: "ACCEPTED" },
    });
  });

  it("operator writes through the CLI's verbs are recorded as the operator", async () => {
    const tenant = await env.deps.tenants.get("aud");
    if (!tenant) throw new Error("no tenant");
    const made = await createCommunityAdmin(ctxFor(env, tenant), { email: "new-admin@example.com" });
    const res = await events(admin, `?action=participant.grant_admin&targetId=${made.participantId}`);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ actor: { kind: "operator", userId: null, label: "cli" }, before: null, after: { role: "admin", email: "new-admin@example.com" } });
  });

  it("tenant apply records a change once, with the fields before and after, and nothing when nothing changed", async () => {
    const bundle = (title: string) => ({ config: TenantConfigSchema.parse(tenantFixture("aud", { title })), landing: {}, navigation: null, dir: "" });
    await applyTenants(env.db, [bundle("Audited community")], OPERATOR);
    await applyTenants(env.db, [bundle("Audited community")], OPERATOR);
    const res = await events(admin, "?action=tenant.apply");
    const changes = res.body.items.filter((e: { after: { config: { title: string } } }) => e.after.config.title === "Audited community");
    expect(changes).toHaveLength(1);
    expect(changes[0].before.config.title).not.toBe("Audited community");
    expect(changes[0].actor).toEqual({ kind: "operator", userId: null, label: "cli", name: null, email: null });
  });

  it("is all or nothing with the change: a failed apply leaves no event", async () => {
    const before = (await events(admin, "?action=tenant.")).body.total;
    const ok = { config: TenantConfigSchema.parse(tenantFixture("aud", { title: "Half applied" })), landing: {}, navigation: null, dir: "" };
    // The second bundle's question breaks a check constraint: the whole apply fails.
    const broken = {
      config: TenantConfigSchema.parse(tenantFixture("broken")),
      landing: {},
      navigation: null,
      dir: "",
      questions: [{ key: "q", text: "Q", type: "NOPE", visible: true, required: false, translations: {}, options: [] }] as never,
    };
    await expect(applyTenants(env.db, [ok, broken], OPERATOR)).rejects.toThrow();
    expect((await events(admin, "?action=tenant.")).body.total).toBe(before);
    const [row] = await env.db<{ title: string }[]>`select config->>'title' as title from communities where id = 'aud'`;
    expect(row?.title).not.toBe("Half applied");
  });

  it("community/create by a platform operator is recorded in the new community", async () => {
    const op = await createUser(env, { role: null, operator: true });
    const res = await env.request("POST", "/api/community/create", { token: op.token, body: tenantFixture("fresh", { domain: "fresh.example" }) });
    expect(res.status).toBe(201);
    const [row] = await env.db<{ action: string; actorUserId: string; requestId: string }[]>`
      select action, actor_user_id as "actorUserId", request_id as "requestId" from audit_events where community_id = 'fresh'`;
    expect(row).toEqual({ action: "tenant.apply", actorUserId: op.user.id, requestId: res.headers.get("x-request-id") });
  });
});

describe("GET /admin/{communityId}/audit-events", () => {
  it("is for the community's admins: a moderator or member gets 403, another community's id 404", async () => {
    expectError(await events(moderator), 403, 1005);
    expectError(await events(plain), 403, 1005);
    expectError(await env.request("GET", "/api/admin/aud/audit-events", { tenant: "aud" }), 401, 1004);
    // The beta admin asking for aud's log, on beta's host: unknown.
    expectError(await events(betaAdmin, "", "aud"), 404, 1002);
    // On aud's host a beta session is worth nothing.
    expectError(await env.request("GET", "/api/admin/aud/audit-events", { tenant: "aud", token: betaAdmin.token }), 401, 1004);
  });

  it("never shows another community's events", async () => {
    await score(admin, ann, plain, 4);
    const beta = await events(betaAdmin);
    expect(beta.status).toBe(200);
    expect(beta.body.items.every((e: { communityId: string }) => e.communityId === "beta")).toBe(true);
    expect(JSON.stringify(beta.body)).not.toContain(ann.id);
  });

  it("pages and filters: by family, actor, target and time", async () => {
    const all = await events(admin, "?size=2&page=0");
    expect(all.body.items).toHaveLength(2);
    expect(all.body.hasMore).toBe(all.body.total > 2);
    const next = await events(admin, "?size=2&page=1");
    expect(next.body.items[0].id).not.toBe(all.body.items[0].id);
    const last = await events(admin, `?size=2&page=${Math.ceil(all.body.total / 2) - 1}`);
    expect(last.body.hasMore).toBe(false);
    const mine = await events(admin, `?actorUserId=${moderator.user.id}`);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((e: { actor: { userId: string } }) => e.actor.userId === moderator.user.id)).toBe(true);
    const family = await events(admin, "?action=pair_score.");
    expect(family.body.items.every((e: { action: string }) => e.action === "pair_score.set")).toBe(true);
    const future = await events(admin, `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.body).toMatchObject({ items: [], total: 0, hasMore: false });
  });

  it("refuses bad filters with 400", async () => {
    expectError(await events(admin, "?action=DROP%20TABLE"), 400, 1001);
    expectError(await events(admin, "?actorUserId=nope"), 400, 1001);
    expectError(await events(admin, "?from=yesterday"), 400, 1001);
  });
});
