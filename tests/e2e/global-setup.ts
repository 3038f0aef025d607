import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startGeoLookupServer } from "./geo-lookup-server.ts";
import { GEO_LOOKUP_PORT } from "./playwright.config.ts";

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

export default async function globalSetup(): Promise<() => Promise<void>> {
  buildIfNeeded("member-web");
  buildIfNeeded("admin-console");
  // The server's GEO_LOOKUP_URL points here for the whole run (playwright.config.ts).
  return startGeoLookupServer(GEO_LOOKUP_PORT);
}
