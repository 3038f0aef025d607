import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { PageQuerySchema } from "../../../lib/paging.ts";
import { MatchingRequestPageSchema } from "../schemas.ts";
import { listMatchingRequests } from "../recommendations.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/matching/requests",
  tags: ["Matching"],
  summary: "My contacts who sent me an intro",
  description:
    "My results whose contact sent me an intro, newest intro first.",
  request: { query: PageQuerySchema },
  responses: { 200: jsonResponse(MatchingRequestPageSchema, "One page"), ...errors(400, 401, 403) },
});

export function registerMatchingRequests(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMatchingRequests(c.get("ctx"), c.req.valid("query")), 200));
}
