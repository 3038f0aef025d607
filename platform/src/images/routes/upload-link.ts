import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { UploadLinkSchema, UploadResultSchema } from "../schemas.ts";
import { uploadImageFromLink } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/images/upload/link",
  tags: ["Images"],
  summary: "Store an avatar or image fetched from a public http(s) link (private and local addresses are refused)",
  request: { body: jsonBody(UploadLinkSchema) },
  responses: { 200: jsonResponse(UploadResultSchema, "The stored image"), ...errors(400, 401, 404, 413, 415, 429, 502) },
});

export function registerUploadLink(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await uploadImageFromLink(c.get("ctx"), c.req.valid("json")), 200));
}
