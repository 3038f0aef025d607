import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("gamma", { authConfig: [{ authType: "OTP" }] }));
});

const PASSWORD = "Tuesday-pass-42";
let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@example.com`;

async function register(email: string, password = PASSWORD, tenant = "alpha", extra: Record<string, unknown> = {}) {
  return env.request("POST", "/api/auth/register-user", { tenant, body: { email, password, ...extra } });
}

async function login(email: string, password: string, tenant = "alpha", headers: Record<string, string> = {}) {
  return env.request("POST", "/api/auth/login", { tenant, body: { authType: "EMAIL", email, password }, headers });
}

const withoutRequestId = (body: unknown) => {
  const { requestId: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
};

describe("POST /api/auth/register-user", () => {
  it("creates the account in the tenant, hashes with argon2id and mails a confirmation link", async () => {
    const email = uniqueEmail("reg");
    const res = await register(email);
    expect(res.status).toBe(200);
    expect(res.body).toBe("OK");

    const [user] = await env.db`select * from users where email = ${email}`;
    expect(user).toMatchObject({ home_community_id: "alpha", preferred_lang: "en", email_verified_at: null, policy_agreed_at: null });
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.password_hash).not.toContain(PASSWORD);

    const [mail] = await env.mailTo(email);
    expect(mail?.template).toBe("email_confirm");
    const code = /http:\/\/alpha\.localhost:3000\/confirmed\?code=([a-z0-9]+)/.exec(mail?.text ?? "")?.[1];
    expect(code).toBeDefined();
    // 20 bytes in base32: 160 bits of entropy.
    expect(code?.length).toBeGreaterThanOrEqual(23);

    const tokens = await env.db`
      select token_hash, extract(epoch from (expires_at - created_at))::int as ttl from auth_tokens
      where kind = 'email_confirm' and user_id = ${user?.id}`;
    expect(tokens).toHaveLength(1);
    expect(Buffer.from(tokens[0]?.token_hash).length).toBe(32);
    expect(Buffer.from(tokens[0]?.token_hash).toString()).not.toContain(code);
    expect(tokens[0]?.ttl).toBe(7 * 24 * 60 * 60);
  });

  it("uses the tenant's language and records the policy agreement when asked", async () => {
    const email = uniqueEmail("reg-beta");
    expect((await register(email, PASSWORD, "beta", { agreePolicy: true })).status).toBe(200);
    const [user] = await env.db`select home_community_id, preferred_lang, policy_agreed_at from users where email = ${email}`;
    expect(user).toMatchObject({ home_community_id: "beta", preferred_lang: "ru" });
    expect(user?.policy_agreed_at).toBeInstanceOf(Date);
    const [mail] = await env.mailTo(email);
    expect(mail?.lang).toBe("ru");
    expect(mail?.text).toContain("http://beta.localhost:3000/confirmed?code=");
  });

  it("refuses a registered e-mail with 409 / 1012, case-insensitively", async () => {
    const email = uniqueEmail("dup");
    expect((await register(email)).status).toBe(200);
    const again = await register(email.toUpperCase(), "Another-pass-77");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 1012, msg: "This e-mail is already registered" });
    const rows = await env.db`select id from users where email = ${email}`;
    expect(rows).toHaveLength(1);
  });

  it("applies the password policy: 8-128 characters after trimming, no common passwords", async () => {
    const long129 = `A1-${"x".repeat(126)}`;
    expect([...long129].length).toBe(129);
    const tooLong = await register(uniqueEmail("long"), long129);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 1015, errors: { password: "length" } });

    const long128 = `  A1-${"x".repeat(125)}  `;
    expect([...long128.trim()].length).toBe(128);
    const email = uniqueEmail("max");
    expect((await register(email, long128)).status).toBe(200);
    expect((await login(email, long128.trim())).status).toBe(200);

    const short = await register(uniqueEmail("short"), "   Ab1-xyz  ");
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 1015 });

    const common = await register(uniqueEmail("common"), "password1");
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ code: 1015, errors: { password: "common" } });
  });

  it("rejects bad input with 400 / 1001 and field errors", async () => {
    const badEmail = await register("not-an-email");
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ code: 1001, errors: { email: expect.any(String) } });
    const unknownField = await register(uniqueEmail("extra"), PASSWORD, "alpha", { role: "admin" });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toMatchObject({ code: 1001 });
  });

  it("is refused with 403 / 1008 where the community does not allow EMAIL", async () => {
    const email = uniqueEmail("gamma");
    const res = await register(email, PASSWORD, "gamma");
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 1008 });
    expect(await env.db`select id from users where email = ${email}`).toHaveLength(0);
  });

  it("limits registrations to 10 an hour per IP", async () => {
    const headers = { "x-forwarded-for": "203.0.113.10" };
    for (let i = 0; i < 10; i++) {
      const res = await env.request("POST", "/api/auth/register-user", { body: { email: uniqueEmail("ip"), password: PASSWORD }, headers });
      expect(res.status).toBe(200);
    }
    const email = uniqueEmail("ip-11th");
    const limited = await env.request("POST", "/api/auth/register-user", { body: { email, password: PASSWORD }, headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1006 });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await env.db`select id from users where email = ${email}`).toHaveLength(0);
    const otherIp = await env.request("POST", "/api/auth/register-user", {
      body: { email, password: PASSWORD },
      headers: { "x-forwarded-for": "203.0.113.11" },
    });
    expect(otherIp.status).toBe(200);
    const sameIpElsewhere = await env.request("POST", "/api/auth/register-user", { tenant: "beta", body: { email: uniqueEmail("ip-beta"), password: PASSWORD }, headers });
    expect(sameIpElsewhere.status).toBe(429);
  });
});

describe("POST /api/auth/login with EMAIL", () => {
  it("signs in with a new session each time; firstLogin only the first time", async () => {
    const email = uniqueEmail("login");
    await register(email);
    const first = await login(email, PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token: expect.stringMatching(/^[a-z0-9]+\.[a-z0-9]+$/), firstLogin: true });
    const second = await login(email, PASSWORD);
    expect(second.status).toBe(200);
    expect(second.body.firstLogin).toBe(false);
    expect(second.body.token.split(".")[0]).not.toBe(first.body.token.split(".")[0]);

    const sessions = await env.db`
      select s.community_id, s.auth_method from sessions s join users u on u.id = s.user_id where u.email = ${email}`;
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.community_id === "alpha" && s.auth_method === "EMAIL")).toBe(true);

    const me = await env.request("GET", "/api/auth/session", { token: first.body.token });
    expect(me.status).toBe(200);
  });

  it("trims the password as registration does", async () => {
    const email = uniqueEmail("trim");
    expect((await register(email, "  Spaced-pass-42  ")).status).toBe(200);
    expect((await login(email, "Spaced-pass-42")).status).toBe(200);
    expect((await login(email, " Spaced-pass-42   ")).status).toBe(200);
    expect((await login(email, "Spaced-pass-4")).status).toBe(401);
  });

  it("answers wrong password, unknown account and passwordless account identically (401 / 1011)", async () => {
    const email = uniqueEmail("same");
    await register(email);
    const passwordless = uniqueEmail("nopass");
    await env.db`insert into users (email, home_community_id) values (${passwordless}, 'alpha')`;

    const wrong = await login(email, "Wrong-pass-42");
    const unknown = await login(uniqueEmail("nobody"), "Wrong-pass-42");
    const noPassword = await login(passwordless, "Wrong-pass-42");
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 1011, msg: "Invalid login or password" });
    }
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(wrong.body));
    expect(withoutRequestId(noPassword.body)).toEqual(withoutRequestId(wrong.body));
    expect([...unknown.headers.keys()].sort()).toEqual([...wrong.headers.keys()].sort());
  });

  it("locks an address after 10 failures in 15 minutes, even for the right password", async () => {
    const email = uniqueEmail("lock");
    await register(email);
    for (let i = 0; i < 10; i++) {
      const res = await login(email, `Wrong-pass-${i}`);
      expect(res.status).toBe(401);
    }
    const eleventh = await login(email, "Wrong-pass-11");
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ code: 1006 });
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const right = await login(email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 1006 });

    // The lock is per address: another account signs in as usual.
    const other = uniqueEmail("unlocked");
    await register(other);
    expect((await login(other, PASSWORD)).status).toBe(200);
  });

  it("clears the failure count after a successful sign-in", async () => {
    const email = uniqueEmail("reset");
    await register(email);
    for (let i = 0; i < 9; i++) expect((await login(email, "Wrong-pass-42")).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(email, "Wrong-pass-42")).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("limits all login attempts to 100 per 15 minutes per IP", async () => {
    const ip = "198.51.100.7";
    const email = uniqueEmail("ip-login");
    await register(email);
    // 99 attempts already in this window (the 15-minute window is what the limit counts in).
    await env.db`insert into rate_limits (key, window_start, hits) values (${`login:ip:${ip}`}, now() - interval '14 minutes', 99)`;
    const hundredth = await login(email, PASSWORD, "alpha", { "x-forwarded-for": ip });
    expect(hundredth.status).toBe(200);
    const limited = await login(email, PASSWORD, "alpha", { "x-forwarded-for": ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1006 });
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // Another address is not affected; the same address is limited in every community.
    expect((await login(email, PASSWORD, "alpha", { "x-forwarded-for": "198.51.100.8" })).status).toBe(200);
    const elsewhere = await login(email, PASSWORD, "beta", { "x-forwarded-for": ip });
    expect(elsewhere.status).toBe(429);
    expect(withoutRequestId(elsewhere.body)).toEqual(withoutRequestId(limited.body));
  });

  it("counts one IP's attempts across communities in one budget", async () => {
    const ip = "198.51.100.9";
    const email = uniqueEmail("ip-spread");
    await register(email);
    await env.db`insert into rate_limits (key, window_start, hits) values (${`login:ip:${ip}`}, now(), 98)`;
    expect((await login(email, "Wrong-pass-1", "alpha", { "x-forwarded-for": ip })).status).toBe(401);
    expect((await login(email, "Wrong-pass-2", "beta", { "x-forwarded-for": ip })).status).toBe(401);
    const limited = await login(email, PASSWORD, "alpha", { "x-forwarded-for": ip });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1006 });
  });

  it("locks the account in every community after 10 failures in one of them", async () => {
    const email = uniqueEmail("lock-across");
    await register(email);
    for (let i = 0; i < 10; i++) expect((await login(email, `Wrong-pass-${i}`, "alpha")).status).toBe(401);
    const atAlpha = await login(email, PASSWORD, "alpha");
    expect(atAlpha.status).toBe(429);
    const atBeta = await login(email, PASSWORD, "beta");
    expect(atBeta.status).toBe(429);
    expect(withoutRequestId(atBeta.body)).toEqual(withoutRequestId(atAlpha.body));
    expect(atBeta.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("does not give a guesser a fresh budget per community", async () => {
    const email = uniqueEmail("lock-spread");
    await register(email);
    for (let i = 0; i < 5; i++) expect((await login(email, `Wrong-pass-${i}`, "alpha")).status).toBe(401);
    for (let i = 5; i < 10; i++) expect((await login(email, `Wrong-pass-${i}`, "beta")).status).toBe(401);
    const right = await login(email, PASSWORD, "alpha");
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 1006 });
  });

  it("is refused with 403 / 1008 where the community does not allow EMAIL", async () => {
    const email = uniqueEmail("gamma-login");
    await register(email);
    const res = await login(email, PASSWORD, "gamma");
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 1008 });
  });

  it("refuses a deleted account like an unknown one", async () => {
    const email = uniqueEmail("gone");
    await register(email);
    await env.db`update users set deleted_at = now() where email = ${email}`;
    const res = await login(email, PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1011 });
  });
});
