import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, validateSessionToken } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";

let env: TestEnv;
let n = 0;
const email = (tag: string) => `otp-${tag}-${Date.now().toString(36)}-${n++}@example.com`;

beforeAll(async () => {
  env = await createTestEnv();
  await env.addTenants(tenantFixture("gamma", { authConfig: [{ authType: "EMAIL" }] }));
});
afterAll(async () => env?.close());

async function challenge(login: string, tenant = "alpha", headers: Record<string, string> = {}) {
  return env.request("POST", "/api/auth/otp/challenge", { tenant, body: { login }, headers });
}

async function latestCode(to: string): Promise<string> {
  const [mail] = await env.mailTo(to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

const validate = (login: string, password: string, tenant = "alpha") =>
  env.request("POST", "/api/auth/otp/validate", { tenant, body: { login, password } });

/** A code that is certainly not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("OTP challenge and validate", () => {
  it("signs a new address up: account created, e-mail verified, firstLogin true", async () => {
    const to = email("new");
    const res = await challenge(to);
    expect(res).toMatchObject({ status: 200, body: { status: "CODE_SENT" } });
    const [mail] = await env.mailTo(to);
    expect(mail).toMatchObject({ template: "otp", lang: "en", communityId: "alpha" });
    const ok = await validate(to, await latestCode(to));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token: expect.any(String), firstLogin: true });
    const [user] = await env.db<{ emailVerifiedAt: Date | null; homeCommunityId: string }[]>`
      select email_verified_at as "emailVerifiedAt", home_community_id as "homeCommunityId" from users where email = ${to}`;
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user?.homeCommunityId).toBe("alpha");
    const session = await validateSessionToken(env.db, ok.body.token, "alpha");
    expect(session?.session.authMethod).toBe("OTP");
  });

  it("signs an existing account in with firstLogin false, mail in the account's language", async () => {
    const to = email("known");
    await insertUser(env.db, { email: to, homeCommunityId: "alpha", preferredLang: "ru" });
    await challenge(to);
    expect((await env.mailTo(to))[0]?.lang).toBe("ru");
    const first = await validate(to, await latestCode(to));
    expect(first.body.firstLogin).toBe(true);
    await challenge(to);
    const second = await validate(to, await latestCode(to));
    expect(second).toMatchObject({ status: 200, body: { firstLogin: false } });
  });

  it("mails unknown addresses in the tenant's default language", async () => {
    const to = email("ru");
    await challenge(to, "beta");
    expect((await env.mailTo(to))[0]).toMatchObject({ lang: "ru", communityId: "beta" });
  });

  it("works through POST /api/auth/login with authType NONE (202 then 200)", async () => {
    const to = email("login");
    const sent = await env.request("POST", "/api/auth/login", { body: { authType: "NONE", email: to } });
    expect(sent).toMatchObject({ status: 202, body: { status: "CODE_SENT" } });
    const ok = await env.request("POST", "/api/auth/login", { body: { authType: "NONE", email: to, password: await latestCode(to) } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token: expect.any(String), firstLogin: true });
  });

  it("refuses a wrong code with 1009", async () => {
    const to = email("wrong");
    await challenge(to);
    const res = await validate(to, wrong(await latestCode(to)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1009, msg: "Invalid one-time code" });
  });

  it("refuses a code for an address that never asked for one", async () => {
    const res = await validate(email("never"), "123456");
    expect(res).toMatchObject({ status: 400, body: { code: 1009 } });
  });

  it("burns a code after 5 wrong tries: the right one fails afterwards", async () => {
    const to = email("burn");
    await challenge(to);
    const code = await latestCode(to);
    for (let i = 0; i < 5; i++) expect((await validate(to, wrong(code))).body.code).toBe(1009);
    // Lift the per-account limit so only the per-code limit is under test.
    await env.db`delete from rate_limits where key like ${"otp-fail:%"} and key like ${`%${to}`}`;
    const res = await validate(to, code);
    expect(res).toMatchObject({ status: 400, body: { code: 1009 } });
  });

  it("limits wrong tries per account to 5 in 30 minutes, across codes and IPs: then 429 even for a fresh right code", async () => {
    const to = email("acct");
    for (let i = 0; i < 5; i++) {
      await challenge(to, "alpha", { "x-forwarded-for": `198.51.100.${i + 1}` });
      const code = await latestCode(to);
      const res = await env.request("POST", "/api/auth/otp/validate", {
        body: { login: to, password: wrong(code) },
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
      });
      expect(res.body.code).toBe(1009);
    }
    await env.db`delete from rate_limits where key = ${`signin-mail:email:${to}`}`;
    await challenge(to);
    const res = await validate(to, await latestCode(to));
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 1006 });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses an expired code with 1009", async () => {
    const to = email("expired");
    await challenge(to);
    const code = await latestCode(to);
    await env.db`update auth_tokens set expires_at = now() - interval '1 second' where email = ${to} and kind = 'otp'`;
    expect((await validate(to, code)).body).toMatchObject({ code: 1009 });
  });

  it("refuses a reused code with 1009", async () => {
    const to = email("reuse");
    await challenge(to);
    const code = await latestCode(to);
    expect((await validate(to, code)).status).toBe(200);
    expect((await validate(to, code)).body).toMatchObject({ code: 1009 });
  });

  it("a new challenge supersedes the previous code", async () => {
    const to = email("supersede");
    await challenge(to);
    const old = await latestCode(to);
    await challenge(to);
    const fresh = await latestCode(to);
    if (old !== fresh) expect((await validate(to, old)).body).toMatchObject({ code: 1009 });
    expect((await validate(to, fresh)).status).toBe(200);
  });

  it("stores codes only hashed", async () => {
    const to = email("hashed");
    await challenge(to);
    const code = await latestCode(to);
    const rows = await env.db<{ tokenHash: Uint8Array; data: unknown }[]>`
      select token_hash as "tokenHash", data from auth_tokens where email = ${to}`;
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]?.tokenHash ?? []).toString("utf8")).not.toContain(code);
    expect(JSON.stringify(rows[0]?.data)).not.toContain(code);
  });

  it("refuses OTP where the tenant does not allow it (403 1008)", async () => {
    const to = email("gamma");
    expect(await challenge(to, "gamma")).toMatchObject({ status: 403, body: { code: 1008 } });
    expect(await validate(to, "123456", "gamma")).toMatchObject({ status: 403, body: { code: 1008 } });
    expect(await env.mailTo(to)).toHaveLength(0);
  });

  it("answers known and unknown addresses identically", async () => {
    const known = email("same-known");
    await insertUser(env.db, { email: known, homeCommunityId: "alpha", preferredLang: "en" });
    const unknown = email("same-unknown");
    const a = await challenge(known);
    const b = await challenge(unknown);
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    expect(await env.mailTo(known)).toHaveLength(1);
    expect(await env.mailTo(unknown)).toHaveLength(1);
  });

  it("rate-limits challenges per address (5 an hour)", async () => {
    const to = email("rl");
    for (let i = 0; i < 5; i++) expect((await challenge(to)).status).toBe(200);
    const res = await challenge(to);
    expect(res).toMatchObject({ status: 429, body: { code: 1006 } });
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(await env.mailTo(to)).toHaveLength(5);
  });

  it("rate-limits challenges per IP (30 an hour)", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 30; i++) expect((await challenge(email(`ip${i}`), "alpha", { "x-forwarded-for": ip })).status).toBe(200);
    const res = await challenge(email("ip-over"), "alpha", { "x-forwarded-for": ip });
    expect(res).toMatchObject({ status: 429, body: { code: 1006 } });
  });

  it("a code issued on alpha does not sign in on beta", async () => {
    const to = email("cross");
    await challenge(to, "alpha");
    const code = await latestCode(to);
    expect((await validate(to, code, "beta")).body).toMatchObject({ code: 1009 });
    // The alpha code still works at home (only the wrong-community try was counted).
    expect((await validate(to, code, "alpha")).status).toBe(200);
  });

  it("validates the payload (400 1001 for a malformed e-mail)", async () => {
    const res = await env.request("POST", "/api/auth/otp/challenge", { body: { login: "not-an-email" } });
    expect(res).toMatchObject({ status: 400, body: { code: 1001 } });
  });
});
