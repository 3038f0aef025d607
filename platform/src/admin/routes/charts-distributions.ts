import type { OpenAPIHono, } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { chartsDistributions } from "../charts.ts";
import { ChartsDistributionsSchema, ChartsQuerySchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: "analytics:read",
  access: "admin",
  method: "get",
  path: "/charts/distributions",
  tags: ["Admin"],
  summary: "Analytics distributions: the onboarding funnel, top tags, cities",
  request: { query: ChartsQuerySchema.pick({ communityId: true }) },
  responses: { 200: jsonResponse(ChartsDistributionsSchema, "Distributions"), ...errors(400, 401, 403, 404) },
});

export function registerChartsDistributions(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await chartsDistributions(c.get("ctx"), c.req.valid("query")), 200));
}
