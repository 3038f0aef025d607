import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { OpenAPIHono } from "@hono/zod-openapi";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./env.ts";
import { API_CSP, DEFAULT_CSP, requestEnvelope } from "./middleware.ts";
import { createHttpServer } from "./node-server.ts";

const app = new OpenAPIHono<AppEnv>();
app.use("*", requestEnvelope(pino({ level: "silent" }), { hsts: false }));
app.get("/api/json", (c) => c.json({ ok: true }));
app.get("/page", (c) => c.html("<p>hi</p>"));
// A response that brings its own policy, in another case than the envelope's, and two cookies.
app.get("/api/own", (c) => {
  c.header("content-security-policy", "sandbox");
  c.header("x-frame-options", "SAMEORIGIN");
  c.header("Set-Cookie", "a=1; Path=/", { append: true });
  c.header("Set-Cookie", "b=2; Path=/", { append: true });
  return c.json({ own: true });
});
app.get("/api/empty", (c) => c.body(null, 204));
app.get("/api/stream", () => {
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("one,"));
      controller.enqueue(new TextEncoder().encode("two"));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "text/plain" } });
});
app.get("/api/fails", () => {
  throw new Error("boom");
});
app.onError((_err, c) => c.json({ code: 500, msg: "Internal error" }, 500));

async function listen(server: http.Server): Promise<number> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}
const product = createHttpServer(app);
const plain = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as http.Server;
const ports = { product: await listen(product), plain: await listen(plain) };
afterAll(async () => {
  await Promise.all([product, plain].map((s) => new Promise((resolve) => s.close(resolve))));
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; raw: string[]; body: string };
function request(port: number, path: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      let body = "";
      res.on("data", (d) => (body += String(d)));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: res.rawHeaders, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** How many times a header was sent, whatever its case. */
const times = (a: Answer, name: string) => a.raw.filter((v, i) => i % 2 === 0 && v.toLowerCase() === name).length;

const CASES: { path: string; method?: string; status: number; csp: string; frame: string; body?: string }[] = [
  { path: "/api/json", status: 200, csp: API_CSP, frame: "DENY", body: '{"ok":true}' },
  { path: "/page", status: 200, csp: DEFAULT_CSP, frame: "DENY", body: "<p>hi</p>" },
  { path: "/api/own", status: 200, csp: "sandbox", frame: "SAMEORIGIN", body: '{"own":true}' },
  { path: "/api/empty", status: 204, csp: API_CSP, frame: "DENY", body: "" },
  { path: "/api/stream", status: 200, csp: API_CSP, frame: "DENY", body: "one,two" },
  { path: "/api/fails", status: 500, csp: API_CSP, frame: "DENY" },
  { path: "/api/missing", status: 404, csp: API_CSP, frame: "DENY" },
  { path: "/api/json", method: "HEAD", status: 200, csp: API_CSP, frame: "DENY", body: "" },
];

describe("the envelope's headers on the product's server", () => {
  for (const t of CASES) {
    it(`${t.method ?? "GET"} ${t.path}: the same headers, each once, as through a plain node server`, async () => {
      const [mine, theirs] = await Promise.all([request(ports.product, t.path, t), request(ports.plain, t.path, t)]);
      for (const a of [mine, theirs]) {
        expect(a.status).toBe(t.status);
        if (t.body !== undefined) expect(a.body).toBe(t.body);
        expect(a.headers["content-security-policy"]).toBe(t.csp);
        expect(a.headers["x-frame-options"]).toBe(t.frame);
        expect(a.headers["x-content-type-options"]).toBe("nosniff");
        expect(a.headers["referrer-policy"]).toBe("no-referrer");
        expect(a.headers["cross-origin-opener-policy"]).toBe("same-origin");
        expect(a.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
        for (const name of ["content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy", "cross-origin-opener-policy", "x-request-id"]) {
          expect(times(a, name)).toBe(1);
        }
      }
      // Everything else alike too, but the id, the date and the server's own keep-alive timeout.
      const rest = (a: Answer) => Object.fromEntries(Object.entries(a.headers).filter(([k]) => !["x-request-id", "date", "keep-alive"].includes(k)));
      expect(rest(mine)).toEqual(rest(theirs));
    });
  }

  it("keeps both cookies and a client's plain request id", async () => {
    const a = await request(ports.product, "/api/own", { headers: { "x-request-id": "trace-42" } });
    expect(a.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(a.headers["x-request-id"]).toBe("trace-42");
  });

  it("leaves alone a response the envelope did not see (the development OpenID provider's)", async () => {
    const server = createHttpServer(app, {
      devOidc: (_req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("oidc");
      },
    });
    const port = await listen(server);
    try {
      const a = await request(port, "/dev/oidc/.well-known/openid-configuration");
      expect(a.body).toBe("oidc");
      expect(a.headers["x-request-id"]).toBeUndefined();
      expect(a.headers["content-security-policy"]).toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
