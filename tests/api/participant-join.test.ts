import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser, signInAs } from "../support/users.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("gamma", { moderationRequired: true, langChoices: ["ru"], lang: "ru" }));
});

/** A signed-in user of `tenant` who has not joined it yet. */
async function newcomer(tenant = "alpha") {
  return createUser(env, { tenant, role: null });
}

async function join(tenant: string, token: string, userId: string, body?: unknown) {
  return env.request("POST", `/api/participant/create?userId=${userId}`, { tenant, token, body });
}

describe("POST /api/participant/create", () => {
  it("makes the user a confirmed participant with a slug from the name, and is idempotent", async () => {
    const u = await newcomer();
    const first = await join("alpha", u.token, u.user.id, { firstName: "Grace", lastName: "Hopper" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      communityId: "alpha",
      userId: u.user.id,
      firstName: "Grace",
      lastName: "Hopper",
      slug: "grace-hopper",
      moderationStatus: "confirmed",
      role: "member",
      language: "en",
      profileCompleted: false,
    });
    const again = await join("alpha", u.token, u.user.id, { firstName: "Other", lastName: "Name" });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.firstName).toBe("Grace");
    const [count] = await env.db<{ n: number }[]>`select count(*)::int as n from participants where user_id = ${u.user.id}`;
    expect(count?.n).toBe(1);
  });

  it("records the inviter when the user was invited by a participant of this community", async () => {
    const inviter = await createUser(env, { tenant: "alpha" });
    const betaInviter = await createUser(env, { tenant: "beta" });
    const invited = await newcomer();
    await env.db`update users set invited_by = ${inviter.participantId} where id = ${invited.user.id}`;
    const res = await join("alpha", invited.token, invited.user.id, { firstName: "In", lastName: "Vited" });
    expect(res.body.invitedBy).toBe(inviter.participantId);
    const elsewhere = await newcomer();
    await env.db`update users set invited_by = ${betaInviter.participantId} where id = ${elsewhere.user.id}`;
    const res2 = await join("alpha", elsewhere.token, elsewhere.user.id, { firstName: "Not", lastName: "Here" });
    expect(res2.body.invitedBy).toBeNull();
  });

  it("works without a body", async () => {
    const u = await newcomer();
    const res = await join("alpha", u.token, u.user.id);
    expect(res.status).toBe(201);
    expect(res.body.slug).toMatch(/^member(-\d+)?$/);
  });

  it("transliterates Cyrillic names and suffixes -2, -3 on collisions", async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await newcomer();
      const res = await join("alpha", u.token, u.user.id, { firstName: "Анна", lastName: "Щукина" });
      expect(res.status).toBe(201);
      slugs.push(res.body.slug);
    }
    expect(slugs).toEqual(["anna-shchukina", "anna-shchukina-2", "anna-shchukina-3"]);
  });

  it("ten namesakes joining at once all get in, each with a slug of their own", async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => newcomer()));
    const joins = await Promise.all(users.map((u) => join("alpha", u.token, u.user.id, { firstName: "Namesake", lastName: "Racer" })));
    expect(joins.map((r) => r.status)).toEqual(Array(10).fill(201));
    const slugs = joins.map((r) => r.body.slug as string);
    expect(new Set(slugs).size).toBe(10);
    for (const slug of slugs) expect(slug).toMatch(/^namesake-racer(-[0-9a-f]+)?$/);
  });

  it("starts members as pending in a community that moderates them", async () => {
    const u = await newcomer("gamma");
    const res = await join("gamma", u.token, u.user.id, { firstName: "Ivan", lastName: "Petrov" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ moderationStatus: "pending", communityId: "gamma", language: "ru" });
  });

  it("refuses a language the community does not offer", async () => {
    const u = await newcomer("gamma");
    const res = await join("gamma", u.token, u.user.id, { firstName: "Ivan", lastName: "Petrov", language: "en" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, errors: { language: expect.any(String) } });
  });

  it("validates the name bounds", async () => {
    const u = await newcomer();
    const res = await join("alpha", u.token, u.user.id, { firstName: "x".repeat(61), lastName: "" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 1001,
      errors: { firstName: "Must be between 1 and 60 characters", lastName: "Must be between 1 and 60 characters" },
    });
  });

  it("refuses joining as somebody else (403), signed out (401), and unknown fields (400)", async () => {
    const u = await newcomer();
    const other = await newcomer();
    expect((await join("alpha", u.token, other.user.id)).body).toMatchObject({ code: 1005 });
    const anon = await env.request("POST", `/api/participant/create?userId=${u.user.id}`, { tenant: "alpha" });
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ code: 1004 });
    const extra = await join("alpha", u.token, u.user.id, { firstName: "A", role: "admin" });
    expect(extra.status).toBe(400);
  });

  it("a session of alpha is 401 on beta; joining beta needs a beta session", async () => {
    const u = await newcomer("alpha");
    const res = await join("beta", u.token, u.user.id, { firstName: "Ada", lastName: "Lovelace" });
    expect(res.status).toBe(401);
    const betaToken = await signInAs(env, u.user.id, "beta");
    const ok = await join("beta", betaToken, u.user.id, { firstName: "Ada", lastName: "Lovelace" });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ communityId: "beta", slug: "ada-lovelace", language: "en" });
  });
});

describe("GET /api/participant/my-communities and current-user", () => {
  it("lists the user's communities with the participant, current first, and current-user follows", async () => {
    const u = await newcomer("alpha");
    const before = await env.request("GET", "/api/current-user", { tenant: "alpha", token: u.token });
    expect(before.status).toBe(200);
    expect(before.body.connectedCommunities).toEqual([]);

    const a = await join("alpha", u.token, u.user.id, { firstName: "Alan", lastName: "Turing" });
    const betaToken = await signInAs(env, u.user.id, "beta");
    const b = await join("beta", betaToken, u.user.id, { firstName: "Alan", lastName: "Turing" });

    const mine = await env.request("GET", "/api/participant/my-communities", { tenant: "beta", token: betaToken });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(2);
    expect(mine.body[0]).toMatchObject({
      participant: { id: b.body.id, slug: "alan-turing", role: "member", moderationStatus: "confirmed", avatar: null },
      community: { id: "beta", title: "Beta Community", communityUrl: "http://beta.localhost:3000", logoUrl: null },
    });
    expect(mine.body[1].participant.id).toBe(a.body.id);

    const after = await env.request("GET", "/api/current-user", { tenant: "alpha", token: u.token });
    expect(after.body.connectedCommunities).toEqual(["alpha", "beta"]);
    expect(after.body.connectedParticipants.map((p: { id: string }) => p.id)).toEqual([a.body.id, b.body.id]);
  });

  it("is 401 signed out and with another community's session", async () => {
    const u = await newcomer("alpha");
    expect((await env.request("GET", "/api/participant/my-communities", { tenant: "alpha" })).status).toBe(401);
    expect((await env.request("GET", "/api/participant/my-communities", { tenant: "beta", token: u.token })).status).toBe(401);
  });
});

describe("GET /api/contact and POST /api/init", () => {
  it("gives the community's contact details", async () => {
    const res = await env.request("GET", "/api/contact", { tenant: "beta" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      communityId: "beta",
      title: "beta brand",
      supportEmail: "hello@beta.test.example",
      siteUrl: "http://beta.localhost:3000",
      communityUrl: "http://beta.localhost:3000",
    });
  });

  it("bootstraps signed out with the community only", async () => {
    const res = await env.request("POST", "/api/init", { tenant: "alpha" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ community: { id: "alpha" }, currentUser: null, participant: null, permissions: [] });
  });

  it("bootstraps a member with user, participant and permissions; an admin gets admin permissions", async () => {
    const member = await createUser(env, { tenant: "alpha" });
    const res = await env.request("POST", "/api/init", { tenant: "alpha", token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      community: { id: "alpha" },
      currentUser: { userId: member.user.id, role: "ROLE_USER" },
      participant: { id: member.participantId, communityId: "alpha" },
      permissions: [],
    });
    const admin = await createUser(env, { tenant: "alpha", role: "admin" });
    const res2 = await env.request("POST", "/api/init", { tenant: "alpha", token: admin.token });
    expect(res2.body.permissions).toEqual(["CAN_VIEW_ADMIN_PANEL", "CAN_MODERATE_COMMUNITY"]);
  });

  it("treats another community's session as signed out", async () => {
    const member = await createUser(env, { tenant: "alpha" });
    const res = await env.request("POST", "/api/init", { tenant: "beta", token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ community: { id: "beta" }, currentUser: null, participant: null });
  });
});
