import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { PendingScoreSchema, UpdateScoreBodySchema } from "../schemas.ts";
import { updateScore } from "../feedback.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/matching/update-score",
  tags: ["Matching"],
  summary: "Meeting feedback",
  description:
    "A score 1..5 with optional notes, or noMeeting: true with a null score. matchingId is my matchingResultId. May be changed later.",
  request: { body: jsonBody(UpdateScoreBodySchema) },
  responses: { 200: jsonResponse(PendingScoreSchema, "Saved"), ...errors(400, 401, 403, 404) },
});

export function registerUpdateScore(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateScore(c.get("ctx"), c.req.valid("json")), 200));
}
