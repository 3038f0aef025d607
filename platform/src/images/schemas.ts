import { z } from "@hono/zod-openapi";
import type { Crop, Rotation } from "./processing.ts";

const MEDIA_ID = /^[a-z2-7]{26}$/;

export const CropSchema = z
  .strictObject({
    // Croppers report fractions of a pixel; the server works in whole pixels.
    x: z.number().min(0).max(100_000).transform(Math.round),
    y: z.number().min(0).max(100_000).transform(Math.round),
    width: z.number().min(1).max(100_000).transform(Math.round),
    height: z.number().min(1).max(100_000).transform(Math.round),
  })
  .openapi("ImageCrop", {
    description: "Area to keep, in pixels of the upright image (EXIF orientation and `rotate` applied)",
  }) satisfies z.ZodType<Crop>;

const ROTATIONS = { "0": 0, "90": 90, "180": 180, "270": 270 } as const satisfies Record<string, Rotation>;

const PurposeSchema = z.enum(["avatar", "image"]).openapi({
  description: "`avatar` (default) replaces the participant's avatar (square sizes); `image` stores a free image (longest side bounded)",
});

const ImageFileSchema = z.file().openapi({ type: "string", format: "binary", description: "A JPG or PNG file" });

/** Multipart fields are text: crop is JSON, rotate a number as text. */
export const UploadFormSchema = z
  .strictObject({
    image: ImageFileSchema.optional(),
    file: ImageFileSchema.optional().openapi({ description: "Alias of `image`" }),
    crop: z
      .string()
      .max(300)
      .transform((text, tc) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          tc.addIssue({ code: "custom", message: "crop must be JSON: {\"x\":0,\"y\":0,\"width\":100,\"height\":100}" });
          return z.NEVER;
        }
      })
      .pipe(CropSchema)
      .optional()
      .openapi({
        type: "string",
        description: "JSON {x, y, width, height}: the area to keep, in pixels of the upright image after `rotate`",
        example: '{"x":0,"y":0,"width":512,"height":512}',
      }),
    rotate: z
      .enum(["0", "90", "180", "270"])
      .transform((v) => ROTATIONS[v])
      .optional()
      .openapi({ type: "string", enum: ["0", "90", "180", "270"], description: "Clockwise degrees, applied before crop" }),
    purpose: PurposeSchema.optional(),
  })
  .refine((v) => v.image !== undefined || v.file !== undefined, { message: "Attach the image in the field `image`", path: ["image"] });
export type UploadForm = z.infer<typeof UploadFormSchema>;

export const UploadLinkSchema = z
  .strictObject({
    imageUrl: z.string().min(1).max(2048).openapi({ example: "https://example.com/photo.jpg" }),
    crop: CropSchema.optional(),
    rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional(),
    purpose: PurposeSchema.optional(),
  })
  .openapi("ImageUploadLink");
export type UploadLink = z.infer<typeof UploadLinkSchema>;

export const RemoveImageQuerySchema = z.object({
  id: z.string().regex(MEDIA_ID, "an image id").optional().openapi({ description: "The image to remove; default: the avatar" }),
});
export type RemoveImageQuery = z.infer<typeof RemoveImageQuerySchema>;

export const ImageSizesSchema = z
  .object({ "108": z.string(), "256": z.string(), "512": z.string() })
  .openapi("ImageSizes", { description: "URL of each size (square for avatars)" });
export type ImageSizes = z.infer<typeof ImageSizesSchema>;

export const UploadResultSchema = z
  .object({
    id: z.string(),
    url: z.string().openapi({ description: "The 512 size", example: "/media/alpha/abcdefghijklmnopqrstuvwxyz/512.jpg" }),
    sizes: ImageSizesSchema,
    width: z.number().int().openapi({ description: "Width of the upright source image" }),
    height: z.number().int(),
  })
  .openapi("ImageUpload");
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** What participants.avatar holds. */
export type StoredAvatar = {
  id: string;
  key: string;
  sizes: ImageSizes;
  width: number;
  height: number;
  updatedAt: string;
};
