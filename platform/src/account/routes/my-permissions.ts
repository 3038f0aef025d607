import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { jsonResponse } from "../../http/openapi.ts";
import { PermissionsSchema } from "../schemas.ts";
import { listMyPermissions } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "get",
  path: "/permission/my",
  tags: ["Account"],
  summary: "The caller's permissions in the current community (empty when not signed in)",
  security: [{ bearer: [] }, {}],
  responses: { 200: jsonResponse(PermissionsSchema, "Permission strings") },
});

export function registerMyPermissions(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMyPermissions(c.get("ctx")), 200));
}
