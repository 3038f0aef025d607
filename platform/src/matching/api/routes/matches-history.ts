import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { PageQuerySchema } from "../../../lib/paging.ts";
import { RecommendationPageSchema } from "../schemas.ts";
import { listMatchesHistory } from "../recommendations.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/matching/matches-history",
  tags: ["Matching"],
  summary: "All my matches with their feedback state",
  description:
    "Every result I ever had, newest first, including dismissed ones.",
  request: { query: PageQuerySchema },
  responses: { 200: jsonResponse(RecommendationPageSchema, "One page"), ...errors(400, 401, 403) },
});

export function registerMatchesHistory(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMatchesHistory(c.get("ctx"), c.req.valid("query")), 200));
}
