import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSession } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { createUser, signInAs, uniqueEmail } from "../support/users.ts";

const env = await testEnvForFile();

const PASSWORD = "Tuesday-pass-42";

async function register(email: string, tenant = "alpha") {
  const res = await env.request("POST", "/api/auth/register-user", { tenant, body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  const login = await env.request("POST", "/api/auth/login", { tenant, body: { authType: "EMAIL", email, password: PASSWORD } });
  expect(login.status).toBe(200);
  const [user] = await env.db<{ id: string }[]>`select id from users where email = ${email}`;
  if (!user) throw new Error("user not created");
  return { token: login.body.token as string, userId: user.id };
}

function confirmCode(text: string | undefined, baseUrl = "http://alpha.localhost:3000"): string {
  const code = new RegExp(`${baseUrl.replaceAll(".", "\\.")}/confirmed\\?code=([a-z0-9]+)`).exec(text ?? "")?.[1];
  if (!code) throw new Error(`no confirmation link in: ${text}`);
  return code;
}

const post = (path: string, token?: string, body?: unknown, tenant = "alpha") => env.request("POST", path, { tenant, token, body });

async function isVerified(userId: string): Promise<boolean> {
  const [row] = await env.db`select email_verified_at from users where id = ${userId}`;
  return row?.email_verified_at instanceof Date;
}

describe("signed-in routes refuse anonymous callers with 401 / 1004", () => {
  it.each([
    ["POST", "/api/auth/confirm-email/resend", undefined],
    ["POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "Other-pass-42" }],
    ["POST", "/api/auth/agree-policy", undefined],
    ["POST", `/api/invitation/${randomUUID()}`, undefined],
    ["DELETE", `/api/users/delete/${randomUUID()}`, { password: PASSWORD }],
    ["POST", "/api/auth/logout", undefined],
    ["GET", "/api/auth/session", undefined],
  ])("%s %s", async (method, path, body) => {
    const res = await env.request(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1004, msg: expect.any(String) });
    const forged = await env.request(method, path, { body, token: "abc.def" });
    expect(forged.status).toBe(401);
  });
});

describe("POST /api/auth/confirm-email", () => {
  it("confirms the address once", async () => {
    const email = uniqueEmail("confirm");
    const { userId } = await register(email);
    expect(await isVerified(userId)).toBe(false);
    const [mail] = await env.mailTo(email);
    const code = confirmCode(mail?.text);

    const res = await post("/api/auth/confirm-email", undefined, { code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await isVerified(userId)).toBe(true);

    const again = await post("/api/auth/confirm-email", undefined, { code });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 1010 });
  });

  it("refuses unknown and expired codes with 1010", async () => {
    const unknown = await post("/api/auth/confirm-email", undefined, { code: "b".repeat(32) });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 1010 });

    const email = uniqueEmail("expired");
    const { userId } = await register(email);
    const code = confirmCode((await env.mailTo(email))[0]?.text);
    await env.db`update auth_tokens set expires_at = now() - interval '1 minute' where user_id = ${userId} and kind = 'email_confirm'`;
    const expired = await post("/api/auth/confirm-email", undefined, { code });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 1010 });
    expect(await isVerified(userId)).toBe(false);
  });

  it("works only in the community that issued the code", async () => {
    const email = uniqueEmail("bound");
    const { userId } = await register(email);
    const code = confirmCode((await env.mailTo(email))[0]?.text);
    const elsewhere = await post("/api/auth/confirm-email", undefined, { code }, "beta");
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ code: 1010 });
    expect(await isVerified(userId)).toBe(false);
    expect((await post("/api/auth/confirm-email", undefined, { code })).status).toBe(200);
  });

  it("rejects a missing code with 400 / 1001", async () => {
    const res = await post("/api/auth/confirm-email", undefined, {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, errors: { code: expect.any(String) } });
  });
});

describe("POST /api/auth/confirm-email/resend", () => {
  it("sends a new working link, at most 5 an hour", async () => {
    const email = uniqueEmail("resend");
    const { token, userId } = await register(email);
    for (let i = 0; i < 5; i++) {
      const res = await post("/api/auth/confirm-email/resend", token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
    expect(await env.mailTo(email)).toHaveLength(6);
    const limited = await post("/api/auth/confirm-email/resend", token);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1006 });
    expect(await env.mailTo(email)).toHaveLength(6);

    const code = confirmCode((await env.mailTo(email))[0]?.text);
    expect((await post("/api/auth/confirm-email", undefined, { code })).status).toBe(200);
    expect(await isVerified(userId)).toBe(true);
  });

  it("sends nothing when the address is already confirmed", async () => {
    const { token, email } = await createUser(env);
    const res = await post("/api/auth/confirm-email/resend", token);
    expect(res.status).toBe(200);
    expect(await env.mailTo(email)).toHaveLength(0);
  });
});

describe("POST /api/auth/change-password", () => {
  it("changes the password and ends every other session, keeping this one", async () => {
    const { token, user, email, password } = await createUser(env);
    const other = await signInAs(env, user.id, "alpha");
    const elsewhere = await signInAs(env, user.id, "beta");
    const newPassword = "Changed-pass-2024";

    const res = await post("/api/auth/change-password", token, { currentPassword: password, newPassword });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expect((await env.request("GET", "/api/auth/session", { token })).status).toBe(200);
    expect((await env.request("GET", "/api/auth/session", { token: other })).status).toBe(401);
    expect((await env.request("GET", "/api/auth/session", { tenant: "beta", token: elsewhere })).status).toBe(401);

    const login = (pw: string) => env.request("POST", "/api/auth/login", { body: { authType: "EMAIL", email, password: pw } });
    expect((await login(newPassword)).status).toBe(200);
    expect((await login(password)).status).toBe(401);
    const [row] = await env.db`select password_hash from users where id = ${user.id}`;
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("refuses a wrong current password with 1014 and changes nothing", async () => {
    const { token, user } = await createUser(env);
    const other = await signInAs(env, user.id, "alpha");
    const [before] = await env.db`select password_hash from users where id = ${user.id}`;
    const res = await post("/api/auth/change-password", token, { currentPassword: "Not-my-pass-1", newPassword: "Changed-pass-2024" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1014, msg: "Invalid password" });
    const [after] = await env.db`select password_hash from users where id = ${user.id}`;
    expect(after?.password_hash).toBe(before?.password_hash);
    expect((await env.request("GET", "/api/auth/session", { token: other })).status).toBe(200);
  });

  it("refuses a weak new password with 1015", async () => {
    const { token, password } = await createUser(env);
    const res = await post("/api/auth/change-password", token, { currentPassword: password, newPassword: "short" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1015 });
  });

  it("stops guessing the current password after 10 failures", async () => {
    const { token, password } = await createUser(env);
    for (let i = 0; i < 10; i++) {
      const res = await post("/api/auth/change-password", token, { currentPassword: `Guess-${i}-pass`, newPassword: "Changed-pass-2024" });
      expect(res.status).toBe(400);
    }
    const limited = await post("/api/auth/change-password", token, { currentPassword: password, newPassword: "Changed-pass-2024" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1006 });
  });
});

describe("POST /api/auth/agree-policy", () => {
  it("records the first agreement and is idempotent", async () => {
    const email = uniqueEmail("policy");
    const { token, userId } = await register(email);
    const [before] = await env.db`select policy_agreed_at from users where id = ${userId}`;
    expect(before?.policy_agreed_at).toBeNull();

    expect((await post("/api/auth/agree-policy", token)).body).toEqual({ ok: true });
    const [first] = await env.db`select policy_agreed_at from users where id = ${userId}`;
    expect(first?.policy_agreed_at).toBeInstanceOf(Date);

    const again = await post("/api/auth/agree-policy", token);
    expect(again.status).toBe(200);
    const [second] = await env.db`select policy_agreed_at from users where id = ${userId}`;
    expect(second?.policy_agreed_at?.getTime()).toBe(first?.policy_agreed_at?.getTime());
  });
});

describe("POST /api/invitation/{id}", () => {
  it("records the first inviter only", async () => {
    const inviter = await createUser(env);
    const second = await createUser(env);
    const invitee = await createUser(env, { role: null });

    const res = await post(`/api/invitation/${inviter.participantId}`, invitee.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const [row] = await env.db`select invited_by from users where id = ${invitee.user.id}`;
    expect(row?.invited_by).toBe(inviter.participantId);

    expect((await post(`/api/invitation/${inviter.participantId}`, invitee.token)).status).toBe(200);
    expect((await post(`/api/invitation/${second.participantId}`, invitee.token)).status).toBe(200);
    const [after] = await env.db`select invited_by from users where id = ${invitee.user.id}`;
    expect(after?.invited_by).toBe(inviter.participantId);
  });

  it("answers 404 for another community's participant and for an unknown id", async () => {
    const betaInviter = await createUser(env, { tenant: "beta" });
    const invitee = await createUser(env, { role: null });
    const cross = await post(`/api/invitation/${betaInviter.participantId}`, invitee.token);
    const missing = await post(`/api/invitation/${randomUUID()}`, invitee.token);
    for (const res of [cross, missing]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 1002 });
    }
    expect(cross.body.msg).toBe(missing.body.msg);
    const [row] = await env.db`select invited_by from users where id = ${invitee.user.id}`;
    expect(row?.invited_by).toBeNull();
  });

  it("refuses your own invitation with 400 and a malformed id with 400", async () => {
    const me = await createUser(env);
    const self = await post(`/api/invitation/${me.participantId}`, me.token);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 1001 });
    const bad = await post("/api/invitation/not-a-uuid", me.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 1001 });
  });
});

describe("POST /api/auth/register-admin", () => {
  const secret = () => env.config.adminRegistrationSecret ?? "";
  const registerAdmin = (body: unknown, query: string, tenant = "alpha", peer?: string) =>
    env.request("POST", `/api/auth/register-admin${query}`, { tenant, body, ...(peer ? { peer } : {}) });

  it("creates a confirmed admin of the community and signs them in", async () => {
    const email = uniqueEmail("admin");
    const res = await registerAdmin({ email, password: PASSWORD }, `?secret=${encodeURIComponent(secret())}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.any(String), firstLogin: true });
    const [user] = await env.db`select id, home_community_id, password_hash from users where email = ${email}`;
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    const participants = await env.db`select community_id, role, moderation_status from participants where user_id = ${user?.id}`;
    expect(participants).toEqual([{ community_id: "alpha", role: "admin", moderation_status: "confirmed" }]);
    const session = await env.request("GET", "/api/auth/session", { token: res.body.token });
    expect(session.body).toMatchObject({ userId: user?.id, communityId: "alpha" });
  });

  it("promotes an existing account that proves its password", async () => {
    const member = await createUser(env, { tenant: "beta" });
    const res = await registerAdmin({ email: member.email, password: member.password }, `?secret=${secret()}`, "beta");
    expect(res.status).toBe(200);
    const [p] = await env.db`select role, moderation_status from participants where user_id = ${member.user.id} and community_id = 'beta'`;
    expect(p).toEqual({ role: "admin", moderation_status: "confirmed" });
  });

  it("refuses an existing account with a wrong password with 1011", async () => {
    const member = await createUser(env);
    const res = await registerAdmin({ email: member.email, password: "Not-their-pass-1" }, `?secret=${secret()}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1011 });
    const [p] = await env.db`select role from participants where user_id = ${member.user.id}`;
    expect(p?.role).toBe("member");
  });

  it("refuses a wrong or missing secret with 403 / 1005", async () => {
    const email = uniqueEmail("intruder");
    for (const query of ["?secret=wrong", `?secret=${secret()}x`, ""]) {
      const res = await registerAdmin({ email, password: PASSWORD }, query);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 1005 });
    }
    expect(await env.db`select id from users where email = ${email}`).toHaveLength(0);
  });

  it("limits wrong secrets per IP to 10 an hour; the right secret is never limited", async () => {
    const peer = "203.0.113.77";
    for (let i = 0; i < 12; i++) {
      const res = await registerAdmin({ email: uniqueEmail("ok"), password: PASSWORD }, `?secret=${encodeURIComponent(secret())}`, "alpha", peer);
      expect(res.status).toBe(200);
    }
    for (let i = 0; i < 10; i++) expect((await registerAdmin({ email: uniqueEmail("guess"), password: PASSWORD }, "?secret=guess", "alpha", peer)).status).toBe(403);
    const limited = await registerAdmin({ email: uniqueEmail("late"), password: PASSWORD }, `?secret=${encodeURIComponent(secret())}`, "alpha", peer);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1006 });
    // Another address is not affected.
    expect((await registerAdmin({ email: uniqueEmail("other"), password: PASSWORD }, `?secret=${encodeURIComponent(secret())}`, "alpha", "203.0.113.78")).status).toBe(200);
  });

  it("answers 501 / 1017 when the server has no admin registration secret", async () => {
    const saved = env.config.adminRegistrationSecret;
    env.config.adminRegistrationSecret = undefined;
    try {
      const res = await registerAdmin({ email: uniqueEmail("nosecret"), password: PASSWORD }, "?secret=anything");
      expect(res.status).toBe(501);
      expect(res.body).toMatchObject({ code: 1017 });
    } finally {
      env.config.adminRegistrationSecret = saved;
    }
  });
});

describe("DELETE /api/users/delete/{id}", () => {
  const del = (id: string, token: string | undefined, body: unknown) => env.request("DELETE", `/api/users/delete/${id}`, { token, body });

  it("soft-deletes the account after the password, and the e-mail can register again", async () => {
    const { token, user, email, password, participantId } = await createUser(env);
    const elsewhere = await signInAs(env, user.id, "beta");
    await env.db`insert into user_identities (issuer, subject, user_id, email) values ('https://accounts.google.com', ${randomUUID()}, ${user.id}, ${email})`;

    const res = await del(user.id, token, { password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const [row] = await env.db`select deleted_at, email, password_hash from users where id = ${user.id}`;
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.email).toBeNull();
    expect(row?.password_hash).toBeNull();
    expect(await env.db`select id from sessions where user_id = ${user.id}`).toHaveLength(0);
    expect(await env.db`select subject from user_identities where user_id = ${user.id}`).toHaveLength(0);
    expect(await env.db`select id from participants where id = ${participantId}`).toHaveLength(0);

    expect((await env.request("GET", "/api/auth/session", { token })).status).toBe(401);
    expect((await env.request("GET", "/api/auth/session", { tenant: "beta", token: elsewhere })).status).toBe(401);
    const login = await env.request("POST", "/api/auth/login", { body: { authType: "EMAIL", email, password } });
    expect(login.body).toMatchObject({ code: 1011 });

    const again = await env.request("POST", "/api/auth/register-user", { body: { email, password: PASSWORD } });
    expect(again.status).toBe(200);
    const rows = await env.db`select id from users where email = ${email}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(user.id);
  });

  it("answers 404 for another user's id and deletes nothing", async () => {
    const me = await createUser(env);
    const victim = await createUser(env);
    const res = await del(victim.user.id, me.token, { password: me.password });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 1002 });
    const [row] = await env.db`select deleted_at from users where id = ${victim.user.id}`;
    expect(row?.deleted_at).toBeNull();
  });

  it("refuses a wrong password with 1014 and a missing one with 400", async () => {
    const { token, user } = await createUser(env);
    const wrong = await del(user.id, token, { password: "Not-my-pass-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 1014 });
    const missing = await del(user.id, token, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 1001, errors: { password: "required" } });
    const [row] = await env.db`select deleted_at from users where id = ${user.id}`;
    expect(row?.deleted_at).toBeNull();
    expect((await env.request("GET", "/api/auth/session", { token })).status).toBe(200);
  });

  it("confirms a passwordless account with an e-mailed one-time code (uses consumeLoginCode from the OTP work)", async () => {
    const email = uniqueEmail("nopass-delete");
    const [user] = await env.db<{ id: string }[]>`
      insert into users (email, home_community_id, email_verified_at) values (${email}, 'alpha', now()) returning id`;
    if (!user) throw new Error("insert failed");
    const { token } = await createSession(env.db, { userId: user.id, communityId: "alpha", authMethod: "OTP" });

    const missing = await del(user.id, token, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 1001, errors: { code: "required" } });

    const sent = await env.request("POST", "/api/auth/login", { body: { authType: "OTP", email } });
    expect(sent.status).toBe(202);
    const code = /\b(\d{6})\b/.exec((await env.mailTo(email))[0]?.text ?? "")?.[1];
    expect(code).toBeDefined();
    const wrongCode = code === "000000" ? "111111" : "000000";

    const wrong = await del(user.id, token, { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 1009 });

    const res = await del(user.id, token, { code });
    expect(res.status).toBe(200);
    const [row] = await env.db`select deleted_at, email from users where id = ${user.id}`;
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.email).toBeNull();
    expect((await env.request("GET", "/api/auth/session", { token })).status).toBe(401);
  });
});
