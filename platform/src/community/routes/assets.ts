import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors } from "../../http/openapi.ts";
import { getCommunityAsset } from "../service.ts";

const binary = { schema: z.string().openapi({ format: "binary" }) };

const route = defineRoute({
  apiKey: "any",
  access: "public",
  method: "get",
  path: "/community/{id}/assets/{file}",
  tags: ["Community"],
  summary: "A static file of the tenant's folder (logo, plain-text policy)",
  request: {
    params: z.object({
      id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/).openapi({ param: { name: "id", in: "path" } }),
      file: z.string().max(128).openapi({ param: { name: "file", in: "path" }, example: "logo.svg" }),
    }),
  },
  responses: {
    200: { description: "The file", content: { "image/svg+xml": binary, "image/png": binary, "image/jpeg": binary, "image/webp": binary, "image/x-icon": binary, "text/plain": binary, "application/pdf": binary } },
    ...errors(400, 404),
  },
});

export function registerAssets(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id, file } = c.req.valid("param");
    const asset = await getCommunityAsset(c.get("ctx"), id, file);
    return c.body(new Uint8Array(asset.body), 200, {
      "Content-Type": asset.contentType,
      "Cache-Control": "public, max-age=300",
      // An SVG opened directly must not run script or load anything: tenant files are trusted, but not that much.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });
}
