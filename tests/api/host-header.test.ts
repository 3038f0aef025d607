import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createHttpServer, nodeRemoteAddr } from "@tuesday/platform/http";
import { createTestEnv, type TestEnv } from "../support/harness.ts";

/** The product's node server (server.ts's) on a real port, spoken to over a raw socket. */
let env: TestEnv;
let server: http.Server;
let port: number;

beforeAll(async () => {
  env = await createTestEnv();
  server = createHttpServer(createApp(env.deps, { remoteAddr: nodeRemoteAddr }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await env?.close();
});

function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => (text += d));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n", 2);
      resolve({ status: Number(head.split(" ")[1]), headers: head, body });
    });
  });
}

describe("an HTTP/1.1 request without a Host header", () => {
  it.each(["/api/current-user", "/healthz", "/"])("GET %s answers the product's JSON 400 with X-Request-Id", async (path) => {
    const res = await raw(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/\r\nx-request-id: [\w-]{8,}/i);
    expect(res.headers).toMatch(/\r\ncontent-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ code: 1001, msg: expect.stringMatching(/Host/), requestId: expect.any(String) });
  });

  it("is answered normally with one; HTTP/1.0 without one gets the same JSON 400", async () => {
    expect((await raw(`GET /healthz HTTP/1.1\r\nHost: alpha.localhost:${port}\r\nConnection: close\r\n\r\n`)).status).toBe(200);
    const old = await raw("GET /healthz HTTP/1.0\r\n\r\n");
    expect(old.status).toBe(400);
    expect(JSON.parse(old.body)).toMatchObject({ code: 1001 });
  });
});
