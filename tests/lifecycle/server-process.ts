import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
export { processAlive } from "@tuesday/platform";
export { freePort } from "../support/net.ts";

/** `platform/src/server.ts` as a child process with its own embedded PostgreSQL: what `npm start` runs. */
const root = path.resolve(import.meta.dirname, "../..");
const children: ChildProcess[] = [];
const dirs: string[] = [];



export type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

/** `groupLeader`: the server gets a process group of its own, so a test can signal it like Ctrl-C in a terminal does. */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}, opts: { groupLeader?: boolean; /** Extra node options (e.g. another --import). */ nodeArgs?: string[] } = {}): Server {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", ...(opts.nodeArgs ?? []), "platform/src/server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "0", DATABASE_URL: "", NODE_ENV: "development", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: opts.groupLeader ?? false,
  });
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

export async function waitReady(s: Server, timeoutMs: number): Promise<number> {
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

export async function api(port: number, tenant: string, p: string) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { host: `${tenant}.localhost:${port}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

export async function tempDir(): Promise<string> {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-life-"));
  await fs.chmod(d, 0o755);
  dirs.push(d);
  return d;
}

/** For afterAll: kills what is still running and removes the data directories. */
export async function cleanUp(): Promise<void> {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true }).catch(() => {});
}

/**
 * One HTTP request with a Host header of the caller's choice (fetch sends the URL's host and drops
 * a `host` header): JSON body back, parsed when it is JSON.
 */
export function hostRequest(port: number, host: string, method: string, p: string, headers: Record<string, string> = {}, json?: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = json === undefined ? undefined : JSON.stringify(json);
    const req = http.request({ host: "127.0.0.1", port, method, path: p, headers: { host, ...(payload ? { "content-type": "application/json" } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}
