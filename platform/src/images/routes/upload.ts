import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { UploadFormSchema, UploadResultSchema } from "../schemas.ts";
import { uploadImage } from "../service.ts";

export const UPLOAD_PATH = "/images/upload";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: UPLOAD_PATH,
  tags: ["Images"],
  summary: "Upload an avatar or image (JPG or PNG, checked by content; re-encoded without metadata in sizes 108, 256 and 512)",
  request: {
    body: { required: true, content: { "multipart/form-data": { schema: UploadFormSchema } } },
  },
  responses: { 200: jsonResponse(UploadResultSchema, "The stored image"), ...errors(400, 401, 404, 413, 415, 429) },
});

export function registerUpload(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await uploadImage(c.get("ctx"), c.req.valid("form")), 200));
}
