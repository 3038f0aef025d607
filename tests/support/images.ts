import sharp from "sharp";

/** Image fixtures made with sharp at test time (nothing binary is checked in). */

type Rgb = { r: number; g: number; b: number };
export const RED: Rgb = { r: 255, g: 0, b: 0 };
export const GREEN: Rgb = { r: 0, g: 255, b: 0 };
export const BLUE: Rgb = { r: 0, g: 0, b: 255 };
export const YELLOW: Rgb = { r: 255, g: 255, b: 0 };

function solid(width: number, height: number, color: Rgb) {
  return sharp({ create: { width, height, channels: 3, background: color } });
}

/** A photo-like PNG with a gradient and some noise, so it is not trivially compressible. */
export async function realPng(width = 800, height = 600): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x * y) % 251;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

export async function realJpeg(width = 1024, height = 768): Promise<Buffer> {
  return sharp(await realPng(width, height)).jpeg({ quality: 90 }).toBuffer();
}

/** A real GIF: refused whatever name or type it is sent with. */
export async function gif(): Promise<Buffer> {
  return solid(64, 64, GREEN).gif().toBuffer();
}

/** A side-by-side image: left half `left`, right half `right`. */
export async function halves(width: number, height: number, left: Rgb, right: Rgb, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const half = await solid(width / 2, height, right).png().toBuffer();
  const img = solid(width, height, left).composite([{ input: half, left: width / 2, top: 0 }]);
  return format === "png" ? img.png().toBuffer() : img.jpeg({ quality: 95 }).toBuffer();
}

/** Quadrants: top-left red, top-right green, bottom-left blue, bottom-right yellow. */
export async function quadrants(width: number, height: number): Promise<Buffer> {
  const w = width / 2;
  const h = height / 2;
  const tile = (c: Rgb) => solid(w, h, c).png().toBuffer();
  return solid(width, height, RED)
    .composite([
      { input: await tile(GREEN), left: w, top: 0 },
      { input: await tile(BLUE), left: 0, top: h },
      { input: await tile(YELLOW), left: w, top: h },
    ])
    .png()
    .toBuffer();
}

/**
 * A JPEG as a phone writes it: stored sideways (left half red, right half blue, 400x200) with
 * EXIF Orientation 6 (display rotated 90° clockwise: red on top), a camera make and GPS position.
 */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp(await halves(400, 200, RED, BLUE, "jpeg"))
    .withExif({
      IFD0: { Make: "TestCam", Model: "Sideways 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "55/1 45/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "37/1 37/1 0/1", GPSMapDatum: "WGS-84" },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** A valid JPEG of at least `bytes`, padded with comment (COM) segments right after SOI. */
export async function paddedJpeg(bytes: number): Promise<Buffer> {
  const base = await realJpeg(64, 64);
  const segment = 65_533;
  const count = Math.ceil(Math.max(0, bytes - base.length) / (segment + 4));
  const com = Buffer.alloc(segment + 4, 0x20);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(segment + 2, 2);
  return Buffer.concat([base.subarray(0, 2), ...Array.from({ length: count }, () => com), base.subarray(2)]);
}

/** PNG magic bytes in front of garbage. */
export function corruptPng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not really an image at all".repeat(20))]);
}

/** True when the EXIF block (as sharp's metadata().exif gives it) points to a GPS IFD. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? exif.subarray(6) : exif;
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (p: number) => (le ? tiff.readUInt16LE(p) : tiff.readUInt16BE(p));
  const u32 = (p: number) => (le ? tiff.readUInt32LE(p) : tiff.readUInt32BE(p));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

/** The colour at (x, y). */
export async function pixelAt(image: Uint8Array, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i] ?? -1, g: data[i + 1] ?? -1, b: data[i + 2] ?? -1 };
}

/** Within JPEG error of `expected`. */
export function near(actual: Rgb, expected: Rgb, tolerance = 40): boolean {
  return Math.abs(actual.r - expected.r) <= tolerance && Math.abs(actual.g - expected.g) <= tolerance && Math.abs(actual.b - expected.b) <= tolerance;
}

/** A multipart body with the file in `field` (default `image`) plus text fields. */
export function imageForm(
  data: Uint8Array,
  opts: { name?: string; type?: string; field?: string; fields?: Record<string, string> } = {},
): FormData {
  const form = new FormData();
  form.append(opts.field ?? "image", new File([new Uint8Array(data)], opts.name ?? "photo.png", { type: opts.type ?? "image/png" }));
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  return form;
}
