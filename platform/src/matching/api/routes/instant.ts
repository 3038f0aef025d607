import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { InstantQuerySchema, RecommendationPageSchema } from "../schemas.ts";
import { listInstant } from "../recommendations.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/matching/instant",
  tags: ["Matching"],
  summary: "The Recommended tab",
  description:
    "My weekly, odd-out and on-demand contacts, newest first, each with the contact's card (contacts only once my own profile is complete), score and reasons in my language. Without `status` every result but DISMISSED. The first page tops up on-demand recommendations beyond the weekly one (at most 3 a week); NEW results become SEEN once listed.",
  request: { query: InstantQuerySchema },
  responses: { 200: jsonResponse(RecommendationPageSchema, "One page"), ...errors(400, 401, 403) },
});

export function registerInstant(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listInstant(c.get("ctx"), c.req.valid("query")), 200));
}
