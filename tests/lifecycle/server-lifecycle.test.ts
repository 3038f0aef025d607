import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { api, cleanUp, freePort, startServer, tempDir, waitReady } from "./server-process.ts";

// Each test starts node processes that load the whole platform; on a busy 2-core machine that alone
// can take most of the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

afterAll(cleanUp);

/**
 * The newcomer path, for real: `platform/src/server.ts` with its own embedded PostgreSQL under a
 * fresh DATA_DIR. Ready within 30 s, Ctrl-C (SIGINT) stops PostgreSQL cleanly, a second start
 * reuses the data, and two instances with different PORT and DATA_DIR run side by side.
 */
describe("server lifecycle", () => {
  it("starts on a fresh DATA_DIR within 30 s, stops cleanly on SIGINT, and reuses the data", async () => {
    const dataDir = await tempDir();
    const port = await freePort();
    const first = startServer(dataDir, port);
    const ms = await waitReady(first, 30_000);
    expect(ms).toBeLessThan(30_000);
    expect(first.output()).toContain(`http://founders.localhost:${port}`);
    const community = await api(port, "founders", "/api/community/get-by-domain?domain=founders.localhost");
    expect(community.status).toBe(200);
    expect(community.body.id).toBe("founders");

    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("Tuesday stopped.");
    // PostgreSQL removed its pid file: it shut down, it was not killed.
    await expect(fs.stat(path.join(dataDir, "pg", "postmaster.pid"))).rejects.toThrow();

    const second = startServer(dataDir, port);
    await waitReady(second, 30_000);
    // No migration ran again: the schema and the applied tenants were kept.
    expect(second.output()).not.toContain("migration applied");
    expect((await api(port, "tochka", "/api/community/get-by-id?communityId=tochka")).status).toBe(200);
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  }, 120_000);

  it("runs two instances side by side with different PORT and DATA_DIR", async () => {
    const [a, b] = [startServer(await tempDir(), await freePort()), startServer(await tempDir(), await freePort())];
    await Promise.all([waitReady(a, 30_000), waitReady(b, 30_000)]);
    for (const s of [a, b]) expect((await api(s.port, "founders", "/healthz")).status).toBe(200);
    a.child.kill("SIGINT");
    b.child.kill("SIGINT");
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  }, 120_000);
});
