import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, cleanUp, freePort, processAlive, type Server, startServer, tempDir, waitReady } from "./server-process.ts";

/** One development server (`npm start`) on a free port, never 3000, with its own embedded PostgreSQL. */
let server: Server;
let dataDir: string;
let port = 0;

beforeAll(async () => {
  dataDir = await tempDir();
  port = await freePort();
  server = startServer(dataDir, port, {}, { groupLeader: true });
  await waitReady(server, 30_000);
}, 60_000);
afterAll(cleanUp);

async function postmasterPid(dataDir: string): Promise<number> {
  const pidFile = await fs.readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8");
  return Number(pidFile.split("\n")[0]);
}


/** A community nobody has: a miss is never cached, so every call reaches the database (404 when it is up). */
const missingCommunity = () => fetch(`http://127.0.0.1:${port}/api/community/get-by-id?communityId=nobody-${Math.random().toString(36).slice(2)}`);

const post = async (p: string, body: unknown) => {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("a development server on any port", () => {
  it("prints its dev SSO and Google stand-in on that port, and both sign-ins work there", async () => {
    expect(server.output()).toContain(`  Dev SSO provider            http://localhost:${port}/dev/oidc\n`);
    expect(server.output()).toContain(`  Dev Google sign-in          http://localhost:${port}/dev/google/sign-in\n`);

    const discovery = await fetch(`http://127.0.0.1:${port}/dev/oidc/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`http://localhost:${port}/dev/oidc`);
    const sso = await fetch(`http://127.0.0.1:${port}/api/auth/oauth2/authorize?communityId=tochka`, { redirect: "manual" });
    expect(sso.status).toBe(302);
    expect(sso.headers.get("location")).toMatch(new RegExp(`^http://localhost:${port}/dev/oidc/auth\\?`));

    // The default community (founders) lists GOOGLE; with no GOOGLE_* set the server trusts the stand-in.
    const issued = await post("/dev/google/token", { email: "newcomer@dev.example" });
    expect(issued.status).toBe(200);
    const signedIn = await post("/api/auth/login/google", { token: issued.body.credential });
    expect(signedIn).toMatchObject({ status: 200, body: { token: expect.any(String) } });
  });
});

describe("the embedded PostgreSQL dies under a running server", () => {
  it("is restarted on the same data and port; /readyz and the API answer 503 meanwhile and recover by themselves", async () => {
    expect((await api(port, "founders", "/api/community/get-by-id?communityId=founders")).status).toBe(200);

    const pid = await postmasterPid(dataDir);
    process.kill(pid, "SIGKILL");
    const killedAt = Date.now();

    // Backends notice their postmaster's death within moments; from then on until the restart
    // (a second at least) the database is unreachable.
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (ready.status === 503) {
        expect(await ready.json()).toEqual({ status: "unavailable", db: false });
        break;
      }
      if (Date.now() - killedAt > 5_000) throw new Error("/readyz never answered 503 after the kill");
      await new Promise((r) => setTimeout(r, 20));
    }
    // A connection whose backend has not died yet may still answer for a moment; none is a 500.
    for (;;) {
      const res = await missingCommunity();
      if (res.status === 503) {
        expect(res.headers.get("retry-after")).toBe("5");
        expect(await res.json()).toEqual({ code: 503, msg: "Server is unavailable", requestId: expect.any(String) });
        break;
      }
      expect(res.status).toBe(404);
      if (Date.now() - killedAt > 5_000) throw new Error("the API never answered 503 after the kill");
      await new Promise((r) => setTimeout(r, 20));
    }

    for (;;) {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
      if (Date.now() - killedAt > 30_000) throw new Error(`not ready again 30 s after the kill:\n${server.output()}`);
      expect(server.child.exitCode).toBeNull();
      await new Promise((r) => setTimeout(r, 200));
    }
    const newPid = await postmasterPid(dataDir);
    expect(newPid).not.toBe(pid);
    expect(processAlive(newPid)).toBe(true);
    expect((await missingCommunity()).status).toBe(404);
    // Never read before the kill, so no cache answers for the database.
    const after = await api(port, "tochka", "/api/community/get-by-id?communityId=tochka");
    expect(after).toMatchObject({ status: 200, body: { id: "tochka" } });
    expect(server.output()).toContain("embedded PostgreSQL exited unexpectedly");
    expect(server.output()).toContain("embedded PostgreSQL restarted");
    expect(server.output()).not.toContain("unhandled error");

    // Ctrl-C in a terminal signals the whole group, PostgreSQL included: its clean exit is no
    // crash, nothing is restarted, and the server stops cleanly.
    process.kill(-(server.child.pid ?? 0), "SIGINT");
    expect(await server.exited).toBe(0);
    expect(processAlive(newPid)).toBe(false);
    expect(server.output().match(/exited unexpectedly/g)).toHaveLength(1);
    expect(server.output()).toContain("Tuesday stopped.");
  }, 120_000);
});
