import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, validateSessionToken } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { startOidcProvider, type TestOidcProvider } from "../support/oidc-provider.ts";
import { tenantFixture } from "../support/tenants.ts";

const COOKIE = "__Host-tuesday_oauth";
const SSO_FAILED = "/login?error=sso_failed";
let env: TestEnv;
let idp: TestOidcProvider;
let n = 0;
const uniq = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}`;

beforeAll(async () => {
  idp = await startOidcProvider({
    clientId: "tuesday-gamma",
    clientSecret: "gamma-client-secret-0123456789",
    redirectUri: "http://gamma.localhost:3000/api/auth/oauth2/callback",
  });
  env = await createTestEnv({ config: { secrets: { GAMMA: idp.clientSecret } } });
  await env.addTenants(
    tenantFixture("gamma", {
      authConfig: [{ authType: "OAUTH2", oauth2: { issuer: idp.issuer, clientId: idp.clientId, clientSecretRef: "GAMMA", scopes: ["openid", "email"] } }],
    }),
  );
});
afterAll(async () => {
  await env?.close();
  await idp?.close();
});

type Started = { location: URL; state: string; cookie: string; setCookie: string };

async function authorize(backTo?: string): Promise<Started> {
  const res = await env.request("GET", `/api/auth/oauth2/authorize${backTo ? `?backTo=${encodeURIComponent(backTo)}` : ""}`, { tenant: "gamma" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location") ?? "");
  const setCookie = res.headers.get("set-cookie") ?? "";
  const value = new RegExp(`${COOKIE}=([^;]+)`).exec(setCookie)?.[1] ?? "";
  return { location, state: location.searchParams.get("state") ?? "", cookie: `${COOKIE}=${value}`, setCookie };
}

const callback = (search: string, cookie?: string) =>
  env.request("GET", `/api/auth/oauth2/callback${search}`, { tenant: "gamma", headers: cookie ? { cookie } : {} });

/** Sessions and transfer codes (the callback's only output) issued in gamma so far. */
const gammaSessions = async () =>
  (await env.db<{ n: number }[]>`
    select (select count(*) from sessions where community_id = 'gamma') + (select count(*) from auth_tokens where community_id = 'gamma' and kind = 'transfer') as n`)[0]?.n ?? 0;

describe("OAuth2 / OpenID Connect single sign-on", () => {
  it("signs in end to end against a real provider and hands over a transfer code", async () => {
    const email = `${uniq("sso")}@corp.example`;
    idp.setAccount({ sub: uniq("sub"), email });
    const started = await authorize("/events/5?x=1");
    expect(started.location.origin).toBe(idp.issuer);
    expect(started.location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(started.location.searchParams.get("code_challenge")).toBeTruthy();
    expect(started.location.searchParams.get("nonce")).toBeTruthy();
    expect(started.location.searchParams.get("redirect_uri")).toBe("http://gamma.localhost:3000/api/auth/oauth2/callback");
    expect(started.setCookie).toMatch(/HttpOnly/);
    expect(started.setCookie).toMatch(/Secure/);
    expect(started.setCookie).toMatch(/SameSite=Lax/);
    expect(started.setCookie).toMatch(/Path=\//);
    expect(started.cookie).toBe(`${COOKIE}=${started.state}`);

    const back = await idp.authorize(started.location.toString());
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.get("state")).toBe(started.state);

    const res = await callback(back.search, started.cookie);
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get("location") ?? "", "http://gamma.localhost:3000");
    expect(target.pathname).toBe("/events/5");
    expect(target.searchParams.get("x")).toBe("1");
    expect(target.searchParams.get("firstLogin")).toBe("true");
    const code = target.searchParams.get("token") ?? "";
    expect(code).toBeTruthy();
    expect(res.headers.get("set-cookie")).toMatch(new RegExp(`${COOKIE}=;.*Max-Age=0`));

    const ok = await env.request("POST", "/api/auth/transfer/exchange", { tenant: "gamma", body: { code } });
    expect(ok).toMatchObject({ status: 200, body: { token: expect.any(String), firstLogin: true } });
    expect(ok.body.token).not.toBe(code);
    const session = await validateSessionToken(env.db, ok.body.token, "gamma");
    expect(session?.session).toMatchObject({ communityId: "gamma", authMethod: "OAUTH2" });
    expect(session?.user.email).toBe(email);
    const info = await env.request("GET", "/api/auth/session", { tenant: "gamma", token: ok.body.token });
    expect(info).toMatchObject({ status: 200, body: { communityId: "gamma", authMethod: "OAUTH2", userId: session?.user.id } });
    expect((await env.request("GET", "/api/auth/session", { tenant: "alpha", token: ok.body.token })).status).toBe(401);
    const [identity] = await env.db`select 1 from user_identities where issuer = ${idp.issuer} and user_id = ${session?.user.id ?? ""}`;
    expect(identity).toBeTruthy();
    // The transfer code is single use.
    expect(await env.request("POST", "/api/auth/transfer/exchange", { tenant: "gamma", body: { code } })).toMatchObject({ status: 400, body: { code: 1010 } });
  });

  it("links a returning identity to the same account (firstLogin false)", async () => {
    const sub = uniq("sub");
    idp.setAccount({ sub, email: `${uniq("again")}@corp.example` });
    const ids: string[] = [];
    for (const expected of ["true", "false"]) {
      const started = await authorize();
      const back = await idp.authorize(started.location.toString());
      const res = await callback(back.search, started.cookie);
      const target = new URL(res.headers.get("location") ?? "", "http://gamma.localhost:3000");
      expect(target.pathname).toBe("/");
      expect(target.searchParams.get("firstLogin")).toBe(expected);
      const ok = await env.request("POST", "/api/auth/transfer/exchange", { tenant: "gamma", body: { code: target.searchParams.get("token") } });
      ids.push((await validateSessionToken(env.db, ok.body.token, "gamma"))?.user.id ?? "");
    }
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
  });

  it("links to an existing account by a verified e-mail", async () => {
    const email = `${uniq("existing")}@corp.example`;
    const user = await insertUser(env.db, { email, homeCommunityId: "alpha", preferredLang: "en" });
    idp.setAccount({ sub: uniq("sub"), email, emailVerified: true });
    const started = await authorize();
    const back = await idp.authorize(started.location.toString());
    const target = new URL((await callback(back.search, started.cookie)).headers.get("location") ?? "", "http://gamma.localhost:3000");
    const ok = await env.request("POST", "/api/auth/transfer/exchange", { tenant: "gamma", body: { code: target.searchParams.get("token") } });
    expect((await validateSessionToken(env.db, ok.body.token, "gamma"))?.user.id).toBe(user.id);
  });

  it("refuses a state that does not match the cookie, and a missing cookie", async () => {
    idp.setAccount({ sub: uniq("sub"), email: `${uniq("state")}@corp.example` });
    const before = await gammaSessions();
    const started = await authorize();
    const back = await idp.authorize(started.location.toString());
    const other = await authorize();
    const mismatch = await callback(back.search, other.cookie);
    expect(mismatch.status).toBe(302);
    expect(mismatch.headers.get("location")).toBe(SSO_FAILED);
    const missing = await callback(back.search);
    expect(missing.headers.get("location")).toBe(SSO_FAILED);
    expect(await gammaSessions()).toBe(before);
    // The untouched state still completes for the browser that holds the right cookie.
    const ok = await callback(back.search, started.cookie);
    expect(ok.headers.get("location")).toMatch(/^\/\?token=/);
  });

  it("refuses a replayed callback (same code and state)", async () => {
    idp.setAccount({ sub: uniq("sub"), email: `${uniq("replay")}@corp.example` });
    const started = await authorize();
    const back = await idp.authorize(started.location.toString());
    const first = await callback(back.search, started.cookie);
    expect(first.headers.get("location")).toMatch(/^\/\?token=/);
    const before = await gammaSessions();
    const second = await callback(back.search, started.cookie);
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe(SSO_FAILED);
    expect(await gammaSessions()).toBe(before);
  });

  it("refuses an ID token whose nonce was tampered with", async () => {
    idp.setAccount({ sub: uniq("sub"), email: `${uniq("nonce")}@corp.example` });
    const before = await gammaSessions();
    const started = await authorize();
    started.location.searchParams.set("nonce", "attacker-chosen-nonce");
    const back = await idp.authorize(started.location.toString());
    const res = await callback(back.search, started.cookie);
    expect(res.headers.get("location")).toBe(SSO_FAILED);
    expect(await gammaSessions()).toBe(before);
  });

  it("turns a provider error into a redirect to the login page", async () => {
    const started = await authorize();
    const res = await callback(`?error=access_denied&state=${started.state}`, started.cookie);
    expect(res).toMatchObject({ status: 302 });
    expect(res.headers.get("location")).toBe(SSO_FAILED);
  });

  it("refuses a forged authorization code", async () => {
    const started = await authorize();
    const res = await callback(`?code=forged-code&state=${started.state}`, started.cookie);
    expect(res.headers.get("location")).toBe(SSO_FAILED);
  });

  it("drops an off-site backTo", async () => {
    idp.setAccount({ sub: uniq("sub"), email: `${uniq("offsite")}@corp.example` });
    const started = await authorize("https://evil.example/steal");
    const back = await idp.authorize(started.location.toString());
    expect((await callback(back.search, started.cookie)).headers.get("location")).toMatch(/^\/\?token=/);
  });

  it("refuses to start where OAUTH2 is not allowed (403 1008)", async () => {
    const res = await env.request("GET", "/api/auth/oauth2/authorize", { tenant: "alpha" });
    expect(res).toMatchObject({ status: 403, body: { code: 1008 } });
  });
});
