import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { CalcRelevanceBodySchema, CalcRelevanceResultSchema } from "../schemas.ts";
import { calcRelevanceRates } from "../recommendations.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/matching/calc-relevance-rate",
  tags: ["Matching"],
  summary: "My relevance with up to 50 members",
  description:
    "Any id outside this community is a 404.",
  request: { body: jsonBody(CalcRelevanceBodySchema) },
  responses: { 200: jsonResponse(CalcRelevanceResultSchema, "Scores"), ...errors(400, 401, 403, 404) },
});

export function registerCalcRelevanceRate(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await calcRelevanceRates(c.get("ctx"), c.req.valid("json").participantIds), 200));
}
