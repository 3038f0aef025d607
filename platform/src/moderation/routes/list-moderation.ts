import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { CommunityIdParamSchema, ModerationPageSchema, ModerationQuerySchema } from "../schemas.ts";
import { listModeration } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "moderator",
  method: "get",
  path: "/participant-moderation/community/{communityId}",
  tags: ["Moderation"],
  summary: "The community's members for moderation, newest first (page size 20 by default; search; filter by status)",
  request: { params: CommunityIdParamSchema, query: ModerationQuerySchema },
  responses: { 200: jsonResponse(ModerationPageSchema, "One page"), ...errors(400, 401, 403, 404) },
});

export function registerListModeration(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listModeration(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("query")), 200));
}
