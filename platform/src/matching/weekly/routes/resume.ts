import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { resumeMatching } from "../control.ts";
import { MatchingStatusSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/matching/resume",
  tags: ["Matching"],
  summary: "Resume weekly contacts (clears a pause and a skipped week)",
  responses: { 200: jsonResponse(MatchingStatusSchema, "The new status"), ...errors(401, 404) },
});

export function registerResume(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await resumeMatching(c.get("ctx")), 200));
}
