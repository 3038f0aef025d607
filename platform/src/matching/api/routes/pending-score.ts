import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { PendingScoreSchema, ResultIdParamSchema } from "../schemas.ts";
import { getPendingScore } from "../recommendations.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/matching/{id}/pending-score",
  tags: ["Matching"],
  summary: "Does my match {id} wait for meeting feedback?",
  description:
    "{id} is a matchingResultId of mine. Feedback is asked 7 days after the match until given.",
  request: { params: ResultIdParamSchema },
  responses: { 200: jsonResponse(PendingScoreSchema, "Feedback state"), ...errors(400, 401, 403, 404) },
});

export function registerPendingScore(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getPendingScore(c.get("ctx"), c.req.valid("param").id), 200));
}
