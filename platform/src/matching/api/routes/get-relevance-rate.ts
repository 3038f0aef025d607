import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { RelevanceQuerySchema, RelevanceRateSchema } from "../schemas.ts";
import { getRelevanceRate } from "../recommendations.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/matching/get-relevance-rate",
  tags: ["Matching"],
  summary: "My relevance with a member, and why",
  description:
    "Score in [0, 1] with reasons in my language; 0 when either of us is outside matching.",
  request: { query: RelevanceQuerySchema },
  responses: { 200: jsonResponse(RelevanceRateSchema, "Relevance"), ...errors(400, 401, 403, 404) },
});

export function registerGetRelevanceRate(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getRelevanceRate(c.get("ctx"), c.req.valid("query").participantId), 200));
}
