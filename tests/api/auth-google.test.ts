import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, validateSessionToken } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { type JwksServer, startJwksServer } from "../support/jwks-server.ts";
import { tenantFixture } from "../support/tenants.ts";

const ISSUER = "https://accounts.google.com";
let env: TestEnv;
let jwks: JwksServer;
let n = 0;
const uniq = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}`;

beforeAll(async () => {
  jwks = await startJwksServer({ issuer: ISSUER, audience: "test-client" });
  env = await createTestEnv({ config: { google: { jwksUrl: jwks.url, issuers: [ISSUER], clientId: "test-client" } } });
  await env.addTenants(
    tenantFixture("gamma", { authConfig: [{ authType: "EMAIL" }] }),
    tenantFixture("delta", { authConfig: [{ authType: "GOOGLE", externalContent: { clientId: "delta-client" } }] }),
  );
});
afterAll(async () => {
  await env?.close();
  await jwks?.close();
});

const google = (token: string, tenant = "alpha") => env.request("POST", "/api/auth/login/google", { tenant, body: { token } });

describe("Google sign-in", () => {
  it("creates the account and the identity on first sign-in", async () => {
    const sub = uniq("sub");
    const email = `${uniq("g")}@gmail.example`;
    const res = await google(await jwks.sign({ sub, email, email_verified: true }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.any(String), firstLogin: true });
    const [identity] = await env.db<{ userId: string; email: string }[]>`
      select user_id as "userId", email from user_identities where issuer = ${ISSUER} and subject = ${sub}`;
    expect(identity?.email).toBe(email);
    const [user] = await env.db<{ id: string; verified: boolean }[]>`
      select id, email_verified_at is not null as verified from users where email = ${email}`;
    expect(user).toMatchObject({ id: identity?.userId, verified: true });
    const session = await validateSessionToken(env.db, res.body.token, "alpha");
    expect(session?.session).toMatchObject({ userId: user?.id, authMethod: "GOOGLE" });
  });

  it("finds the account again by (issuer, subject) even when the e-mail claim changed", async () => {
    const sub = uniq("sub");
    const first = await google(await jwks.sign({ sub, email: `${uniq("a")}@gmail.example`, email_verified: true }));
    const second = await google(await jwks.sign({ sub, email: `${uniq("b")}@gmail.example`, email_verified: true }));
    expect(second).toMatchObject({ status: 200, body: { firstLogin: false } });
    const a = await validateSessionToken(env.db, first.body.token, "alpha");
    const b = await validateSessionToken(env.db, second.body.token, "alpha");
    expect(b?.user.id).toBe(a?.user.id);
  });

  it("links to an existing account by e-mail when email_verified is true", async () => {
    const email = `${uniq("link")}@example.com`;
    const existing = await insertUser(env.db, { email, homeCommunityId: "alpha", preferredLang: "en" });
    const res = await google(await jwks.sign({ sub: uniq("sub"), email, email_verified: true }));
    expect(res.status).toBe(200);
    expect((await validateSessionToken(env.db, res.body.token, "alpha"))?.user.id).toBe(existing.id);
  });

  it("never links to an existing account when email_verified is not true (409 1012)", async () => {
    const email = `${uniq("taken")}@example.com`;
    await insertUser(env.db, { email, homeCommunityId: "alpha", preferredLang: "en" });
    for (const claim of [false, "true", undefined]) {
      const sub = uniq("sub");
      const res = await google(await jwks.sign({ sub, email, ...(claim === undefined ? {} : { email_verified: claim }) }));
      expect(res).toMatchObject({ status: 409, body: { code: 1012 } });
      const rows = await env.db`select 1 from user_identities where subject = ${sub}`;
      expect(rows).toHaveLength(0);
    }
  });

  it("creates a new, unverified account for an unverified e-mail that is free", async () => {
    const email = `${uniq("free")}@example.com`;
    const res = await google(await jwks.sign({ sub: uniq("sub"), email, email_verified: false }));
    expect(res.status).toBe(200);
    const [user] = await env.db<{ verified: boolean }[]>`select email_verified_at is not null as verified from users where email = ${email}`;
    expect(user?.verified).toBe(false);
  });

  it.each([
    ["wrong audience", () => jwks.sign({ sub: "x", email: "x@example.com", email_verified: true }, { audience: "someone-else" })],
    ["wrong issuer", () => jwks.sign({ sub: "x", email: "x@example.com", email_verified: true }, { issuer: "https://evil.example" })],
    ["expired", () => jwks.sign({ sub: "x", email: "x@example.com", email_verified: true }, { expiresAt: Math.floor(Date.now() / 1000) - 600 })],
    ["another key", () => jwks.signWithForeignKey({ sub: "x", email: "x@example.com", email_verified: true })],
    ["not a JWT", async () => "not.a.jwt"],
  ])("refuses a token with %s (401 1011)", async (_label, make) => {
    const res = await google(await make());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 1011 });
  });

  it("uses the tenant's own client id as the audience when it has one", async () => {
    const email = `${uniq("delta")}@example.com`;
    const wrongAud = await google(await jwks.sign({ sub: uniq("sub"), email, email_verified: true }), "delta");
    expect(wrongAud).toMatchObject({ status: 401, body: { code: 1011 } });
    const ok = await google(await jwks.sign({ sub: uniq("sub"), email, email_verified: true }, { audience: "delta-client" }), "delta");
    expect(ok.status).toBe(200);
  });

  it("works through POST /api/auth/login with authType GOOGLE", async () => {
    const token = await jwks.sign({ sub: uniq("sub"), email: `${uniq("disp")}@example.com`, email_verified: true });
    const res = await env.request("POST", "/api/auth/login", { body: { authType: "GOOGLE", token, backTo: "/events" } });
    expect(res).toMatchObject({ status: 200, body: { firstLogin: true, backTo: "/events" } });
  });

  it("refuses GOOGLE where the tenant does not allow it (403 1008)", async () => {
    const res = await google(await jwks.sign({ sub: uniq("sub"), email: `${uniq("g")}@example.com`, email_verified: true }), "gamma");
    expect(res).toMatchObject({ status: 403, body: { code: 1008 } });
  });
});

describe("Google sign-in without configuration", () => {
  let bare: TestEnv;
  beforeAll(async () => {
    bare = await createTestEnv({ config: { google: { jwksUrl: jwks.url, issuers: [ISSUER], clientId: undefined } } });
  });
  afterAll(async () => bare?.close());

  it("answers 501 1017 when no client id is configured", async () => {
    const token = await jwks.sign({ sub: "x", email: "x@example.com", email_verified: true });
    const res = await bare.request("POST", "/api/auth/login/google", { body: { token } });
    expect(res).toMatchObject({ status: 501, body: { code: 1017 } });
  });
});
