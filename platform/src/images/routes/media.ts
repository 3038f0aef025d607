import type { Hono } from "hono";
import type { Deps } from "../../context.ts";
import type { AppEnv } from "../../http/env.ts";
import { readMediaFile } from "../service.ts";

/**
 * The raw path (before any decoding) must be exactly /media/<community>/<26-char id>/<size>.jpg,
 * so `..`, encoded slashes and every other trick fail the match rather than reach the disk.
 */
const MEDIA_PATH = /^\/media\/([a-z0-9][a-z0-9-]{1,62}\/[a-z2-7]{26}\/(?:108|256|512)\.jpg)$/;

/** The file's name changes with every upload, so a stored file never changes under its URL. */
const CACHE = "public, max-age=31536000, immutable";

export function registerMedia(app: Hono<AppEnv>, deps: Deps) {
  app.get("/media/*", async (c) => {
    const key = MEDIA_PATH.exec(new URL(c.req.url).pathname)?.[1] ?? "";
    const file = await readMediaFile(deps.config, key);
    return c.body(file.data, 200, {
      "Content-Type": file.contentType,
      "Content-Length": String(file.data.byteLength),
      "Cache-Control": CACHE,
      "X-Content-Type-Options": "nosniff",
      // Avatars appear in mail and on other tenants' pages; nothing here is private.
      "Cross-Origin-Resource-Policy": "cross-origin",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
}
