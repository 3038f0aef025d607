import type { Hono } from "hono";
import type { Deps } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { createRouter } from "../http/openapi.ts";
import { registerMedia } from "./routes/media.ts";
import { registerRemove } from "./routes/remove.ts";
import { registerUpload, UPLOAD_PATH } from "./routes/upload.ts";
import { registerUploadLink } from "./routes/upload-link.ts";

/** The upload path under /api: it gets its own body limit instead of the 1 MB one. */
export const IMAGE_UPLOAD_API_PATH = `/api${UPLOAD_PATH}`;

export function imagesRouter() {
  const app = createRouter();
  registerUpload(app);
  registerUploadLink(app);
  registerRemove(app);
  return app;
}

/**
 * GET /media/*: stored images, on every host. They are public avatars behind unguessable ids,
 * shown in mail and across communities, so no tenant or session is needed to read one.
 */
export function mountMedia(app: Hono<AppEnv>, deps: Deps): void {
  registerMedia(app, deps);
}
