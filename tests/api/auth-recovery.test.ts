import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser, signInAs, uniqueEmail } from "../support/users.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("gamma", { authConfig: [{ authType: "OTP" }] }));
});

const NEW_PASSWORD = "Brand-new-pass-77";

const withoutRequestId = (body: unknown) => {
  const { requestId: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
};

async function requestRecovery(email: string, opts: { tenant?: string; headers?: Record<string, string> } = {}) {
  return env.request("POST", "/api/auth/recovery", { tenant: opts.tenant ?? "alpha", body: { email }, headers: opts.headers });
}

/** The code from the newest recovery mail to `email`, checking the link's base URL. */
async function recoveryCode(email: string, baseUrl = "http://alpha.localhost:3000"): Promise<string> {
  const [mail] = await env.mailTo(email);
  expect(mail?.template).toBe("recovery");
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const code = new RegExp(`${escaped}/confirm-recovery\\?code=([a-z0-9]+)`).exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no recovery link for ${baseUrl} in: ${mail?.text}`);
  return code;
}

async function confirm(body: Record<string, unknown>, tenant = "alpha") {
  return env.request("POST", "/api/auth/confirm-recovery", { tenant, body });
}

describe("POST /api/auth/recovery", () => {
  it("mails a single-use link valid for 60 minutes, stored hashed", async () => {
    const { email, user } = await createUser(env);
    const res = await requestRecovery(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const code = await recoveryCode(email);
    expect(code.length).toBeGreaterThanOrEqual(23); // >= 112 bits in base32
    const [row] = await env.db`
      select token_hash, extract(epoch from (expires_at - created_at))::int as ttl, consumed_at
      from auth_tokens where kind = 'recovery' and user_id = ${user.id}`;
    expect(row?.ttl).toBe(60 * 60);
    expect(row?.consumed_at).toBeNull();
    expect(Buffer.from(row?.token_hash).length).toBe(32);
    expect(Buffer.from(row?.token_hash).toString("latin1")).not.toContain(code);
  });

  it("answers an unknown address exactly the same and sends nothing", async () => {
    const { email } = await createUser(env);
    const known = await requestRecovery(email);
    const unknownEmail = uniqueEmail("ghost");
    const unknown = await requestRecovery(unknownEmail);
    expect(unknown.status).toBe(known.status);
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(known.body));
    expect(await env.mailTo(unknownEmail)).toHaveLength(0);
    expect(await env.db`select id from auth_tokens where email = ${unknownEmail}`).toHaveLength(0);
  });

  it("builds the link from the tenant's configured URL, never from a spoofed Host", async () => {
    const { email } = await createUser(env);
    const res = await requestRecovery(email, { headers: { host: "evil.attacker.example", "x-community": "alpha" } });
    expect(res.status).toBe(200);
    const [mail] = await env.mailTo(email);
    expect(mail?.communityId).toBe("alpha");
    expect(mail?.text).toContain("http://alpha.localhost:3000/confirm-recovery?code=");
    expect(mail?.text).not.toContain("evil.attacker.example");
    expect(mail?.html).not.toContain("evil.attacker.example");

    const forwarded = await requestRecovery(email, { headers: { "x-forwarded-host": "evil.attacker.example", "x-community": "alpha" } });
    expect(forwarded.status).toBe(200);
    const [again] = await env.mailTo(email);
    expect(again?.text).not.toContain("evil.attacker.example");
  });

  it("uses the requesting community's URL and the user's language", async () => {
    const { email, user } = await createUser(env, { tenant: "beta" });
    await env.db`update users set preferred_lang = 'ru' where id = ${user.id}`;
    expect((await requestRecovery(email, { tenant: "beta" })).status).toBe(200);
    const [mail] = await env.mailTo(email);
    expect(mail?.lang).toBe("ru");
    await recoveryCode(email, "http://beta.localhost:3000");
  });

  it("silently drops more than 5 requests an hour for one address", async () => {
    const { email } = await createUser(env);
    for (let i = 0; i < 7; i++) {
      const res = await requestRecovery(email);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true });
    }
    expect(await env.mailTo(email)).toHaveLength(5);
  });

  it("counts one address's requests across communities", async () => {
    const { email } = await createUser(env);
    for (let i = 0; i < 3; i++) expect((await requestRecovery(email)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await requestRecovery(email, { tenant: "beta" })).status).toBe(200);
    expect(await env.mailTo(email)).toHaveLength(5);
  });

  it("answers 429 beyond 20 requests an hour from one IP", async () => {
    const headers = { "x-forwarded-for": "192.0.2.44" };
    for (let i = 0; i < 20; i++) expect((await requestRecovery(uniqueEmail("ip"), { headers })).status).toBe(200);
    const limited = await requestRecovery(uniqueEmail("ip"), { headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1006 });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const elsewhere = await requestRecovery(uniqueEmail("ip"), { tenant: "beta", headers });
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body).toMatchObject({ code: 1006 });
  });

  it("is refused with 403 / 1008 where the community has no password sign-in", async () => {
    const { email } = await createUser(env, { tenant: "gamma" });
    const res = await requestRecovery(email, { tenant: "gamma" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 1008 });
    expect(await env.mailTo(email)).toHaveLength(0);
  });

  it("rejects a malformed address with 400 / 1001", async () => {
    const res = await requestRecovery("nope");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1001, errors: { email: expect.any(String) } });
  });
});

describe("POST /api/auth/confirm-recovery", () => {
  it("sets the new password, verifies the e-mail, ends every session and signs in anew", async () => {
    const { email, user, token: oldToken, password: oldPassword } = await createUser(env);
    const betaToken = await signInAs(env, user.id, "beta");
    await env.db`update users set email_verified_at = null where id = ${user.id}`;
    await requestRecovery(email);
    const code = await recoveryCode(email);

    const res = await confirm({ code, password: `  ${NEW_PASSWORD} ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.stringMatching(/^[a-z0-9]+\.[a-z0-9]+$/), firstLogin: expect.any(Boolean) });

    expect((await env.request("GET", "/api/auth/session", { token: oldToken })).status).toBe(401);
    expect((await env.request("GET", "/api/auth/session", { tenant: "beta", token: betaToken })).status).toBe(401);
    const fresh = await env.request("GET", "/api/auth/session", { token: res.body.token });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ userId: user.id, communityId: "alpha", authMethod: "RECOVERY" });
    const sessions = await env.db`select id from sessions where user_id = ${user.id}`;
    expect(sessions).toHaveLength(1);

    const [row] = await env.db`select password_hash, email_verified_at from users where id = ${user.id}`;
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.email_verified_at).toBeInstanceOf(Date);

    const login = (password: string) => env.request("POST", "/api/auth/login", { body: { authType: "EMAIL", email, password } });
    expect((await login(NEW_PASSWORD)).status).toBe(200);
    expect((await login(oldPassword)).status).toBe(401);
  });

  it("refuses a reused code with 1010", async () => {
    const { email } = await createUser(env);
    await requestRecovery(email);
    const code = await recoveryCode(email);
    expect((await confirm({ code, password: NEW_PASSWORD })).status).toBe(200);
    const again = await confirm({ code, password: "Yet-another-pass-9" });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 1010 });
  });

  it("refuses an expired code with 1010 and leaves the password alone", async () => {
    const { email, user, password } = await createUser(env);
    await requestRecovery(email);
    const code = await recoveryCode(email);
    await env.db`update auth_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id} and kind = 'recovery'`;
    const res = await confirm({ code, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1010 });
    const login = await env.request("POST", "/api/auth/login", { body: { authType: "EMAIL", email, password } });
    expect(login.status).toBe(200);
  });

  it("refuses an unknown code with 1010 and a code from another community with 1010", async () => {
    const unknown = await confirm({ code: "a".repeat(32), password: NEW_PASSWORD });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 1010 });

    const { email } = await createUser(env);
    await requestRecovery(email);
    const code = await recoveryCode(email);
    const elsewhere = await confirm({ code, password: NEW_PASSWORD }, "beta");
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ code: 1010 });
    // Not spent by the failed attempt: it still works where it was issued.
    expect((await confirm({ code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("answers 1016 with the spec's message when the code is missing", async () => {
    for (const body of [{ password: NEW_PASSWORD }, { code: "", password: NEW_PASSWORD }, { code: "   ", password: NEW_PASSWORD }]) {
      const res = await confirm(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 1016, msg: "No recovery code in the request. Use the link again" });
    }
  });

  it("refuses a weak password with 1015 without spending the code", async () => {
    const { email } = await createUser(env);
    await requestRecovery(email);
    const code = await recoveryCode(email);
    const weak = await confirm({ code, password: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 1015 });
    const common = await confirm({ code, password: "password1" });
    expect(common.body).toMatchObject({ code: 1015 });
    expect((await confirm({ code, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("makes older recovery links of the account unusable once one is used", async () => {
    const { email } = await createUser(env);
    await requestRecovery(email);
    const first = await recoveryCode(email);
    await requestRecovery(email);
    const second = await recoveryCode(email);
    expect(second).not.toBe(first);
    expect((await confirm({ code: second, password: NEW_PASSWORD })).status).toBe(200);
    const old = await confirm({ code: first, password: "Yet-another-pass-9" });
    expect(old.status).toBe(400);
    expect(old.body).toMatchObject({ code: 1010 });
  });

  it("refuses the link of an account deleted in the meantime", async () => {
    const { email, user } = await createUser(env);
    await requestRecovery(email);
    const code = await recoveryCode(email);
    await env.db`update users set deleted_at = now() where id = ${user.id}`;
    const res = await confirm({ code, password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1010 });
  });
});
