import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, nodeListener, nodeRemoteAddr } from "@tuesday/platform/http";
import { rawGet } from "../support/net.ts";
import { createTestEnv, testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile();

describe("security headers on every response", () => {
  it.each([
    ["GET", "/api/permission/my", 200],
    ["GET", "/api/current-user", 401],
    ["GET", "/api/no-such-route", 404],
    ["POST", "/api/auth/login", 400],
    ["GET", "/healthz", 200],
    ["GET", "/community/alpha/landing-xx.json", 404],
    ["GET", "/dev/mail", 404],
    ["GET", "/", undefined],
  ] as const)("%s %s", async (method, path, status) => {
    const res = await env.request(method, path, method === "POST" ? { rawBody: "{", headers: { "content-type": "application/json" } } : {});
    if (status !== undefined) expect(res.status).toBe(status);
    // The member app is built on demand in development: a fresh checkout answers "/" with the
    // 503 "Building…" page until vite is done, which must carry the same headers.
    else expect([200, 503]).toContain(res.status);
    if (path !== "/") expect(res.status).toBeLessThan(500);
    const h = res.headers;
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBe("no-referrer");
    expect(h.get("content-security-policy")).toMatch(/default-src 'self'|default-src 'none'/);
    expect(h.get("content-security-policy")).toMatch(/frame-ancestors 'none'|sandbox/);
    expect(h.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    expect(h.get("x-frame-options")).toBe("DENY");
  });

  it("gives every request its own X-Request-Id, also in the error body", async () => {
    const a = await env.request("GET", "/api/current-user");
    const b = await env.request("GET", "/api/current-user");
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    expect(a.body.requestId).toBe(a.headers.get("x-request-id"));
  });

  it("sends no HSTS in development (plain http on localhost)", async () => {
    const res = await env.request("GET", "/healthz");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});

const MALFORMED_HOSTS = ["a, b", "host:99999", "host/x", "alpha.localhost:3000 x", "[::1"];

function expectJson400(status: number, headers: { get: (name: string) => string | null | undefined }, body: unknown) {
  expect(status).toBe(400);
  expect(body).toMatchObject({ code: 1001, msg: expect.any(String), requestId: headers.get("x-request-id") });
  expect(headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
}

describe("a malformed Host header", () => {
  it.each(MALFORMED_HOSTS)("%j gets the JSON 400 from the app", async (host) => {
    for (const path of ["/api/community/get-by-id?communityId=alpha", "/healthz", "/"]) {
      const res = await env.request("GET", path, { headers: { host } });
      expectJson400(res.status, res.headers, res.body);
    }
  });

  it("does not refuse well-formed hosts", async () => {
    for (const host of ["alpha.localhost:3000", "ALPHA.localhost", "alpha.test.example.", "127.0.0.1:65535", "[::1]:3000"]) {
      expect((await env.request("GET", "/healthz", { headers: { host } })).status, host).toBe(200);
    }
  });

  describe("through a listening node server", () => {
    let server: http.Server;
    let port: number;
    beforeAll(async () => {
      server = http.createServer(nodeListener(createApp(env.deps, { remoteAddr: nodeRemoteAddr })));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

    const send = (path: string, host: string) => rawGet(port, path, { host });

    it.each(MALFORMED_HOSTS)("%j gets the JSON 400, not the adapter's empty one", async (host) => {
      const res = await send("/api/community/get-by-id?communityId=alpha", host);
      const get = (name: string) => {
        const v = res.headers[name];
        return Array.isArray(v) ? v.join(", ") : v;
      };
      expect(get("content-type")).toContain("application/json");
      expectJson400(res.status, { get }, JSON.parse(res.text));
    });

    it("a backslash in the path gets the JSON 400 too", async () => {
      const res = await send("/api\\community", `alpha.localhost:${port}`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 1001, requestId: res.headers["x-request-id"] });
    });

    it("serves a well-formed request as usual", async () => {
      const res = await send("/api/community/get-by-id?communityId=alpha", `alpha.localhost:${port}`);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toMatchObject({ id: "alpha" });
    });
  });
});

describe("cross-site request refusal on state-changing calls", () => {
  const setLang = (token: string, lang: string, headers: Record<string, string>) =>
    env.request("POST", "/api/current-user/lang", { token, rawBody: lang, headers: { "content-type": "text/plain", ...headers } });
  const langOf = async (token: string) => (await env.request("GET", "/api/current-user", { token })).body.preferredLang;

  it("refuses a POST from another origin with 403, and nothing changes", async () => {
    const { token } = await createUser(env);
    for (const origin of ["http://evil.example", "null", "http://beta.localhost:3000", "http://alpha.localhost:3000.evil.example", "not a url"]) {
      const res = await setLang(token, "ru", { origin });
      expect(res.status, origin).toBe(403);
      expect(res.body).toMatchObject({ code: 1005, msg: expect.any(String) });
    }
    expect(await langOf(token)).toBe("en");
  });

  it("refuses Sec-Fetch-Site cross-site with 403, even without Origin", async () => {
    const { token } = await createUser(env);
    const res = await setLang(token, "ru", { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(await langOf(token)).toBe("en");
  });

  it("lets the tenant's own origins through", async () => {
    const { token } = await createUser(env);
    for (const [origin, lang] of [
      ["http://alpha.localhost:3000", "ru"],
      ["https://alpha.test.example", "en"],
    ] as const) {
      const res = await setLang(token, lang, { origin, "sec-fetch-site": "same-origin" });
      expect(res.status, origin).toBe(200);
      expect(await langOf(token)).toBe(lang);
    }
  });

  it("lets non-browser clients (no Origin, no Sec-Fetch-Site) through", async () => {
    const { token } = await createUser(env);
    expect((await setLang(token, "ru", {})).status).toBe(200);
  });

  it("does not apply to safe methods", async () => {
    const res = await env.request("GET", "/api/permission/my", { headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
  });

  it("guards the sign-in call too", async () => {
    const res = await env.request("POST", "/api/auth/login", {
      body: { authType: "EMAIL", email: "x@example.com", password: "whatever-password" },
      headers: { origin: "http://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 1005 });
  });
});

describe("in production", () => {
  it("sends HSTS on every response", async () => {
    const prod = await createTestEnv({ config: { isProduction: true, env: "production", devTools: false } });
    try {
      for (const path of ["/healthz", "/api/permission/my", "/api/no-such-route"]) {
        const res = await prod.request("GET", path);
        expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      }
      // The dev outbox does not exist in production.
      expect((await prod.request("GET", "/dev/mail")).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
