import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { CommunityIdParamSchema } from "../../../directory/schemas.ts";
import { NextPairSchema, ReaderLangHeadersSchema } from "../schemas.ts";
import { nextPairToScore } from "../admin.ts";

const route = defineRoute({
  apiKey: false,
  access: "moderator",
  method: "get",
  path: "/admin/{id}/matches/next",
  tags: ["Admin"],
  summary: "The next pair to score",
  description:
    "{id} is the community id. The most relevant pair of the candidate graph without an admin score yet. Admins and moderators only.",
  request: { params: CommunityIdParamSchema, headers: ReaderLangHeadersSchema },
  responses: { 200: jsonResponse(NextPairSchema, "The pair, or null"), ...errors(401, 403, 404) },
});

export function registerAdminNextMatch(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await nextPairToScore(c.get("ctx"), c.req.valid("param").id, c.req.valid("header")["accept-language"]), 200));
}
