import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CSP, createApp, DEFAULT_CSP, nodeListener, nodeRemoteAddr } from "@tuesday/platform/http";
import { rawGet } from "../support/net.ts";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

/**
 * Served through node, the request envelope writes X-Request-Id and the security headers onto the
 * ServerResponse rather than the fetch Response (http/middleware.ts requestEnvelope): the same
 * headers as through app.request, on every kind of response.
 */
let env: TestEnv;
let server: http.Server;
let port: number;

beforeAll(async () => {
  env = await createTestEnv();
  server = http.createServer(nodeListener(createApp(env.deps, { remoteAddr: nodeRemoteAddr })));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await env?.close();
});

function get(path: string, headers: Record<string, string> = {}) {
  return rawGet(port, path, { host: `alpha.localhost:${port}`, ...headers });
}

describe("the request envelope through a node server", () => {
  it.each([
    ["/healthz", 200],
    ["/api/current-user", 401],
    ["/api/no-such-route", 404],
    ["/community/alpha/landing-xx.json", 404],
  ] as const)("GET %s carries X-Request-Id and the security headers", async (path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    if (res.headers["content-type"]?.includes("json") && status !== 200) expect(JSON.parse(res.text).requestId).toBe(res.headers["x-request-id"]);
  });

  it("answers a signed-in read with the headers, each once", async () => {
    const { token } = await createUser(env);
    const res = await get("/api/current-user", { authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(typeof res.headers["content-security-policy"]).toBe("string");
  });

  it("keeps a client's well-formed X-Request-Id and replaces any other", async () => {
    expect((await get("/healthz", { "x-request-id": "trace-42_abc=" })).headers["x-request-id"]).toBe("trace-42_abc=");
    const replaced = (await get("/healthz", { "x-request-id": "bad id;" })).headers["x-request-id"];
    expect(replaced).not.toBe("bad id;");
    expect(replaced).toMatch(/^[\w-]{8,}$/);
  });

  it("gives an API answer the policy of data and a page the web apps' policy, through node and app.request alike", async () => {
    const { token } = await createUser(env);
    for (const [path, csp] of [
      ["/api/current-user", API_CSP],
      ["/api/no-such-route", API_CSP],
      ["/api/docs", DEFAULT_CSP],
      ["/healthz", DEFAULT_CSP],
    ] as const) {
      expect((await get(path, { authorization: `Bearer ${token}` })).headers["content-security-policy"], path).toBe(csp);
      expect((await env.request("GET", path, { token })).headers.get("content-security-policy"), path).toBe(csp);
    }
  });
});
