
import fs from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TenantConfigInput } from "@tuesday/platform";
import { createHttpServer, DEV_OIDC_PATH, devOidcProvider } from "@tuesday/platform/http";
import { freePort } from "../support/net.ts";
import { createTestEnv, type TestEnv } from "../support/harness.ts";

/**
 * Development on a port other than 3000: the demo tenant `tochka` signs in through the development
 * OpenID Connect provider that the server itself serves, so its issuer must follow PORT.
 */
let env: TestEnv;
let server: http.Server;
let port: number;


beforeAll(async () => {
  port = await freePort();
  env = await createTestEnv({
    config: { port, tenantUrlTemplate: "http://{id}.localhost:{port}", secrets: { DEMO_SSO: "tuesday-dev-sso-secret" } },
  });
  const tochka = JSON.parse(await fs.readFile(path.resolve(import.meta.dirname, "../../tenants/tochka/tenant.json"), "utf8")) as TenantConfigInput;
  await env.addTenants(tochka);
  const devOidc = await devOidcProvider(env.config, await env.deps.tenants.list());
  server = createHttpServer(env.app, devOidc ? { devOidc } : {});
  await new Promise<void>((resolve) => server.listen(port, resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await env?.close();
});

describe("the development SSO provider follows PORT", () => {
  it("serves a discovery document whose issuer is on the server's port", async () => {
    const res = await fetch(`http://localhost:${port}${DEV_OIDC_PATH}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { issuer: string; authorization_endpoint: string };
    expect(doc.issuer).toBe(`http://localhost:${port}${DEV_OIDC_PATH}`);
    expect(doc.authorization_endpoint.startsWith(`http://localhost:${port}${DEV_OIDC_PATH}/`)).toBe(true);
  });

  it("sends tochka's SSO button to the provider on that port, which shows its sign-in page", async () => {
    const res = await env.request("GET", "/api/auth/oauth2/authorize", { tenant: "tochka" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`http://localhost:${port}${DEV_OIDC_PATH}/auth`);
    expect(location.searchParams.get("client_id")).toBe("tuesday-demo");
    expect(location.searchParams.get("redirect_uri")).toBe(`http://tochka.localhost:${port}/api/auth/oauth2/callback`);

    const toLogin = await fetch(location, { redirect: "manual" });
    expect(toLogin.status).toBe(303);
    const cookie = toLogin.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const login = await fetch(new URL(toLogin.headers.get("location") ?? "", location), { headers: { cookie } });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("Development SSO");
  });

  it("keeps the placeholder out of every URL the community publishes", async () => {
    const tenant = await env.deps.tenants.require("tochka");
    expect(tenant.url).toBe(`http://tochka.localhost:${port}`);
    expect(JSON.stringify(tenant.config)).not.toContain("{port}");
  });
});
