import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { skipMatchingWeek } from "../control.ts";
import { MatchingStatusSchema, SkipMatchingWeekSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/matching/skip",
  tags: ["Matching"],
  summary: "Skip one week's contact (default the coming Tuesday)",
  request: { body: jsonBody(SkipMatchingWeekSchema) },
  responses: { 200: jsonResponse(MatchingStatusSchema, "The new status"), ...errors(400, 401, 404) },
});

export function registerSkip(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await skipMatchingWeek(c.get("ctx"), c.req.valid("json")), 200));
}
