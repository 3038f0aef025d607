import sharp from "sharp";
import type { AppConfig } from "../../config.ts";
import { IMAGE_SIZES, processImage } from "../../images/processing.ts";
import type { MediaObjectRow } from "../../images/queries.ts";
import type { ImageSizes, StoredAvatar } from "../../images/schemas.ts";
import { mediaKey, mediaStorage } from "../../images/storage.ts";
import { Rng } from "./random.ts";

const SIDE = 512;

export type AvatarSpec = {
  /** Media id, stable per member, so a rerun rewrites the same files instead of leaving new ones. */
  mediaId: string;
  initials: string;
  primary: string;
  accent: string;
  /** Seed of the shapes and the gradient's direction. */
  seed: string;
};

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `hex` moved towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const k = Math.abs(amount);
  const [r, g, b] = hexToRgb(hex).map((c) => Math.round(c + (target - c) * k));
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, "0")).join("")}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Initials on a gradient of the community's two brand colours, with a few soft shapes. */
export function avatarSvg(spec: AvatarSpec): string {
  const rng = new Rng(spec.seed);
  const [from, to] = rng.chance(0.5) ? [spec.primary, spec.accent] : [spec.accent, spec.primary];
  const start = shade(from, rng.next() * 0.5 - 0.25);
  const end = shade(to, rng.next() * 0.5 - 0.25);
  const angle = rng.int(0, 359);
  const shapes: string[] = [];
  for (let i = rng.int(2, 4); i > 0; i--) {
    const fill = rng.chance(0.5) ? "#ffffff" : "#000000";
    const opacity = (0.06 + rng.next() * 0.12).toFixed(2);
    const x = rng.int(-60, SIDE + 60);
    const y = rng.int(-60, SIDE + 60);
    if (rng.chance(0.6)) shapes.push(`<circle cx="${x}" cy="${y}" r="${rng.int(60, 220)}" fill="${fill}" fill-opacity="${opacity}"/>`);
    else {
      const s = rng.int(80, 260);
      shapes.push(
        `<rect x="${x - s / 2}" y="${y - s / 2}" width="${s}" height="${s}" rx="${rng.int(10, 50)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${rng.int(0, 89)} ${x} ${y})"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">
  <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${start}"/><stop offset="1" stop-color="${end}"/>
  </linearGradient></defs>
  <rect width="${SIDE}" height="${SIDE}" fill="url(#g)"/>
  ${shapes.join("\n  ")}
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#ffffff" fill-opacity="0.95"
    font-family="DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif" font-size="200" font-weight="bold"
    letter-spacing="4">${escapeXml(spec.initials)}</text>
</svg>`;
}

export type SeededAvatar = {
  avatar: StoredAvatar;
  /** The media_objects row without its owner (the participant is inserted later). */
  media: Pick<MediaObjectRow, "id" | "kind" | "keys" | "bytes" | "width" | "height">;
};

/**
 * Renders the avatar and stores it exactly as an upload would be: the SVG becomes a PNG, which goes
 * through the images module's own processing (content check, re-encode, 108/256/512 JPEG) and
 * storage; the result has the shape of participants.avatar and media_objects.
 */
export async function renderAvatar(config: Pick<AppConfig, "dataDir">, communityId: string, spec: AvatarSpec): Promise<SeededAvatar> {
  // Compression level 0: the PNG is read back at once, size does not matter, speed does.
  const png = await sharp(Buffer.from(avatarSvg(spec))).png({ compressionLevel: 0 }).toBuffer();
  const processed = await processImage(png, { kind: "avatar" });
  const storage = mediaStorage(config);
  const keys: Record<string, string> = {};
  const urls: Record<string, string> = {};
  let bytes = 0;
  for (const out of processed.outputs) {
    const key = mediaKey(communityId, spec.mediaId, out.size);
    await storage.put(key, out.data, "image/jpeg");
    keys[out.size] = key;
    urls[out.size] = storage.publicUrl(key);
    bytes += out.data.length;
  }
  const [s108, s256, s512] = IMAGE_SIZES.map((size) => urls[size]);
  if (!s108 || !s256 || !s512) throw new Error("avatar processing did not produce every size");
  const sizes: ImageSizes = { "108": s108, "256": s256, "512": s512 };
  return {
    avatar: {
      id: spec.mediaId,
      key: `${communityId}/${spec.mediaId}`,
      sizes,
      width: processed.width,
      height: processed.height,
      updatedAt: new Date().toISOString(),
    },
    media: { id: spec.mediaId, kind: "avatar", keys, bytes, width: processed.width, height: processed.height },
  };
}
