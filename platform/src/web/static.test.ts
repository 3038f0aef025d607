import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../config.ts";
import type { Deps } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { webBuildEnv } from "../env.ts";
import { mountWebApps, type WebApp } from "./static.ts";

let tmp: string;

function makeApp(name: string, mount: "/" | "/console", files: Record<string, string> | null): WebApp {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, body] of Object.entries(files ?? {})) {
    const full = path.join(dir, "dist", file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, body);
  }
  return { name, label: name, dir, mount };
}

function server(apps: WebApp[], config = testConfig()) {
  const app = new Hono<AppEnv>();
  const builds: string[] = [];
  app.get("/api/known", (c) => c.json({ ok: true }));
  app.notFound((c) => c.json({ code: 1002, msg: "Not found" }, 404));
  const deps = { config, log: pino({ level: "silent" }) } as unknown as Deps;
  mountWebApps(app, deps, { apps, build: (web) => builds.push(web.name) });
  return { app, builds };
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tuesday-web-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("mountWebApps", () => {
  it("serves files, caches hashed assets for a year and never caches index.html", async () => {
    const member = makeApp("m1", "/", { "index.html": "<p>member</p>", "assets/app-abc123.js": "console.log(1)", "favicon.svg": "<svg/>" });
    const consoleApp = makeApp("c1", "/console", { "index.html": "<p>console</p>" });
    const { app } = server([member, consoleApp]);

    const asset = await app.request("/assets/app-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("javascript");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toBe("console.log(1)");

    const index = await app.request("/");
    expect(index.headers.get("cache-control")).toBe("no-cache");
    expect(await index.text()).toBe("<p>member</p>");

    const again = await app.request("/", { headers: { "If-None-Match": index.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);

    expect((await app.request("/favicon.svg")).headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("answers client routes with index.html, but not the platform's own paths or missing assets", async () => {
    const member = makeApp("m2", "/", { "index.html": "<p>member</p>" });
    const consoleApp = makeApp("c2", "/console", { "index.html": "<p>console</p>" });
    const { app } = server([member, consoleApp]);

    for (const p of ["/login", "/my_communities", "/event/abc?x=1", "/u/jane.doe"]) {
      const res = await app.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toBe("<p>member</p>");
    }
    for (const p of ["/api/unknown", "/community/x/landing.json", "/dev/mail", "/media/a.png", "/healthz", "/readyz", "/assets/gone-123.js", "/missing.png"]) {
      const res = await app.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type"), p).toContain("application/json");
    }
    expect((await app.request("/api/known")).status).toBe(200);
    expect((await app.request("/login", { method: "POST" })).status).toBe(404);
  });

  it("serves the console under /console with its own fallback", async () => {
    const member = makeApp("m3", "/", { "index.html": "<p>member</p>" });
    const consoleApp = makeApp("c3", "/console", { "index.html": "<p>console</p>", "assets/c-1.js": "x" });
    const { app } = server([member, consoleApp]);

    const bare = await app.request("/console");
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/console/");
    expect(await (await app.request("/console/")).text()).toBe("<p>console</p>");
    expect(await (await app.request("/console/some/page")).text()).toBe("<p>console</p>");
    expect((await app.request("/console/assets/c-1.js")).headers.get("cache-control")).toContain("immutable");
  });

  it("never serves a file outside dist", async () => {
    const member = makeApp("m4", "/", { "index.html": "<p>member</p>" });
    fs.writeFileSync(path.join(member.dir, "secret.txt"), "secret");
    const { app } = server([member]);
    for (const p of ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt"]) {
      const res = await app.request(p);
      expect(await res.text(), p).not.toContain("secret");
    }
  });

  it("in development, a missing build shows a self-refreshing page and starts one build", async () => {
    const member = makeApp("m5", "/", null);
    const { app, builds } = server([member], testConfig({ env: "development", devTools: true }));
    expect(builds).toEqual(["m5"]);
    const res = await app.request("/login");
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain("The app is being built");
    expect(html).toContain('http-equiv="refresh"');
    expect(html).not.toContain("<script");
  });

  it("in production, a missing build is a clear error and nothing is built", async () => {
    const member = makeApp("m6", "/", null);
    const { app, builds } = server([member], testConfig({ env: "production", isProduction: true, devTools: false }));
    const res = await app.request("/");
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build");
    expect(builds).toEqual([]);
  });
  it("sends text files brotli- or gzip-compressed to browsers that accept it, as they are to others", async () => {
    const script = `console.log(${JSON.stringify("x".repeat(2000))});`;
    const member = makeApp("m-compress", "/", { "index.html": `<p>${"member ".repeat(100)}</p>`, "assets/app-zz.js": script, "assets/logo.png": "png".repeat(200) });
    const { app } = server([member]);

    const br = await app.request("/assets/app-zz.js", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(script.length / 4);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(script);

    const gz = await app.request("/assets/app-zz.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    expect(gz.headers.get("etag")).not.toBe(br.headers.get("etag"));

    const plain = await app.request("/assets/app-zz.js", { headers: { "Accept-Encoding": "br;q=0, identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);

    const page = await app.request("/some/page", { headers: { "Accept-Encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("cache-control")).toBe("no-cache");

    // Images are already compressed.
    expect((await app.request("/assets/logo.png", { headers: { "Accept-Encoding": "br" } })).headers.get("content-encoding")).toBeNull();
  });

  it("sends the build's own brotli file beside an asset, unless it is older than the asset", async () => {
    const script = `console.log(${JSON.stringify("y".repeat(2000))});`;
    const built = zlib.brotliCompressSync(`/* built */ ${script}`);
    const member = makeApp("m-precompressed", "/", { "index.html": "<p>member</p>", "assets/app-pp.js": script, "assets/old-pp.js": script });
    const dist = path.join(member.dir, "dist", "assets");
    fs.writeFileSync(path.join(dist, "app-pp.js.br"), built);
    // A .br older than its file (a stale build) is not used.
    fs.writeFileSync(path.join(dist, "old-pp.js.br"), built);
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dist, "old-pp.js.br"), past, past);
    const { app } = server([member]);

    const br = await app.request("/assets/app-pp.js", { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(`/* built */ ${script}`);
    const stale = await app.request("/assets/old-pp.js", { headers: { "Accept-Encoding": "br" } });
    expect(zlib.brotliDecompressSync(Buffer.from(await stale.arrayBuffer())).toString()).toBe(script);
    // gzip is compressed from the file as before.
    const gz = await app.request("/assets/app-pp.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
  });
});

describe("the background build's environment", () => {
  it("is production whatever this process runs under (vitest's NODE_ENV=test gave React's development build to the browser tests)", () => {
    expect(process.env.NODE_ENV).toBe("test");
    const env = webBuildEnv();
    expect(env.NODE_ENV).toBe("production");
    expect(env.PATH).toBe(process.env.PATH);
  });
});
