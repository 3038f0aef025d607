import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanUp, freePort, processAlive, startServer, tempDir, waitReady } from "./server-process.ts";

/**
 * `kill -9` of the server leaves its embedded PostgreSQL running with nobody supervising it. The
 * next start must own a cluster it can restart and stop, not borrow the orphan.
 */
const postmasters: number[] = [];
afterAll(async () => {
  for (const pid of postmasters) signal(pid, "SIGQUIT");
  await cleanUp();
});

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}


async function postmasterPid(dataDir: string): Promise<number> {
  const pidFile = await fs.readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8");
  const pid = Number(pidFile.split("\n")[0]);
  postmasters.push(pid);
  return pid;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const readyz = (port: number) =>
  fetch(`http://127.0.0.1:${port}/readyz`).then(
    (r) => r.status,
    () => 0,
  );

describe("the start after a kill -9 of the server", () => {
  it("stops the orphaned embedded PostgreSQL and supervises its own: a crash is restarted and stopping the server stops it", async () => {
    const dataDir = await tempDir();
    const first = startServer(dataDir, await freePort());
    await waitReady(first, 30_000);
    const orphan = await postmasterPid(dataDir);
    first.child.kill("SIGKILL");
    await first.exited;
    expect(processAlive(orphan)).toBe(true);

    const port = await freePort();
    const second = startServer(dataDir, port);
    await waitReady(second, 60_000);
    const owned = await postmasterPid(dataDir);
    expect(owned).not.toBe(orphan);
    expect(processAlive(orphan)).toBe(false);
    expect(second.output()).toContain("orphaned embedded PostgreSQL");

    // Supervised: a crash of the new postmaster is restarted.
    process.kill(owned, "SIGKILL");
    await until("503 after the crash", async () => (await readyz(port)) === 503, 10_000);
    await until("ready after the restart", async () => (await readyz(port)) === 200, 30_000);
    expect(second.output()).toContain("embedded PostgreSQL restarted");
    const restarted = await postmasterPid(dataDir);
    expect(restarted).not.toBe(owned);

    // Stopped with the server (SIGINT to the server alone, not to a process group).
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
    expect(processAlive(restarted)).toBe(false);
  }, 180_000);
});
