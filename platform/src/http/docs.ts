import fs from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type { Hono } from "hono";
import type { AppEnv } from "./env.ts";

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tuesday API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, persistAuthorization: false });`;

/** The API reference at /api/docs, served from the swagger-ui-dist package (works offline, passes the CSP). */
export function mountDocs(app: Hono<AppEnv>): void {
  const distDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  app.get("/api/docs", (c) => c.html(PAGE));
  app.get("/api/docs/init.js", (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  // Non-capturing groups: a capturing one makes Hono's RegExpRouter refuse the whole app, and the
  // TrieRouter it falls back to cost every request 3 KB of garbage and 4 us to match (bench:api).
  app.get("/api/docs/assets/:file{swagger-ui(?:-bundle)?\\.(?:js|css)}", async (c) => {
    const file = c.req.param("file");
    const body = await fs.readFile(path.join(distDir, file));
    const type = file.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
    return c.body(body, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
}
