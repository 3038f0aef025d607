import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateSessionToken } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";

let env: TestEnv;
let n = 0;

beforeAll(async () => {
  env = await createTestEnv();
  await env.addTenants(tenantFixture("gamma"));
});
afterAll(async () => env?.close());

/** A member signed in on alpha (by e-mailed code) who also participates in beta. */
async function member(): Promise<{ token: string; userId: string }> {
  const email = `transfer-${Date.now().toString(36)}-${n++}@example.com`;
  await env.request("POST", "/api/auth/otp/challenge", { body: { login: email } });
  const code = /\b(\d{6})\b/.exec((await env.mailTo(email))[0]?.text ?? "")?.[1] ?? "";
  const res = await env.request("POST", "/api/auth/otp/validate", { body: { login: email, password: code } });
  const session = await validateSessionToken(env.db, res.body.token, "alpha");
  if (!session) throw new Error("sign-in failed");
  await env.db`insert into participants (community_id, user_id, moderation_status) values ('beta', ${session.user.id}, 'confirmed')`;
  return { token: res.body.token, userId: session.user.id };
}

const transfer = (token: string | undefined, communityId: string, tenant = "alpha") =>
  env.request("POST", "/api/auth/transfer", { tenant, token, body: { communityId } });
const exchange = (code: string, tenant = "beta") => env.request("POST", "/api/auth/transfer/exchange", { tenant, body: { code } });
const codeOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

describe("transfer codes", () => {
  it("moves a member to another of their communities with a new session there", async () => {
    const m = await member();
    const res = await transfer(m.token, "beta");
    expect(res.status).toBe(200);
    expect(res.body.expiresInSeconds).toBe(30);
    const url = new URL(res.body.url);
    expect(url.origin).toBe("http://beta.localhost:3000");
    expect(url.searchParams.get("firstLogin")).toBe("false");
    const code = codeOf(res.body.url);
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect(code).not.toBe(m.token);

    const ok = await exchange(code);
    expect(ok).toMatchObject({ status: 200, body: { token: expect.any(String), firstLogin: false } });
    expect(ok.body.token).not.toBe(m.token);
    const session = await validateSessionToken(env.db, ok.body.token, "beta");
    expect(session?.session).toMatchObject({ userId: m.userId, communityId: "beta", authMethod: "TRANSFER" });
    // The new beta session is worth nothing on alpha, and the alpha token nothing on beta.
    expect(await validateSessionToken(env.db, ok.body.token, "alpha")).toBeNull();
    expect(await transfer(m.token, "alpha", "beta")).toMatchObject({ status: 401, body: { code: 1004 } });
    expect((await env.request("GET", "/api/auth/session", { tenant: "beta", token: m.token })).status).toBe(401);
    const info = await env.request("GET", "/api/auth/session", { tenant: "beta", token: ok.body.token });
    expect(info).toMatchObject({ status: 200, body: { communityId: "beta", userId: m.userId, authMethod: "TRANSFER" } });
    expect((await transfer(ok.body.token, "alpha", "beta")).status).toBe(200);
  });

  it("works once", async () => {
    const m = await member();
    const code = codeOf((await transfer(m.token, "beta")).body.url);
    expect((await exchange(code)).status).toBe(200);
    expect(await exchange(code)).toMatchObject({ status: 400, body: { code: 1010 } });
  });

  it("works on the target community only", async () => {
    const m = await member();
    const code = codeOf((await transfer(m.token, "beta")).body.url);
    expect(await exchange(code, "alpha")).toMatchObject({ status: 400, body: { code: 1010 } });
    expect(await exchange(code, "gamma")).toMatchObject({ status: 400, body: { code: 1010 } });
    expect((await exchange(code, "beta")).status).toBe(200);
  });

  it("expires", async () => {
    const m = await member();
    const code = codeOf((await transfer(m.token, "beta")).body.url);
    await env.db`update auth_tokens set expires_at = now() - interval '1 second' where kind = 'transfer' and user_id = ${m.userId}`;
    expect(await exchange(code)).toMatchObject({ status: 400, body: { code: 1010 } });
  });

  it("allows the home community, answers 404 for a community the user is not in or that does not exist", async () => {
    const m = await member();
    expect((await transfer(m.token, "alpha")).status).toBe(200);
    expect(await transfer(m.token, "gamma")).toMatchObject({ status: 404, body: { code: 1002 } });
    expect(await transfer(m.token, "nowhere")).toMatchObject({ status: 404, body: { code: 1002 } });
  });

  it("requires a session", async () => {
    expect(await transfer(undefined, "beta")).toMatchObject({ status: 401, body: { code: 1004 } });
  });

  it("refuses unknown codes and malformed bodies", async () => {
    expect(await exchange("x".repeat(32))).toMatchObject({ status: 400, body: { code: 1010 } });
    expect(await env.request("POST", "/api/auth/transfer/exchange", { tenant: "beta", body: {} })).toMatchObject({ status: 400, body: { code: 1001 } });
  });
});
