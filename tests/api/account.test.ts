import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser, signInAs } from "../support/users.ts";

const env = await testEnvForFile();

describe("GET /api/current-user", () => {
  it("refuses an anonymous caller with 401 code 1004", async () => {
    const res = await env.request("GET", "/api/current-user");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1004, msg: expect.any(String) });
  });

  it("refuses a forged token with 401", async () => {
    const res = await env.request("GET", "/api/current-user", { token: "nope.nope" });
    expect(res.status).toBe(401);
  });

  it("returns a member with the current community first", async () => {
    const { user, token, participantId } = await createUser(env, { tenant: "beta" });
    // The same person also joined alpha earlier.
    await env.db`insert into participants (community_id, user_id, role, moderation_status, created_at)
                 values ('alpha', ${user.id}, 'member', 'pending', now() - interval '1 day')`;
    const res = await env.request("GET", "/api/current-user", { tenant: "beta", token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: user.id,
      email: user.email,
      role: "ROLE_USER",
      enabled: true,
      preferredLang: "en",
      communityUrl: "http://beta.localhost:3000",
      connectedCommunities: ["beta", "alpha"],
      connectedParticipants: [
        { id: participantId, communityId: "beta", role: "member", moderationStatus: "confirmed", profileCompleted: false, networkingEnabled: true },
        { id: expect.any(String), communityId: "alpha", role: "member", moderationStatus: "pending", profileCompleted: false, networkingEnabled: true },
      ],
      emailVerified: true,
      policyAgreed: true,
    });
  });

  it("says ROLE_ADMIN for an admin of this community only", async () => {
    const admin = await createUser(env, { role: "admin" });
    expect((await env.request("GET", "/api/current-user", { token: admin.token })).body.role).toBe("ROLE_ADMIN");
    await env.db`insert into participants (community_id, user_id, role, moderation_status) values ('beta', ${admin.user.id}, 'member', 'confirmed')`;
    const onBeta = await signInAs(env, admin.user.id, "beta");
    const res = await env.request("GET", "/api/current-user", { tenant: "beta", token: onBeta });
    expect(res.body.role).toBe("ROLE_USER");
    expect(res.body.connectedCommunities[0]).toBe("beta");
  });

  it("says ROLE_ADMIN for a platform operator anywhere", async () => {
    const op = await createUser(env, { role: null, operator: true });
    const res = await env.request("GET", "/api/current-user", { token: op.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: "ROLE_ADMIN", connectedCommunities: [], connectedParticipants: [] });
  });

  it("says whether each participant has completed a profile (an admin without one is the member app's restricted mode)", async () => {
    const admin = await createUser(env, { role: "admin" });
    const before = await env.request("GET", "/api/current-user", { token: admin.token });
    expect(before.body.connectedParticipants[0]).toMatchObject({ role: "admin", profileCompleted: false });
    await env.db`update participants set profile_completed_at = now() where user_id = ${admin.user.id}`;
    const after = await env.request("GET", "/api/current-user", { token: admin.token });
    expect(after.body.connectedParticipants[0]).toMatchObject({ role: "admin", profileCompleted: true });
  });
});

describe("GET /api/current-participant", () => {
  it("refuses an anonymous caller with 401", async () => {
    const res = await env.request("GET", "/api/current-participant");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1004 });
  });

  it("returns the participant in the current community", async () => {
    const { user, token, participantId } = await createUser(env, { role: "moderator" });
    const res = await env.request("GET", "/api/current-participant", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: participantId,
      communityId: "alpha",
      userId: user.id,
      role: "moderator",
      moderationStatus: "confirmed",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("ignores a communityId naming another community", async () => {
    const { user, token, participantId } = await createUser(env);
    await env.db`insert into participants (community_id, user_id, role, moderation_status) values ('beta', ${user.id}, 'admin', 'confirmed')`;
    const res = await env.request("GET", "/api/current-participant?communityId=beta", { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: participantId, communityId: "alpha", role: "member" });
  });

  it("answers 403 code 1021 without a participant here", async () => {
    const { token } = await createUser(env, { role: null });
    const res = await env.request("GET", "/api/current-participant", { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 1021, msg: "You are not a participant of this community" });
  });
});

describe("POST /api/current-user/lang", () => {
  it("takes a text body and current-user shows it", async () => {
    const { token } = await createUser(env);
    const res = await env.request("POST", "/api/current-user/lang", { token, rawBody: "ru", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, preferredLang: "ru" });
    const me = await env.request("GET", "/api/current-user", { token });
    expect(me.body.preferredLang).toBe("ru");
  });

  it("takes a text body with a charset, a locale, and a JSON string", async () => {
    const { token } = await createUser(env);
    const text = await env.request("POST", "/api/current-user/lang", {
      token,
      rawBody: " ru-RU\n",
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(text.body).toEqual({ ok: true, preferredLang: "ru" });
    const json = await env.request("POST", "/api/current-user/lang", { token, body: JSON.stringify("en") });
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ ok: true, preferredLang: "en" });
    const quoted = await env.request("POST", "/api/current-user/lang", { token, rawBody: '"ru"', headers: { "content-type": "text/plain" } });
    expect(quoted.body).toEqual({ ok: true, preferredLang: "ru" });
  });

  it("refuses an unknown language with 400 and a field error", async () => {
    const { token } = await createUser(env);
    const res = await env.request("POST", "/api/current-user/lang", { token, rawBody: "de", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, errors: { lang: expect.any(String) } });
    const me = await env.request("GET", "/api/current-user", { token });
    expect(me.body.preferredLang).toBe("en");
  });

  it("refuses wrong types and empty bodies with 400, never 500", async () => {
    const { token } = await createUser(env);
    for (const body of [{ lang: "ru" }, 5, null, ["ru"]]) {
      const res = await env.request("POST", "/api/current-user/lang", { token, body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 1001 });
    }
    const empty = await env.request("POST", "/api/current-user/lang", { token, rawBody: "", headers: { "content-type": "text/plain" } });
    expect(empty.status).toBe(400);
    const form = await env.request("POST", "/api/current-user/lang", {
      token,
      rawBody: "lang=ru",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });

  it("refuses an anonymous caller with 401", async () => {
    const res = await env.request("POST", "/api/current-user/lang", { rawBody: "ru", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1004 });
  });
});

describe("GET /api/permission/my", () => {
  it("gives an anonymous visitor an empty list (200)", async () => {
    const res = await env.request("GET", "/api/permission/my");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it.each([
    ["admin", ["CAN_VIEW_ADMIN_PANEL", "CAN_MODERATE_COMMUNITY"]],
    ["moderator", ["CAN_MODERATE_COMMUNITY"]],
    ["member", []],
  ] as const)("gives a %s %j", async (role, expected) => {
    const { token } = await createUser(env, { role });
    const res = await env.request("GET", "/api/permission/my", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });

  it("gives a platform operator both, even without a participant", async () => {
    const { token } = await createUser(env, { role: null, operator: true });
    const res = await env.request("GET", "/api/permission/my", { token });
    expect(res.body).toEqual(["CAN_VIEW_ADMIN_PANEL", "CAN_MODERATE_COMMUNITY"]);
  });

  it("gives a disabled admin nothing", async () => {
    const { user, token } = await createUser(env, { role: "admin" });
    await env.db`update users set enabled = false where id = ${user.id}`;
    const res = await env.request("GET", "/api/permission/my", { token });
    expect(res.body).toEqual([]);
  });
});

describe("GET /api/constants/contacts/types", () => {
  it("lists the twelve contact types with form metadata, publicly", async () => {
    const res = await env.request("GET", "/api/constants/contacts/types");
    expect(res.status).toBe(200);
    expect(res.body.map((t: { type: string }) => t.type)).toEqual([
      "EMAIL",
      "PHONE",
      "FACEBOOK",
      "INSTAGRAM",
      "LINKEDIN",
      "VK",
      "TELEGRAM",
      "GITHUB",
      "TWITTER",
      "SLACK",
      "DISCORD",
      "CALENDLY",
    ]);
    const byType = Object.fromEntries(res.body.map((t: { type: string }) => [t.type, t]));
    expect(byType.LINKEDIN).toMatchObject({ label: "LinkedIn", prefix: "https://www.linkedin.com/in/", inputType: "text" });
    expect(byType.TELEGRAM).toMatchObject({ prefix: "https://t.me/", placeholder: expect.stringContaining("@") });
    expect(byType.EMAIL).toMatchObject({ inputType: "email" });
    expect(byType.EMAIL.prefix).toBeUndefined();
    for (const t of res.body) expect(t).toMatchObject({ label: expect.any(String), placeholder: expect.any(String) });
  });
});
