import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser, joinAs, signInAs } from "../support/users.ts";

/** A session, a role or an id from one community is worth nothing in another. */
const env = await testEnvForFile();

describe("sessions are bound to their community", () => {
  it("an alpha session works on alpha and is anonymous on beta", async () => {
    const { user, token } = await createUser(env, { tenant: "alpha" });
    // Even with a participant in beta, the alpha session does not open beta.
    await joinAs(env, user.id, "beta");
    expect((await env.request("GET", "/api/current-user", { tenant: "alpha", token })).status).toBe(200);
    expect((await env.request("GET", "/api/auth/session", { tenant: "alpha", token })).body).toMatchObject({ userId: user.id, communityId: "alpha" });
    for (const [method, path, opts] of [
      ["GET", "/api/current-user", {}],
      ["GET", "/api/current-participant", {}],
      ["GET", "/api/auth/session", {}],
      ["POST", "/api/current-user/lang", { rawBody: "ru", headers: { "content-type": "text/plain" } }],
    ] as const) {
      const res = await env.request(method, path, { tenant: "beta", token, ...opts });
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ code: 1004, msg: expect.any(String) });
    }
    // The refused language change did not happen.
    const me = await env.request("GET", "/api/current-user", { tenant: "alpha", token });
    expect(me.body.preferredLang).toBe("en");
  });

  it("neither the X-Community header nor the communityId query carries an alpha session into beta", async () => {
    const { token } = await createUser(env, { tenant: "alpha" });
    const viaHeader = await env.request("GET", "/api/current-user", { token, headers: { host: "localhost:3000", "x-community": "beta" } });
    expect(viaHeader.status).toBe(401);
    const viaQuery = await env.request("GET", "/api/current-user?communityId=beta", { token, headers: { host: "localhost:3000" } });
    expect(viaQuery.status).toBe(401);
  });

  it("a cookie session is bound the same way", async () => {
    const { token } = await createUser(env, { tenant: "alpha" });
    const cookie = `__Host-tuesday_session=${token}`;
    expect((await env.request("GET", "/api/current-user", { tenant: "alpha", headers: { cookie } })).status).toBe(200);
    expect((await env.request("GET", "/api/current-user", { tenant: "beta", headers: { cookie } })).status).toBe(401);
  });
});

describe("roles are per community", () => {
  it("an admin of alpha has no permissions on beta", async () => {
    const { user, token } = await createUser(env, { tenant: "alpha", role: "admin" });
    expect((await env.request("GET", "/api/permission/my", { tenant: "alpha", token })).body).toEqual([
      "CAN_VIEW_ADMIN_PANEL",
      "CAN_MODERATE_COMMUNITY",
    ]);
    // Same token on beta: anonymous there.
    expect((await env.request("GET", "/api/permission/my", { tenant: "beta", token })).body).toEqual([]);
    // A beta session of the same person, member there: still no admin rights.
    const betaToken = (await joinAs(env, user.id, "beta")).token;
    expect((await env.request("GET", "/api/permission/my", { tenant: "beta", token: betaToken })).body).toEqual([]);
    const me = await env.request("GET", "/api/current-user", { tenant: "beta", token: betaToken });
    expect(me.body.role).toBe("ROLE_USER");
  });

  it("an alpha admin cannot create communities (operators only)", async () => {
    const { token } = await createUser(env, { tenant: "alpha", role: "admin" });
    const res = await env.request("POST", "/api/community/create", {
      tenant: "alpha",
      token,
      body: { version: 1, id: "sneaky", domain: "sneaky.example", title: "S", senderEmail: "s@s.example", brandConfig: { title: "S" }, authConfig: [{ authType: "EMAIL" }] },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 1005 });
  });
});

describe("ids from another community answer 404", () => {
  it("get-by-user-id of an alpha user asked by a beta member", async () => {
    const alphaUser = await createUser(env, { tenant: "alpha" });
    const betaMember = await createUser(env, { tenant: "beta" });
    const res = await env.request("GET", `/api/community/get-by-user-id?userId=${alphaUser.user.id}`, { tenant: "beta", token: betaMember.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 1002, msg: expect.any(String) });
    // The same answer as for an id that does not exist at all.
    const ghost = await env.request("GET", "/api/community/get-by-user-id?userId=00000000-0000-4000-8000-000000000000", {
      tenant: "beta",
      token: betaMember.token,
    });
    expect(ghost.status).toBe(404);
    expect(ghost.body.msg).toBe(res.body.msg);
  });

  it("current-participant never returns another community's participant", async () => {
    const { user } = await createUser(env, { tenant: "alpha", role: "admin" });
    const betaToken = await signInAs(env, user.id, "beta");
    const res = await env.request("GET", "/api/current-participant?communityId=alpha", { tenant: "beta", token: betaToken });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(1021);
  });
});
