import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TenantConfigInput, TenantConfigSchema } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";

/** The spec 1 tenant variants: stored in tenant.json, handed to the browser with the community. */
let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
  const northbank = JSON.parse(await fs.readFile(path.resolve(import.meta.dirname, "../../tenants/northbank/tenant.json"), "utf8")) as TenantConfigInput;
  await env.addTenants(northbank, tenantFixture("gamma", { shortLanding: true, customLanding: true, applyUrl: "https://apply.example.com/", connectUrl: "https://connect.example.com/entire", policyLinks: { plainText: true } }));
});
afterAll(async () => env?.close());

describe("tenant variants", () => {
  it("gives the browser every variant of the bank-partner community", async () => {
    const res = await env.request("GET", "/api/community/get-by-domain?domain=northbank.tuesday.community");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: "northbank",
      welcomeLayout: "special",
      customLanding: false,
      shortLanding: false,
      donationUrl: "https://northbank.tuesday.community/donate",
      applyUrl: null,
      connectUrl: null,
      partner: { slug: "northbank", name: "Northbank", tour: true },
      legalDocuments: {
        byGeolocation: true,
        ru: { terms: "/community/northbank/assets/terms-ru.pdf", privacy: "/community/northbank/assets/privacy-ru.pdf" },
        international: { terms: "/community/northbank/assets/terms-en.pdf", privacy: "/community/northbank/assets/privacy-en.pdf" },
      },
    });
    // The page head's settings stay server-side (they go into index.html).
    expect(res.body).not.toHaveProperty("head");
  });

  it("keeps every variant off for a community that names none, and passes on the ones a community sets", async () => {
    const alpha = await env.request("GET", "/api/community/get-by-id?communityId=alpha");
    expect(alpha.body).toMatchObject({ welcomeLayout: "standard", customLanding: false, shortLanding: false, donationUrl: null, applyUrl: null, connectUrl: null, legalDocuments: null, partner: null });
    const gamma = await env.request("GET", "/api/community/get-by-id?communityId=gamma");
    expect(gamma.body).toMatchObject({ shortLanding: true, customLanding: true, applyUrl: "https://apply.example.com/", connectUrl: "https://connect.example.com/entire", policyLinks: { asPlainText: true } });
  });

  it("serves the community's own PDF documents, and nothing outside its folder", async () => {
    const pdf = await env.app.request("/community/northbank/assets/terms-ru.pdf", { headers: { host: "northbank.localhost:3000" } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    expect((await env.request("GET", "/community/northbank/assets/tenant.json")).status).toBe(404);
    expect((await env.request("GET", "/community/alpha/assets/terms-ru.pdf")).status).toBe(404);
  });

  it("refuses bad variant settings with the field named", () => {
    const base = tenantFixture("delta");
    const problems = (extra: Record<string, unknown>) => {
      const r = TenantConfigSchema.safeParse({ ...base, ...extra });
      return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
    };
    expect(problems({ welcomeLayout: "fancy" })).toEqual(["welcomeLayout"]);
    expect(problems({ donationUrl: "not a url" })).toEqual(["donationUrl"]);
    expect(problems({ partner: { slug: "Bad Slug", name: "X" } })).toEqual(["partner.slug"]);
    expect(problems({ legalDocuments: { byGeolocation: true, ru: { terms: "/a.pdf", privacy: "/b.pdf" } } })).toEqual(["legalDocuments.international"]);
    expect(problems({ head: { description: "x".repeat(301) } })).toEqual(["head.description"]);
    expect(problems({})).toEqual([]);
  });
});
