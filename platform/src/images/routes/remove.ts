import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, OkSchema } from "../../http/openapi.ts";
import { RemoveImageQuerySchema } from "../schemas.ts";
import { removeImage } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "delete",
  path: "/images/remove",
  tags: ["Images"],
  summary: "Remove the avatar (default, idempotent) or one of your images by id (404 when it is gone or not yours)",
  request: { query: RemoveImageQuerySchema },
  responses: { 200: jsonResponse(OkSchema, "Removed (the avatar: or there was none)"), ...errors(400, 401, 404) },
});

export function registerRemove(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await removeImage(c.get("ctx"), c.req.valid("query")), 200));
}
