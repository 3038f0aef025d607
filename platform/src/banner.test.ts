import path from "node:path";
import { describe, expect, it } from "vitest";
import { startupBanner } from "./banner.ts";
import { type AppConfig, devGoogleConfig, testConfig } from "./config.ts";
import { loadTenantsDir } from "./community/load-tenants.ts";
import { tenantUrl, withServerPort } from "./tenancy/service.ts";

const tenantsDir = path.resolve(import.meta.dirname, "../../tenants");

async function banner(port: number, overrides: Partial<AppConfig> = {}): Promise<string> {
  const config = testConfig({
    port,
    tenantUrlTemplate: "http://{id}.localhost:{port}",
    secrets: { DEMO_SSO: "dev-secret" },
    google: devGoogleConfig(port),
    ...overrides,
  });
  const tenants = (await loadTenantsDir(tenantsDir)).map(({ config: c }) => ({
    id: c.id,
    domain: c.domain,
    config: withServerPort(c, port),
    url: tenantUrl(c, config.tenantUrlTemplate, port),
  }));
  return startupBanner(config, { port, readyMs: 1500, tenants });
}

describe("the start-up banner", () => {
  it.each([3000, 3456, 41234])("lists every development URL on port %i", async (port) => {
    const text = await banner(port);
    expect(text).toContain(`Tuesday is running (ready in 1.5 s) on port ${port}.`);
    expect(text).toContain(`  Точка сборки                 http://tochka.localhost:${port}\n`);
    expect(text).toContain(`  API reference               http://localhost:${port}/api/docs\n`);
    expect(text).toContain(`  Dev outbox (mail)           http://localhost:${port}/dev/mail\n`);
    expect(text).toContain(`  Dev SSO provider            http://localhost:${port}/dev/oidc\n`);
    expect(text).toContain(`  Dev Google sign-in          http://localhost:${port}/dev/google/sign-in\n`);
    expect(text).not.toMatch(port === 3000 ? /:(?!3000)\d{4,5}\b/ : /:3000\b/);
  });

  it("has no development lines without devTools, nor an SSO line when the provider has no client", async () => {
    const production = await banner(3456, { devTools: false, isProduction: true, secrets: {} });
    expect(production).not.toContain("/dev/");
    expect(production).toContain("http://localhost:3456/api/docs");
    expect(await banner(3456, { secrets: {} })).not.toContain("Dev SSO provider");
    const realGoogle = { jwksUrl: "https://www.googleapis.com/oauth2/v3/certs", issuers: ["https://accounts.google.com"], clientId: "real" };
    expect(await banner(3456, { google: realGoogle })).not.toContain("Dev Google sign-in");
  });
});
