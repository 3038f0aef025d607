import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, Hono } from "hono";
import type { Deps } from "../context.ts";
import { webBuildEnv } from "../env.ts";
import type { AppEnv } from "../http/env.ts";
import { publicCommunity } from "../community/service.ts";
import { cspWithIntegrations, injectHead, renderHead } from "./head.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A built single-page app: where its dist is, and which URL prefix serves it. */
export type WebApp = { name: string; label: string; dir: string; mount: "/" | "/console" };

/** The two apps, under `root` (WEB_ROOT, else the checkout): each serves `<root>/<name>/dist`. */
export function webApps(root: string = ROOT): WebApp[] {
  return [
    { name: "member-web", label: "The member app", dir: path.join(root, "member-web"), mount: "/" },
    { name: "admin-console", label: "The admin console", dir: path.join(root, "admin-console"), mount: "/console" },
  ];
}

/** Paths owned by the platform itself: never answered with an app's index.html. */
const RESERVED = ["/api/", "/community/", "/dev/", "/media/"];
const RESERVED_EXACT = new Set(["/api", "/community", "/dev", "/media", "/healthz", "/readyz"]);

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

// Vite puts content-hashed files under assets/: their URL changes whenever their bytes do.
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";
const NO_CACHE = "no-cache";

/** Text files are sent compressed (brotli, else gzip) to browsers that accept it (issue 17). */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".map", ".svg", ".txt", ".webmanifest"]);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
type Encoding = "br" | "gzip";
/** Compressed bodies by file, size and mtime: each file of a build is compressed once. */
const compressed = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const COMPRESSED_MAX_ENTRIES = 2_000;
/**
 * Brotli's best quality takes seconds on a large file (the console's 1.4 MB script: 3 s quiet, 25 s
 * on a busy machine) while the first visitor waits; quality 5 takes 0.1-0.5 s at gzip's size less 10%.
 */
const BROTLI_MAX_AT_11 = 128 * 1024;

function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = (acceptEncoding ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return undefined;
}

/**
 * The build's own brotli file beside `file` (member-web's vite.config.ts writes `<file>.br` at
 * quality 11), when it is at least as new as the file: a first request never waits for brotli.
 */
async function readPrecompressed(file: string, stat: fs.Stats): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    const br = `${file}.br`;
    if ((await fs.promises.stat(br)).mtimeMs < stat.mtimeMs) return undefined;
    return new Uint8Array(await fs.promises.readFile(br));
  } catch {
    return undefined;
  }
}

function compressedBody(file: string, stat: fs.Stats, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${encoding}:${file}:${stat.size}:${stat.mtimeMs}`;
  let body = compressed.get(key);
  if (!body) {
    if (compressed.size >= COMPRESSED_MAX_ENTRIES) compressed.clear();
    body = (encoding === "br" ? readPrecompressed(file, stat) : Promise.resolve(undefined)).then(async (built) => {
      if (built) return built;
      const raw = await fs.promises.readFile(file);
      const out =
        encoding === "br"
          ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: raw.length <= BROTLI_MAX_AT_11 ? 11 : 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : await gzip(raw, { level: 9 });
      return new Uint8Array(out);
    });
    body.catch(() => compressed.delete(key));
    compressed.set(key, body);
  }
  return body;
}

type BuildState = { status: "running" | "failed"; startedAt: number; log: string[] };
const builds = new Map<string, BuildState>();

function distDir(web: WebApp): string {
  return path.join(web.dir, "dist");
}

function isBuilt(web: WebApp): boolean {
  return fs.existsSync(path.join(distDir(web), "index.html"));
}

/** The web apps without a build (a production start refuses to run without them). */
export function unbuiltWebApps(apps: WebApp[] = webApps()): WebApp[] {
  return apps.filter((web) => !isBuilt(web));
}

/**
 * Development only: one background `vite build` per app whose dist is missing. The server never
 * waits for it; pages show a self-refreshing notice meanwhile.
 */
export function startBuild(web: WebApp, deps: Pick<Deps, "log">): void {
  const current = builds.get(web.name);
  if (current?.status === "running") return;
  const vite = path.join(ROOT, "node_modules", "vite", "bin", "vite.js");
  const state: BuildState = { status: "running", startedAt: Date.now(), log: [] };
  builds.set(web.name, state);
  deps.log.info({ app: web.name }, "web app not built yet: running vite build in the background");
  const child = spawn(process.execPath, [vite, "build", "--logLevel", "warn"], { cwd: web.dir, env: webBuildEnv(), stdio: ["ignore", "pipe", "pipe"] });
  const keep = (chunk: Buffer) => {
    state.log.push(chunk.toString());
    if (state.log.length > 50) state.log.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.on("error", (err) => {
    state.status = "failed";
    deps.log.error({ app: web.name, err }, "vite build could not start");
  });
  child.on("exit", (code) => {
    if (code === 0) {
      builds.delete(web.name);
      deps.log.info({ app: web.name, seconds: Math.round((Date.now() - state.startedAt) / 1000) }, "web app built");
    } else {
      state.status = "failed";
      deps.log.error({ app: web.name, code, output: state.log.join("").slice(-2000) }, "vite build failed");
    }
  });
}

function page(title: string, body: string, refresh: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${
    refresh ? '<meta http-equiv="refresh" content="3">' : ""
  }<title>${title}</title><style>body{font-family:system-ui,sans-serif;background:#f5f7fb;color:#1f2430;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;border-radius:16px;box-shadow:0 8px 24px rgb(16 24 40/8%);padding:32px 28px;max-width:440px;text-align:center}code{background:#f1f3f5;padding:2px 6px;border-radius:4px}</style></head><body><main>${body}</main></body></html>`;
}

function notReady(c: Context<AppEnv>, web: WebApp, deps: Deps, build: (web: WebApp) => void): Response {
  const headers = { "Cache-Control": "no-store", "Retry-After": "3" };
  if (!deps.config.devTools) {
    return c.html(
      page(
        "Not built",
        `<h1>${web.label} is not built</h1><p>This server runs in production mode and found no <code>${web.name}/dist</code>.</p><p>Build it with <code>npm run build</code> before starting the server.</p>`,
        false,
      ),
      503,
      headers,
    );
  }
  if (builds.get(web.name)?.status === "failed") {
    return c.html(
      page(
        "Build failed",
        `<h1>${web.label} did not build</h1><p>The background <code>vite build</code> failed; the server log has the details.</p><p>Fix it and run <code>npm run build:web</code>, then reload.</p>`,
        false,
      ),
      503,
      headers,
    );
  }
  build(web);
  return c.html(page("Building…", `<h1>The app is being built…</h1><p>This takes a few seconds on the first start. The page reloads by itself.</p>`, true), 503, headers);
}

/** Resolves a URL path inside dist without ever leaving it; undefined when there is no such file. */
function fileIn(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (full !== root && !full.startsWith(`${root}${path.sep}`)) return undefined;
  try {
    return fs.statSync(full).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

async function serveFile(c: Context<AppEnv>, file: string, cacheControl: string): Promise<Response> {
  const stat = await fs.promises.stat(file);
  const ext = path.extname(file).toLowerCase();
  const encoding = COMPRESSIBLE.has(ext) && stat.size > 256 ? pickEncoding(c.req.header("accept-encoding")) : undefined;
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ""}"`;
  const headers: Record<string, string> = { "Content-Type": TYPES[ext] ?? "application/octet-stream", "Cache-Control": cacheControl, ETag: etag };
  if (COMPRESSIBLE.has(ext)) headers.Vary = "Accept-Encoding";
  if (encoding) headers["Content-Encoding"] = encoding;
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  const body = encoding ? await compressedBody(file, stat, encoding) : new Uint8Array(await fs.promises.readFile(file));
  return c.body(body, 200, headers);
}

/**
 * The member app's index.html with the page head of the request's host (web/head.ts): each
 * community's domain gets its own title, description, icons and Open Graph tags.
 */
async function serveMemberIndex(c: Context<AppEnv>, file: string, deps: Deps): Promise<Response> {
  const hostHeader = (deps.config.trustProxy && c.req.header("x-forwarded-host")) || c.req.header("host");
  const tenant = deps.tenants ? await deps.tenants.byHost(hostHeader) : undefined;
  // The community's public configuration comes with the page: the app's first render does not
  // wait for a lookup (issue 17); other hosts look it up as before.
  const community = tenant ? await publicCommunity(deps, tenant.id) : undefined;
  const html = injectHead(await fs.promises.readFile(file, "utf8"), renderHead(tenant, deps.config.browser, community));
  // Compressed like every other text file (the page is a few KB: a fast brotli level per request).
  const encoding = html.length > 256 ? pickEncoding(c.req.header("accept-encoding")) : undefined;
  const etag = `W/"${createHash("sha1").update(html).digest("base64url")}${encoding ? `-${encoding}` : ""}"`;
  const headers: Record<string, string> = {
    "Content-Type": TYPES[".html"] ?? "text/html",
    "Cache-Control": NO_CACHE,
    ETag: etag,
    Vary: "Host, Accept-Encoding",
  };
  if (encoding) headers["Content-Encoding"] = encoding;
  const csp = cspWithIntegrations(deps.config.browser);
  if (csp) headers["Content-Security-Policy"] = csp;
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  if (c.req.method === "HEAD") return c.body(null, 200, headers);
  if (encoding === "br") return c.body(new Uint8Array(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })), 200, headers);
  if (encoding === "gzip") return c.body(new Uint8Array(zlib.gzipSync(html)), 200, headers);
  return c.body(html, 200, headers);
}

function appFor(apps: WebApp[], pathname: string): { web: WebApp; rest: string } | { redirect: string } | undefined {
  if (RESERVED_EXACT.has(pathname) || RESERVED.some((p) => pathname.startsWith(p))) return undefined;
  const consoleApp = apps.find((w) => w.mount === "/console");
  const member = apps.find((w) => w.mount === "/");
  if (consoleApp && pathname === "/console") return { redirect: "/console/" };
  if (consoleApp && pathname.startsWith("/console/")) return { web: consoleApp, rest: pathname.slice("/console".length) };
  return member ? { web: member, rest: pathname } : undefined;
}

/**
 * Serves the built member app at / and the console at /console (mounted after every API route):
 * real files with a year's cache for hashed assets, index.html never cached, and index.html for
 * any other page path so client-side routes survive a reload.
 */
export type MountOptions = {
  apps?: WebApp[];
  /** Starts the background build of a missing app (development); tests pass their own. */
  build?: (web: WebApp) => void;
};

export function mountWebApps(app: Hono<AppEnv>, deps: Deps, opts: MountOptions = {}): void {
  const apps = opts.apps ?? webApps(deps.config.webRoot);
  const build = opts.build ?? ((web: WebApp) => startBuild(web, deps));
  // A fresh clone in development has no dist yet: start building right away, not on the first visit.
  if (deps.config.env === "development") {
    for (const web of apps) if (!isBuilt(web)) build(web);
  }

  app.on(["GET", "HEAD"], "*", async (c) => {
    const target = appFor(apps, c.req.path);
    if (!target) return c.notFound();
    if ("redirect" in target) return c.redirect(target.redirect, 301);
    const { web, rest } = target;
    // A missing script or image is a 404, not an HTML page the browser would try to run.
    const isAssetPath = rest.startsWith("/assets/") || path.extname(rest).toLowerCase() in TYPES;
    if (!isBuilt(web)) return isAssetPath ? c.notFound() : notReady(c, web, deps, build);
    const root = distDir(web);
    const file = rest === "/" ? undefined : fileIn(root, rest);
    if (file) {
      const isIndex = path.basename(file) === "index.html";
      if (isIndex && web.mount === "/" && rest === "/index.html") return serveMemberIndex(c, file, deps);
      const hashed = rest.startsWith("/assets/");
      return serveFile(c, file, isIndex ? NO_CACHE : hashed ? IMMUTABLE : SHORT);
    }
    if (isAssetPath) return c.notFound();
    if (web.mount === "/") return serveMemberIndex(c, path.join(root, "index.html"), deps);
    return serveFile(c, path.join(root, "index.html"), NO_CACHE);
  });
}
