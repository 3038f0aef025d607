import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { getMatchingStatus } from "../control.ts";
import { MatchingStatusSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/matching/status",
  tags: ["Matching"],
  summary: "The own weekly matching status: pause, skipped week, next contact date (community time zone)",
  responses: { 200: jsonResponse(MatchingStatusSchema, "Status"), ...errors(401, 404) },
});

export function registerStatus(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getMatchingStatus(c.get("ctx")), 200));
}
