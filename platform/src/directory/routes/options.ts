import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityIdParamSchema, DirectoryOptionsSchema } from "../schemas.ts";
import { getDirectoryOptions } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/community/{id}/options",
  tags: ["Directory"],
  summary: "Filter choices of the directory: shared cities, top tags, lookingFor, with counts",
  description: "Same visibility as /participants.",
  request: { params: CommunityIdParamSchema },
  responses: { 200: jsonResponse(DirectoryOptionsSchema, "Filter choices"), ...errors(400, 401, 403, 404) },
});

export function registerOptions(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getDirectoryOptions(c.get("ctx"), c.req.valid("param").id), 200));
}
