import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, loadDevRoutes, nodeListener, nodeRemoteAddr } from "@tuesday/platform/http";
import { testEnvForFile } from "../support/harness.ts";

/** /dev/* answers only clients on this machine, judged by the TCP peer alone. */
const env = await testEnvForFile();
const devRoutes = await loadDevRoutes(env.config);

const DEV_PATHS = ["/dev/mail", "/dev/mail.json", "/dev/mail/00000000-0000-0000-0000-000000000000"];

function appWithPeer(peer: string | undefined) {
  // Development, where /dev/* is mounted: the rule holds there too.
  return createApp({ ...env.deps, config: { ...env.config, env: "development", devTools: true } }, { remoteAddr: () => peer, devRoutes });
}

async function get(peer: string | undefined, path: string, headers: Record<string, string> = {}) {
  const res = await appWithPeer(peer).request(path, { headers: { host: "alpha.localhost:3000", ...headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

describe("/dev/* from a loopback client", () => {
  it.each(["127.0.0.1", "127.10.20.30", "::1", "::ffff:127.0.0.1", "::FFFF:127.0.0.2"])("%s is served", async (peer) => {
    const page = await get(peer, "/dev/mail");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Dev outbox");
    expect(page.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const json = await get(peer, "/dev/mail.json");
    expect(json.status).toBe(200);
    expect(Array.isArray(JSON.parse(json.text))).toBe(true);
  });
});

describe("/dev/* from any other client", () => {
  it.each([
    ["a public IPv4", "203.0.113.5"],
    ["a private IPv4", "10.0.0.1"],
    ["an IPv4-mapped private address", "::ffff:10.0.0.1"],
    ["an address that only starts like loopback", "128.0.0.1"],
    ["the unspecified addresses", "0.0.0.0"],
    ["the IPv6 unspecified address", "::"],
    ["a public IPv6", "2001:db8::1"],
    ["an unknown peer", undefined],
  ])("%s gets 404 {code, msg}", async (_what, peer) => {
    for (const path of DEV_PATHS) {
      const res = await get(peer, path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.text), path).toMatchObject({ code: 1002, msg: expect.any(String), requestId: res.headers.get("x-request-id") });
      expect(res.text).not.toContain("Dev outbox");
    }
  });

  it("is not fooled by X-Forwarded-For, even with TRUST_PROXY", async () => {
    expect(env.config.trustProxy).toBe(true);
    for (const fwd of ["127.0.0.1", "::1"]) {
      const res = await get("203.0.113.5", "/dev/mail", { "x-forwarded-for": fwd });
      expect(res.status).toBe(404);
    }
  });
});

describe("the dev SSO provider behind nodeListener", () => {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const devOidc = (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(200, { "content-type": "text/plain" }).end("dev oidc");
    server = http.createServer(nodeListener(appWithPeerFromSocket(), { devOidc }));
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  function appWithPeerFromSocket() {
    return createApp({ ...env.deps, config: { ...env.config, env: "development", devTools: true } }, { remoteAddr: nodeRemoteAddr, devRoutes });
  }

  const rawGet = (address: string, path: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request({ host: address, port, path, headers: { host: `alpha.localhost:${port}` } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.end();
    });

  it("serves a loopback client", async () => {
    expect(await rawGet("127.0.0.1", "/dev/oidc/.well-known/openid-configuration")).toEqual({ status: 200, text: "dev oidc" });
    expect((await rawGet("127.0.0.1", "/dev/mail")).status).toBe(200);
  });

  it.skipIf(!external)("answers a client reaching this machine's network address with the app's 404", async () => {
    const address = external ?? "";
    for (const path of ["/dev/oidc", "/dev/oidc/.well-known/openid-configuration", "/dev/mail"]) {
      const res = await rawGet(address, path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.text), path).toMatchObject({ code: 1002, msg: expect.any(String) });
    }
  });
});

describe("/dev/mail/{id}: a mail as the member sees it", () => {
  it("shows the HTML part with its working links beside the text part; the HTML alone too", async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const reg = await env.request("POST", "/api/auth/register-user", { body: { email, password: "Tuesday-pass-42" } });
    expect(reg.status).toBe(200);
    const [mail] = await env.mailTo(email);
    if (!mail) throw new Error("no mail");
    const link = /http:\/\/alpha\.localhost:3000\/confirmed\?code=[a-z0-9]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    const page = await get("127.0.0.1", `/dev/mail/${mail.id}`);
    expect(page.status).toBe(200);
    const html = /<div class="mail-html" data-part="html">([\s\S]*?)<\/section>/.exec(page.text)?.[1] ?? "";
    expect(html).toContain(`href="${link}"`);
    expect(html).not.toContain("&lt;a ");
    expect(page.text).toMatch(/<pre data-part="text">[\s\S]*confirmed\?code=/);

    const alone = await get("127.0.0.1", `/dev/mail/${mail.id}/html`);
    expect(alone.status).toBe(200);
    expect(alone.text).toContain(`href="${link}"`);
    expect((await get("127.0.0.1", "/dev/mail/00000000-0000-0000-0000-000000000000/html")).status).toBe(404);
  });
});
