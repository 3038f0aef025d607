import type { OpenAPIHono, } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { chartsData } from "../charts.ts";
import { ChartsDataSchema, ChartsQuerySchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: "analytics:read",
  access: "admin",
  method: "get",
  path: "/charts/data",
  tags: ["Admin"],
  summary: "Analytics over time: sign-ups, matches, meetings held and their average rating per week; intro acceptance rate",
  request: { query: ChartsQuerySchema },
  responses: { 200: jsonResponse(ChartsDataSchema, "Series"), ...errors(400, 401, 403, 404) },
});

export function registerChartsData(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await chartsData(c.get("ctx"), c.req.valid("query")), 200));
}
