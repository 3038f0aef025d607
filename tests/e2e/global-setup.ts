import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startGeoLookupServer } from "./geo-lookup-server.ts";
import { E2E_DATA_DIR, GEO_LOOKUP_PORT } from "./playwright.config.ts";

const root = path.resolve(import.meta.dirname, "../..");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds a web app when its dist is missing or older than its sources (or the API client): the
 * production bundle, as users get it, whatever NODE_ENV the runner has.
 */
function buildIfNeeded(app: string): void {
  const dir = path.join(root, app);
  const index = path.join(dir, "dist", "index.html");
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(newestMtime(dir), newestMtime(path.join(root, "openapi", "src")));
  if (builtAt > sourcesAt) return;
  const started = Date.now();
  const res = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { cwd: dir, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (res.status !== 0) throw new Error(`vite build of ${app} failed`);
  console.log(`built ${app} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The operator CLI as one process for the whole run (cli/src/cli-runner.ts): its address goes to the
 * workers in E2E_CLI_URL (support.ts's operatorCli). Returns its stop.
 */
async function startCliRunner(): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "cli/src/cli-runner.ts")], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, NODE_ENV: "test", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (d) => {
      seen += String(d);
      const m = /listening (\d+)/.exec(seen);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error(`the CLI runner exited before listening:\n${seen}`)));
  });
  process.env.E2E_CLI_URL = `http://127.0.0.1:${port}`;
  return async () => {
    child.kill("SIGTERM");
    await exited;
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // Started first: its start (tsx, the platform's modules) overlaps the builds.
  const runner = startCliRunner();
  buildIfNeeded("member-web");
  buildIfNeeded("admin-console");
  // The server's GEO_LOOKUP_URL points here for the whole run (playwright.config.ts).
  const stopGeo = await startGeoLookupServer(GEO_LOOKUP_PORT);
  const stopRunner = await runner;
  return async () => {
    await stopRunner();
    await stopGeo();
  };
}
