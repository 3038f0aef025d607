import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUp, freePort, type Server, startServer, tempDir, waitReady } from "./server-process.ts";

/** A server with its own embedded PostgreSQL, which the test freezes (SIGSTOP) and thaws. */
let server: Server;
let dataDir: string;
let port = 0;
let frozen: number[] = [];

beforeAll(async () => {
  dataDir = await tempDir();
  port = await freePort();
  server = startServer(dataDir, port);
  await waitReady(server, 30_000);
}, 60_000);
afterAll(async () => {
  for (const pid of frozen) signal(pid, "SIGCONT");
  await cleanUp();
});

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** The postmaster and every backend and auxiliary process it forked. */
async function postgresPids(): Promise<number[]> {
  const pidFile = await fs.readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8");
  const postmaster = Number(pidFile.split("\n")[0]);
  let children: number[] = [];
  try {
    children = execFileSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    // no children
  }
  return [postmaster, ...children];
}

const timed = async (p: string) => {
  const started = Date.now();
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { signal: AbortSignal.timeout(20_000) });
  return { res, ms: Date.now() - started };
};

/** A community nobody has: a miss is never cached, so every call reaches the database (404 when it is up). */
const missingCommunity = () => `/api/community/get-by-id?communityId=nobody-${Math.random().toString(36).slice(2)}`;

describe("a frozen PostgreSQL (SIGSTOP)", () => {
  it("makes /readyz answer 503 within about a second and requests 503 with Retry-After, then both recover on SIGCONT", async () => {
    expect((await timed(missingCommunity())).res.status).toBe(404);

    frozen = await postgresPids();
    for (const pid of frozen) signal(pid, "SIGSTOP");
    try {
      const ready = await timed("/readyz");
      expect(ready.res.status).toBe(503);
      expect(await ready.res.json()).toEqual({ status: "unavailable", db: false });
      expect(ready.ms).toBeLessThan(2_000);

      const [a, b] = await Promise.all([timed(missingCommunity()), timed(missingCommunity())]);
      for (const r of [a, b]) {
        expect(r.res.status).toBe(503);
        expect(r.res.headers.get("retry-after")).toBe("5");
        expect(await r.res.json()).toEqual({ code: 503, msg: "Server is unavailable", requestId: expect.any(String) });
        // Far from the 15 s of the freeze (and of any connect timeout).
        expect(r.ms).toBeLessThan(8_000);
      }
    } finally {
      for (const pid of frozen) signal(pid, "SIGCONT");
      frozen = [];
    }

    const thawed = Date.now();
    for (;;) {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
      if (Date.now() - thawed > 15_000) throw new Error(`not ready again 15 s after SIGCONT:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await timed(missingCommunity())).res.status).toBe(404);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain("unhandled error");
  }, 90_000);
});
