import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { pauseMatching } from "../control.ts";
import { MatchingStatusSchema, PauseMatchingSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/matching/pause",
  tags: ["Matching"],
  summary: "Pause the weekly contact for 1 to 12 weeks, starting with the coming Tuesday",
  request: { body: jsonBody(PauseMatchingSchema) },
  responses: { 200: jsonResponse(MatchingStatusSchema, "The new status"), ...errors(400, 401, 404) },
});

export function registerPause(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await pauseMatching(c.get("ctx"), c.req.valid("json")), 200));
}
