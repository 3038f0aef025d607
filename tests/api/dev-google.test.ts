import { getRequestListener } from "@hono/node-server";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_GOOGLE_CLIENT_ID, DEV_GOOGLE_ISSUER, devGoogleConfig, validateSessionToken } from "@tuesday/platform";
import { createApp } from "@tuesday/platform/http";
import { freePort } from "../support/net.ts";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";

/**
 * GOOGLE sign-in on a fresh development machine: the stand-in at /dev/google issues ID tokens, and
 * the real login route verifies them through the real path (the key set fetched over HTTP).
 */
let env: TestEnv;
let server: http.Server;
let n = 0;
const LOOPBACK = "127.0.0.1";
const uniq = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@dev.example`;


beforeAll(async () => {
  const port = await freePort();
  env = await createTestEnv({ config: { port, google: devGoogleConfig(port) } });
  await env.addTenants(tenantFixture("delta", { authConfig: [{ authType: "GOOGLE", externalContent: { clientId: "delta-client" } }] }));
  const listener = getRequestListener(env.app.fetch);
  server = http.createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(port, resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await env?.close();
});

async function standInToken(email: string, tenant = "alpha"): Promise<string> {
  const res = await env.request<{ credential: string }>("POST", "/dev/google/token", { tenant, body: { email }, peer: LOOPBACK });
  expect(res.status).toBe(200);
  return res.body.credential;
}

const google = (token: string, tenant = "alpha") => env.request("POST", "/api/auth/login/google", { tenant, body: { token } });

describe("the development Google stand-in", () => {
  it("issues a token the real Google login route accepts, and a session for that e-mail", async () => {
    const email = uniq("g");
    const res = await google(await standInToken(email));
    expect(res).toMatchObject({ status: 200, body: { token: expect.any(String), firstLogin: true } });
    const session = await validateSessionToken(env.db, res.body.token, "alpha");
    expect(session?.user.email).toBe(email);
    expect(session?.session.authMethod).toBe("GOOGLE");
    const [identity] = await env.db<{ issuer: string }[]>`select issuer from user_identities where user_id = ${session?.user.id ?? ""}`;
    expect(identity?.issuer).toBe(DEV_GOOGLE_ISSUER);

    const again = await google(await standInToken(email));
    expect(again).toMatchObject({ status: 200, body: { firstLogin: false } });
    expect((await validateSessionToken(env.db, again.body.token, "alpha"))?.user.id).toBe(session?.user.id);
  });

  it("refuses a token signed by another key under the stand-in's key id (401 1011)", async () => {
    const certs = await env.request<{ keys: { kid: string }[] }>("GET", "/dev/google/certs", { peer: LOOPBACK });
    const kid = certs.body.keys[0]?.kid ?? "";
    expect(kid).not.toBe("");
    const foreign = await generateKeyPair("RS256");
    const forged = await new SignJWT({ email: uniq("forged"), email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(DEV_GOOGLE_ISSUER)
      .setAudience(DEV_GOOGLE_CLIENT_ID)
      .setSubject("dev-forged")
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(foreign.privateKey);
    expect(await google(forged)).toMatchObject({ status: 401, body: { code: 1011 } });
    // The key set publishes only public keys.
    expect(JSON.stringify(certs.body)).not.toMatch(/"d":/);
    expect((await exportJWK(foreign.publicKey)).n).not.toBe((certs.body.keys[0] as { n?: string }).n);
  });

  it("issues to the community's own client id, so a token of one community is refused in another", async () => {
    const email = uniq("delta");
    const deltaToken = await standInToken(email, "delta");
    expect(await google(deltaToken, "delta")).toMatchObject({ status: 200 });
    expect(await google(deltaToken, "alpha")).toMatchObject({ status: 401, body: { code: 1011 } });
  });

  it("refuses a token request without an e-mail (400)", async () => {
    const res = await env.request("POST", "/dev/google/token", { body: { email: "not-an-email" }, peer: LOOPBACK });
    expect(res).toMatchObject({ status: 400, body: { code: 1001 } });
  });

  it("tells the member app where to get the token: client id and the stand-in's page", async () => {
    const res = await env.request("GET", "/api/community/get-by-id?communityId=alpha");
    const entry = res.body.authConfig.find((a: { authType: string }) => a.authType === "GOOGLE");
    expect(entry.externalContent).toEqual({ clientId: DEV_GOOGLE_CLIENT_ID, codeUrl: "/dev/google/sign-in" });
    const page = await env.request("GET", "/dev/google/sign-in", { peer: LOOPBACK });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/dev/google/sign-in.js"></script>');
    const script = await env.request("GET", "/dev/google/sign-in.js", { peer: LOOPBACK });
    expect(script.body).toContain('window.opener.postMessage({ type: "tuesday-dev-google", credential: out.credential }, location.origin)');
  });

  it("is not served without devTools", async () => {
    const production = createApp({ ...env.deps, config: { ...env.config, devTools: false } });
    expect((await production.request("/dev/google/certs", { headers: { host: "alpha.localhost" } })).status).toBe(404);
  });
});
