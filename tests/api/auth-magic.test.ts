import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";

let env: TestEnv;
let n = 0;
const email = (tag: string) => `magic-${tag}-${Date.now().toString(36)}-${n++}@example.com`;

beforeAll(async () => {
  env = await createTestEnv();
  await env.addTenants(tenantFixture("gamma", { authConfig: [{ authType: "EMAIL" }] }));
});
afterAll(async () => env?.close());

async function requestLink(to: string, opts: { tenant?: string; backTo?: string; headers?: Record<string, string> } = {}) {
  return env.request("POST", "/api/auth/login", {
    tenant: opts.tenant ?? "alpha",
    body: { authType: "MAGIC", email: to, ...(opts.backTo ? { backTo: opts.backTo } : {}) },
    headers: opts.headers ?? {},
  });
}

async function latestLink(to: string): Promise<URL> {
  const [mail] = await env.mailTo(to);
  const link = /(https?:\/\/\S+\/auth-magic\?\S+)/.exec(mail?.text ?? "")?.[1];
  if (!link) throw new Error(`no link mailed to ${to}`);
  return new URL(link);
}

const useLink = (token: string, backTo?: string | null, tenant = "alpha") =>
  env.request("POST", "/api/auth/auth-magic", { tenant, body: { url_auth_token: token, ...(backTo !== undefined ? { back_to: backTo } : {}) } });

describe("magic link sign-in", () => {
  it("mails a link on the tenant URL and signs in once with it", async () => {
    const to = email("happy");
    expect(await requestLink(to, { backTo: "/events/5?x=1" })).toMatchObject({ status: 202, body: { status: "LINK_SENT" } });
    const [mail] = await env.mailTo(to);
    expect(mail?.template).toBe("magic_link");
    const link = await latestLink(to);
    expect(link.origin).toBe("http://alpha.localhost:3000");
    expect(link.pathname).toBe("/auth-magic");
    const token = link.searchParams.get("url_auth_token") ?? "";
    expect(token.length).toBeGreaterThanOrEqual(32); // 160 bits in base32
    expect(link.searchParams.get("back_to")).toBe("/events/5?x=1");
    const res = await useLink(token, link.searchParams.get("back_to"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.any(String), firstLogin: true, backTo: "/events/5?x=1" });
  });

  it("refuses a second use with 1010", async () => {
    const to = email("twice");
    await requestLink(to);
    const token = (await latestLink(to)).searchParams.get("url_auth_token") ?? "";
    expect((await useLink(token)).status).toBe(200);
    expect(await useLink(token)).toMatchObject({ status: 400, body: { code: 1010 } });
  });

  it("refuses an expired link with 1010", async () => {
    const to = email("expired");
    await requestLink(to);
    const token = (await latestLink(to)).searchParams.get("url_auth_token") ?? "";
    await env.db`update auth_tokens set expires_at = now() - interval '1 second' where email = ${to} and kind = 'magic'`;
    expect(await useLink(token)).toMatchObject({ status: 400, body: { code: 1010 } });
  });

  it("refuses an unknown token with 1010", async () => {
    expect(await useLink("a".repeat(32))).toMatchObject({ status: 400, body: { code: 1010 } });
  });

  it.each([
    ["https://evil.example/x", null],
    ["//evil.example", null],
    ["/events/5?x=1", "/events/5?x=1"],
  ])("back_to %s comes back as %s", async (backTo, expected) => {
    const to = email("backto");
    await requestLink(to);
    const token = (await latestLink(to)).searchParams.get("url_auth_token") ?? "";
    const res = await useLink(token, backTo);
    expect(res.status).toBe(200);
    expect(res.body.backTo).toBe(expected);
  });

  it("never puts an off-site backTo in the mailed link", async () => {
    const to = email("offsite");
    await requestLink(to, { backTo: "https://evil.example/x" });
    const link = await latestLink(to);
    expect(link.searchParams.get("back_to")).toBeNull();
    expect((await env.mailTo(to))[0]?.text).not.toContain("evil.example");
  });

  it("builds the link from the tenant URL even when the Host is spoofed", async () => {
    const to = email("spoof");
    await requestLink(to, { headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", forwarded: "host=evil.example" } });
    const link = await latestLink(to);
    expect(link.origin).toBe("http://alpha.localhost:3000");
    expect((await env.mailTo(to))[0]?.text).not.toContain("evil.example");
  });

  it("a link issued for alpha does not work on beta", async () => {
    const to = email("cross");
    await requestLink(to);
    const token = (await latestLink(to)).searchParams.get("url_auth_token") ?? "";
    expect(await useLink(token, null, "beta")).toMatchObject({ status: 400, body: { code: 1010 } });
    expect((await useLink(token)).status).toBe(200);
  });

  it("rate-limits link requests per address (5 an hour)", async () => {
    const to = email("rl");
    for (let i = 0; i < 5; i++) expect((await requestLink(to)).status).toBe(202);
    expect(await requestLink(to)).toMatchObject({ status: 429, body: { code: 1006 } });
  });

  it("refuses MAGIC where the tenant does not allow it (403 1008)", async () => {
    const to = email("gamma");
    expect(await requestLink(to, { tenant: "gamma" })).toMatchObject({ status: 403, body: { code: 1008 } });
    expect(await useLink("a".repeat(32), null, "gamma")).toMatchObject({ status: 403, body: { code: 1008 } });
  });

  it("stores only a hash of the token", async () => {
    const to = email("hash");
    await requestLink(to);
    const token = (await latestLink(to)).searchParams.get("url_auth_token") ?? "";
    const [row] = await env.db<{ tokenHash: Uint8Array; data: unknown }[]>`
      select token_hash as "tokenHash", data from auth_tokens where email = ${to} and kind = 'magic'`;
    expect(Buffer.from(row?.tokenHash ?? []).toString("hex")).not.toContain(Buffer.from(token).toString("hex"));
    expect(JSON.stringify(row?.data)).not.toContain(token);
  });
});
