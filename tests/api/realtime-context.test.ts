import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@tuesday/platform";
import { attachRealtime, nodeHeaders, resolveContext } from "@tuesday/platform/http";
import { testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile();

describe("resolveContext", () => {
  it("finds the tenant and the signed-in actor as the HTTP middleware does", async () => {
    const member = await createUser(env);
    const bearer = await resolveContext(env.deps, new Headers({ host: "alpha.localhost:3000", authorization: `Bearer ${member.token}` }), "10.0.0.1");
    expect(bearer.tenant.id).toBe("alpha");
    expect(bearer.actor).toMatchObject({ kind: "user", userId: member.user.id, participant: { id: member.participantId, role: "member" } });
    const cookie = await resolveContext(env.deps, nodeHeaders({ host: "alpha.localhost:3000", cookie: `a=b; ${SESSION_COOKIE}=${member.token}` }), undefined);
    expect(cookie.actor).toMatchObject({ kind: "user", userId: member.user.id });
    // An upgrade's `?token=` and `?communityId=`, with no Host naming a tenant.
    const query = await resolveContext(env.deps, nodeHeaders({ host: "localhost:3000" }), undefined, { token: member.token, communityQuery: "alpha" });
    expect(query.tenant.id).toBe("alpha");
    expect(query.actor).toMatchObject({ kind: "user", userId: member.user.id });
  });

  it("gives another community's session nothing", async () => {
    const member = await createUser(env);
    const ctx = await resolveContext(env.deps, new Headers({ host: "beta.localhost:3000", authorization: `Bearer ${member.token}` }), undefined);
    expect(ctx.tenant.id).toBe("beta");
    expect(ctx.actor).toEqual({ kind: "anonymous" });
  });

  it("falls back to the default community when nothing names a known one, as the API does", async () => {
    await expect(resolveContext(env.deps, new Headers({ host: "nowhere.example" }), undefined, { communityQuery: "nowhere" })).resolves.toMatchObject({
      tenant: { id: "alpha" },
    });
  });
});

describe("attachRealtime", () => {
  it("routes an upgrade by path and answers any other with 404", async () => {
    const server = http.createServer((_req, res) => res.end());
    const realtime = attachRealtime(server);
    realtime.route("/api/ws", (_req, socket) => socket.end("HTTP/1.1 101 Switching Protocols\r\nUpgrade: test\r\nConnection: Upgrade\r\n\r\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const upgrade = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ port, host: "127.0.0.1", path, headers: { connection: "Upgrade", upgrade: "test" } });
        req.on("upgrade", (res) => resolve(res.statusCode ?? 0));
        req.on("response", (res) => resolve(res.statusCode ?? 0));
        req.on("error", reject);
        req.end();
      });
    expect(await upgrade("/api/ws?token=x")).toBe(101);
    expect(await upgrade("/elsewhere")).toBe(404);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
