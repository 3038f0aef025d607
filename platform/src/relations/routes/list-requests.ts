import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { IntroRequestPageSchema, RequestsQuerySchema } from "../schemas.ts";
import { listRequests } from "../requests.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/requests",
  tags: ["Requests"],
  summary: "Intros sent to me",
  description:
    "scope=mine: intros to me, newest first (those held for the moderators appear once forwarded). scope=moderation (admins and moderators): intros waiting for a moderator.",
  request: { query: RequestsQuerySchema },
  responses: { 200: jsonResponse(IntroRequestPageSchema, "One page"), ...errors(400, 401, 403) },
});

export function registerListRequests(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listRequests(c.get("ctx"), c.req.valid("query")), 200));
}
