import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser tests against the real server (embedded PostgreSQL, dev outbox) in the system Chromium.
 * Tenants are reached as http://<tenant>.localhost:<port>; Chromium resolves *.localhost itself.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3311);
/** The local geolocation lookup (geo-lookup-server.ts, started by global-setup) the server's GEO_LOOKUP_URL names. */
export const GEO_LOOKUP_PORT = E2E_PORT + 1000;
export const ADMIN_SECRET = "e2e-admin-registration-secret-0123";
const root = path.resolve(import.meta.dirname, "../..");
// Port and data dir per run can be chosen, so two checkouts or engineers never share a database.
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(root, `.tmp/e2e-data-${E2E_PORT}`);
const dataDir = E2E_DATA_DIR;

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  outputDir: path.join(root, ".tmp/e2e-results"),
  globalSetup: "./global-setup.ts",
  timeout: 30_000,
  expect: { timeout: 7_500 },
  // Every spec works with members, events and communities it made itself (docs/testing.md, "Browser
  // tests"), so tests run in any order on two workers, those of one file too. E2E_WORKERS=1 runs
  // them one after the other.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, ".tmp/playwright.json") }]],
  use: {
    headless: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    baseURL: `http://founders.localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    // A fresh database every run: the data dir goes first, then the real server starts.
    command: `node -e "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })" "${dataDir}" && node --import tsx platform/src/server.ts`,
    cwd: root,
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // "test" keeps the dev outbox and tools but never starts a background vite build: global-setup builds.
      NODE_ENV: "test",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEED_DEMO: "0",
      ADMIN_REGISTRATION_SECRET: ADMIN_SECRET,
      // Every browser test signs up and in from 127.0.0.1: the per-IP limits would stop the suite.
      RATE_LIMIT_SCALE: "20",
      TENANT_URL_TEMPLATE: `http://{id}.localhost:${E2E_PORT}`,
      // The webhooks spec's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: "1",
      GEO_LOOKUP_URL: `http://127.0.0.1:${GEO_LOOKUP_PORT}/lookup`,
    },
  },
});
