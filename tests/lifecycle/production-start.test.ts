import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@tuesday/platform";
import { cloneTemplateDb, type TemplateDb } from "../support/template-db.ts";
import { cleanUp, freePort, type Server, startServer, tempDir, waitReady } from "./server-process.ts";

/**
 * `NODE_ENV=production` as an operator starts it: DATABASE_URL naming a PostgreSQL server (the
 * suite's), SMTP_URL, web apps built ahead (WEB_ROOT: a build laid out as vite writes one, with
 * content-hashed files under assets/). The process runs under a module hook
 * (production-guard.mjs) that fails any import of a development-only module: the embedded
 * database, the dev identity providers, the /dev routes, the demo seed.
 */

let scratch: TemplateDb | undefined;
let dbUrl = "";
let webRoot = "";
let closedPort = 0;

const HASHED_JS = "assets/index-C4f9Qx2a.js";
const HASHED_CSS = "assets/index-Dk81mZ0p.css";
const CONSOLE_JS = "assets/index-B7ab33Zq.js";

async function fakeBuild(root: string): Promise<void> {
  for (const [app, files] of [
    ["member-web", { "index.html": `<!doctype html><html><head><title>Tuesday</title><script type="module" src="/${HASHED_JS}"></script></head><body><div id="root"></div></body></html>`, [HASHED_JS]: "console.log('member app');", [HASHED_CSS]: "body{margin:0}", "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>" }],
    ["admin-console", { "index.html": `<!doctype html><html><head><script type="module" src="/console/${CONSOLE_JS}"></script></head><body></body></html>`, [CONSOLE_JS]: "console.log('console');" }],
  ] as const) {
    for (const [file, text] of Object.entries(files)) {
      const full = path.join(root, app, "dist", file);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, text);
    }
  }
}

beforeAll(async () => {
  scratch = await cloneTemplateDb("prod");
  dbUrl = scratch.url;
  webRoot = await tempDir();
  await fakeBuild(webRoot);
  closedPort = await freePort();
});

afterAll(async () => {
  await cleanUp();
  await scratch?.drop();
});

const guard = ["--import", "./tests/lifecycle/production-guard.mjs"];

/** Starts a production server that is expected to refuse: its exit code and its output's lines. */
async function refused(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const s = startServer(await tempDir(), await freePort(), { NODE_ENV: "production", SEED_DEMO: "", SMTP_URL: "", DATABASE_URL: "", LOG_LEVEL: "warn", ...env }, { nodeArgs: guard });
  const code = await s.exited;
  return { code, lines: s.output().split("\n").filter((l) => l.trim() !== "") };
}

describe("a production start with a configuration error", () => {
  type Refusal = Awaited<ReturnType<typeof refused>>;
  let missing: Refusal;
  let invalid: Refusal;
  let seed: Refusal;
  let unbuilt: Refusal;
  let unreachable: Refusal;

  // Five refused starts side by side: each loads the server's modules before it reads its settings.
  beforeAll(async () => {
    [missing, invalid, seed, unbuilt, unreachable] = await Promise.all([
      refused({}),
      refused({ PORT: "eighty", LOG_LEVEL: "loud", DATABASE_URL: "postgres://h/db", SMTP_URL: "smtp://h" }),
      refused({ DATABASE_URL: "mysql://h/db", SMTP_URL: "smtp://h", SEED_DEMO: "1" }),
      refused({ DATABASE_URL: dbUrl, SMTP_URL: "smtp://127.0.0.1:1", WEB_ROOT: path.join(webRoot, "nothing-built-here") }),
      refused({ DATABASE_URL: `postgres://tuesday:s3cret-pw@127.0.0.1:${closedPort}/tuesday`, SMTP_URL: "smtp://127.0.0.1:1", WEB_ROOT: webRoot }),
    ]);
  }, 420_000);

  it("names each missing setting on one line and exits non-zero", () => {
    expect(missing.code).toBe(1);
    expect(missing.lines).toEqual([
      expect.stringMatching(/^DATABASE_URL is required with NODE_ENV=production \(postgres:\/\/.*\): the embedded database is for development only$/),
      expect.stringMatching(/^SMTP_URL is required with NODE_ENV=production .*$/),
    ]);
  });

  it("names each invalid value on one line, and refuses the demo seed", () => {
    expect(invalid.code).toBe(1);
    expect(invalid.lines).toHaveLength(2);
    expect(invalid.lines[0]).toMatch(/^Invalid environment variable PORT: /);
    expect(invalid.lines[1]).toMatch(/^Invalid environment variable LOG_LEVEL: /);
    expect(seed.code).toBe(1);
    expect(seed.lines).toEqual([
      "Invalid environment variable DATABASE_URL: expected a postgres:// or postgresql:// URL",
      "SEED_DEMO=1 is not allowed with NODE_ENV=production: the demo seed is for development only",
    ]);
  });

  it("refuses to start without the built web apps, and says so for each", () => {
    expect(unbuilt.code).toBe(1);
    expect(unbuilt.lines).toEqual([
      expect.stringMatching(/^member-web is not built \(.*member-web\/dist\/index\.html is missing\): run `npm run build` before starting with NODE_ENV=production$/),
      expect.stringMatching(/^admin-console is not built \(.*\): run `npm run build`/),
    ]);
  });

  it("says in one line that the database cannot be reached, without its password", () => {
    expect(unreachable.code).toBe(1);
    expect(unreachable.lines).toEqual([expect.stringMatching(new RegExp(`^Cannot use the database at DATABASE_URL \\(127\\.0\\.0\\.1:${closedPort}/tuesday\\): .*ECONNREFUSED`))]);
    expect(unreachable.lines.join("\n")).not.toContain("s3cret-pw");
  });
});

describe("a production start on a PostgreSQL server", () => {
  let server: Server;
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${server.port}${p}`, { headers: { host: `founders.localhost:${server.port}`, ...headers } });

  beforeAll(async () => {
    server = startServer(await tempDir(), await freePort(), { NODE_ENV: "production", DATABASE_URL: dbUrl, SMTP_URL: "smtp://127.0.0.1:1", WEB_ROOT: webRoot, SEED_DEMO: "", LOG_LEVEL: "warn" }, { nodeArgs: guard });
    await waitReady(server, 150_000);
  }, 180_000);

  it("serves no /dev route, even to this machine", async () => {
    for (const p of ["/dev/mail", "/dev/google/certs", "/dev/google/sign-in", "/dev/oidc/.well-known/openid-configuration"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(((await res.json()) as { msg: string }).msg, p).toBe("Not found");
    }
    expect(server.output()).not.toContain("/dev/");
    expect(server.output()).not.toContain("production loaded a development module");
  });

  it("serves content-hashed files for a year (immutable), the pages uncached, with HSTS", async () => {
    for (const p of [`/${HASHED_JS}`, `/${HASHED_CSS}`, `/console/${CONSOLE_JS}`]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("cache-control"), p).toBe("public, max-age=31536000, immutable");
    }
    const page = await get("/members");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    const consolePage = await get("/console/");
    expect(consolePage.headers.get("cache-control")).toBe("no-cache");
    expect((await get("/favicon.svg")).headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("seeds no demo members", async () => {
    const db = createDb(dbUrl, { max: 1 });
    const [row] = await db<{ n: number }[]>`select count(*)::int as n from users where email like '%.demo.tuesday.community'`;
    await db.end();
    expect(row?.n).toBe(0);
  });
});
