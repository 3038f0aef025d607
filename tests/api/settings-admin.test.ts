import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createMember, createUser } from "../support/users.ts";

const env = await testEnvForFile();

describe("GET/PATCH /api/admin/{communityId}/settings", () => {
  it("an admin reads and changes settings; the change is validated, live and audited with before and after", async () => {
    const admin = await createMember(env, { role: "admin" });
    const opts = { token: admin.token };
    const got = await env.request("GET", "/api/admin/alpha/settings", opts);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ managedBy: "database-until-next-apply", settings: { lang: "en", authTypes: ["EMAIL", "OTP", "NONE", "MAGIC", "GOOGLE"] } });

    const patch = { title: "Alpha Renamed", landingTitle: "Meet every Tuesday", authTypes: ["OTP", "MAGIC"], stepsConfig: { avatar: false }, moderationRequired: true };
    const res = await env.request("PATCH", "/api/admin/alpha/settings", { ...opts, body: patch });
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({ title: "Alpha Renamed", authTypes: ["OTP", "MAGIC"], moderationRequired: true, stepsConfig: { avatar: false, profile: true } });

    // Live at once: the community as members read it, and sign-in refuses a removed method.
    const community = await env.request("GET", "/api/community/get-by-id?communityId=alpha");
    expect(community.body).toMatchObject({ title: "Alpha Renamed", landingTitle: "Meet every Tuesday" });
    expect(community.body.authConfig.map((a: { authType: string }) => a.authType)).toEqual(["OTP", "MAGIC"]);
    const pw = await env.request("POST", "/api/auth/login", { body: { authType: "EMAIL", email: admin.email, password: admin.password } });
    expect(pw.status).toBeGreaterThanOrEqual(400);
    expect(pw.status).toBeLessThan(500);

    const audit = await env.request("GET", "/api/admin/alpha/audit-events?action=community.settings", opts);
    expect(audit.body.items[0]).toMatchObject({
      action: "community.settings",
      target: { type: "community", id: "alpha" },
      before: { title: "Alpha Community", moderationRequired: false },
      after: { title: "Alpha Renamed", moderationRequired: true },
    });
  });

  it("refuses what the tenant schema refuses, with 400 {code,msg,errors}", async () => {
    const admin = await createMember(env, { tenant: "beta", role: "admin" });
    const opts = { tenant: "beta", token: admin.token };
    const bad = [
      { title: "" },
      { authTypes: [] },
      { authTypes: ["EMAIL", "EMAIL"] },
      // SSO needs its provider from tenant.json.
      { authTypes: ["OAUTH2"] },
      { lang: "de" },
      { langChoices: ["en"] },
      { domain: "evil.example" },
      { navigationConfig: { tabs: { nope: { order: 1 } } } },
      "not json",
    ];
    for (const body of bad) {
      const r = await env.request("PATCH", "/api/admin/beta/settings", { ...opts, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    }
    const after = await env.request("GET", "/api/admin/beta/settings", opts);
    expect(after.body.settings.title).toBe("Beta Community");
  });

  it("permission matrix and other communities", async () => {
    const admin = await createMember(env, { role: "admin" });
    const member = await createMember(env);
    const moderator = await createMember(env, { role: "moderator" });
    const betaAdmin = await createMember(env, { tenant: "beta", role: "admin" });
    const operator = await createUser(env, { role: null, operator: true });
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { description: "by someone" }],
    ] as const) {
      const call = (token?: string, path = "/api/admin/alpha/settings") => env.request(method, path, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
      expect((await call()).status).toBe(401);
      expect((await call(member.token)).status).toBe(403);
      expect((await call(moderator.token)).status).toBe(403);
      expect((await call(betaAdmin.token)).status).toBe(401);
      expect((await call(admin.token, "/api/admin/beta/settings")).status).toBe(404);
      expect((await call(admin.token)).status).toBe(200);
      expect((await call(operator.token)).status).toBe(200);
    }
    const beta = await env.request("GET", "/api/admin/beta/settings", { tenant: "beta", token: betaAdmin.token });
    expect(beta.body.settings.description).not.toBe("by someone");
  });
});
