import type { Hono } from "hono";
import type { AppConfig } from "../config.ts";
import type { Deps } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { createRouter } from "../http/openapi.ts";
import { registerMedia } from "./routes/media.ts";
import { registerRemove } from "./routes/remove.ts";
import { registerUpload, UPLOAD_PATH } from "./routes/upload.ts";
import { registerUploadLink } from "./routes/upload-link.ts";

export { avatarSizeForViewport, IMAGE_SIZES } from "./processing.ts";
export type { StoredAvatar } from "./schemas.ts";

/** The upload path under /api: it gets its own body limit instead of the 1 MB one. */
export const IMAGE_UPLOAD_API_PATH = `/api${UPLOAD_PATH}`;

/** Multipart framing and the other form fields on top of the largest accepted file. */
export function imageUploadBodyLimit(config: Pick<AppConfig, "images">): number {
  return config.images.maxBytes + 2 * 1024 * 1024;
}

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
