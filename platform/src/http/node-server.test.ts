import http from "node:http";
import type { AddressInfo } from "node:net";
import { OpenAPIHono } from "@hono/zod-openapi";
import { afterAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./env.ts";
import { createHttpServer, KEEP_ALIVE_MS } from "./node-server.ts";

const app = new OpenAPIHono<AppEnv>();
app.get("/ping", (c) => c.json({ ok: true }));
const server = createHttpServer(app);
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as AddressInfo;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** GET /ping through the keep-alive agent: the status and the local port of the socket it used. */
function ping(): Promise<{ status: number; socketPort: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/ping", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, socketPort: req.socket?.localPort ?? 0 }));
    });
    req.on("error", reject);
  });
}

describe("the HTTP server's keep-alive", () => {
  it("outlasts a proxy's idle upstream connections, so the other side closes an idle socket first", () => {
    // nginx keeps idle upstream connections 60 s; a server closing sooner resets the next request.
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it("keeps an idle connection past Node's default 5 s and serves the next request on it", async () => {
    const first = await ping();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await ping();
    expect([first.status, second.status]).toEqual([200, 200]);
    // The same socket: the server did not close it while it was idle.
    expect(second.socketPort).toBe(first.socketPort);
  }, 20_000);
});
