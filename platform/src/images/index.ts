import type { AppConfig } from "../config.ts";

export { avatarSizeForViewport, IMAGE_SIZES } from "./processing.ts";
export type { StoredAvatar } from "./schemas.ts";

/** Multipart framing and the other form fields on top of the largest accepted file. */
export function imageUploadBodyLimit(config: Pick<AppConfig, "images">): number {
  return config.images.maxBytes + 2 * 1024 * 1024;
}
