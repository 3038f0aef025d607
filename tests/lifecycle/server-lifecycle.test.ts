import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The newcomer path, for real: `platform/src/server.ts` with its own embedded PostgreSQL under a
 * fresh DATA_DIR. Ready within 30 s, Ctrl-C (SIGINT) stops PostgreSQL cleanly, a second start
 * reuses the data, and two instances with different PORT and DATA_DIR run side by side.
 */
const root = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];
const dirs: string[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

function startServer(dataDir: string, port: number): Server {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "platform/src/server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "0", DATABASE_URL: "", NODE_ENV: "development" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

async function waitReady(s: Server, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (s.child.exitCode !== null) throw new Error(`server exited early:\n${s.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/readyz`);
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`not ready after ${timeoutMs} ms:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function api(port: number, tenant: string, p: string) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { host: `${tenant}.localhost:${port}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function tempDir(): Promise<string> {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-life-"));
  await fs.chmod(d, 0o755);
  dirs.push(d);
  return d;
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true }).catch(() => {});
});

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
