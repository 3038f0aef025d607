import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, OkSchema } from "../../http/openapi.ts";
import { RemoveImageQuerySchema } from "../schemas.ts";
import { removeImage } from "../service.ts";

const route = defineRoute({
  access: "user",
  method: "delete",
  path: "/images/remove",
  tags: ["Images"],
  summary: "Remove the avatar (default) or one of your images by id; idempotent",
  request: { query: RemoveImageQuerySchema },
  responses: { 200: jsonResponse(OkSchema, "Removed, or already gone"), ...errors(400, 401, 404) },
});

export function registerRemove(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await removeImage(c.get("ctx"), c.req.valid("query")), 200));
}
