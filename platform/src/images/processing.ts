import sharp from "sharp";
import { AppError, ErrorCode, validation } from "../lib/errors.ts";

export const IMAGE_SIZES = [108, 256, 512] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export type ImageKind = "avatar" | "image";
export type Rotation = 0 | 90 | 180 | 270;
/** A rectangle in pixels of the upright image after `rotate`, as browser croppers report it. */
export type Crop = { x: number; y: number; width: number; height: number };

export type ProcessedImage = {
  /** Size of the upright (EXIF-oriented, rotated) source. */
  width: number;
  height: number;
  outputs: { size: ImageSize; data: Buffer }[];
};

/** The spec's avatar size helper: 108 below 576 px of viewport, 256 below 768, else 512. */
export function avatarSizeForViewport(viewportWidth: number): ImageSize {
  if (viewportWidth < 576) return 108;
  if (viewportWidth < 768) return 256;
  return 512;
}

/** A decompression bomb stays a small file; this caps the decoded size (a 48 MP phone photo passes). */
const MAX_INPUT_PIXELS = 64_000_000;
const JPEG_QUALITY = 82;

/** JPEG or PNG by the file's first bytes; the name and the declared type are never trusted. */
export function sniffImageFormat(data: Uint8Array): "jpeg" | "png" | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= png.length && png.every((b, i) => data[i] === b)) return "png";
  return undefined;
}

export function unsupportedImage(): AppError {
  return new AppError(ErrorCode.UNSUPPORTED_MEDIA, "Only JPG and PNG images are accepted");
}

function unreadableImage(): AppError {
  return validation("The image could not be read. Please try another photo", { image: "unreadable image" });
}

/**
 * Checks the content, then re-encodes: orient by EXIF, apply `rotate` and `crop`, and write the
 * three sizes as baseline JPEG. sharp writes no metadata unless asked, so EXIF (GPS included),
 * XMP, IPTC and ICC profiles never reach a stored file.
 */
export async function processImage(
  data: Uint8Array,
  opts: { kind: ImageKind; crop?: Crop | undefined; rotate?: Rotation | undefined },
): Promise<ProcessedImage> {
  const sniffed = sniffImageFormat(data);
  if (!sniffed) throw unsupportedImage();
  const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" } as const;
  let meta: sharp.Metadata;
  try {
    meta = await sharp(data, input).metadata();
  } catch {
    throw unreadableImage();
  }
  // Magic bytes of one format in front of another decoder's data is not an image we accept.
  if (meta.format !== sniffed) throw unsupportedImage();
  if (meta.pages !== undefined && meta.pages > 1) throw unsupportedImage();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw validation("The image has too many pixels. Please try a smaller photo", { image: "too many pixels" });
  }

  const rotate = opts.rotate ?? 0;
  const upright = meta.autoOrient;
  const quarterTurn = rotate === 90 || rotate === 270;
  const width = quarterTurn ? upright.height : upright.width;
  const height = quarterTurn ? upright.width : upright.height;
  const crop = opts.crop;
  if (crop && (crop.x + crop.width > width || crop.y + crop.height > height)) {
    throw validation(`The crop area lies outside the ${width}x${height} image`, { crop: "outside the image" });
  }

  const largest = IMAGE_SIZES[IMAGE_SIZES.length - 1];
  const fit = opts.kind === "avatar" ? ({ fit: "cover", position: "centre" } as const) : ({ fit: "inside", withoutEnlargement: true } as const);
  // One decode: the largest size is made from the source, the smaller ones from it.
  let base: { data: Buffer; info: sharp.OutputInfo };
  try {
    let pipeline = sharp(data, input).autoOrient();
    if (rotate) pipeline = pipeline.rotate(rotate);
    if (crop) pipeline = pipeline.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
    base = await pipeline
      .resize(largest, largest, fit)
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadableImage();
  }

  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } } as const;
  const outputs = await Promise.all(
    IMAGE_SIZES.map(async (size) => {
      let pipeline = sharp(base.data, raw);
      if (size !== largest) pipeline = pipeline.resize(size, size, fit);
      return { size, data: await pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer() };
    }),
  );
  return { width, height, outputs };
}
