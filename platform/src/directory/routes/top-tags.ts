import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityIdParamSchema, TopTagsQuerySchema, TopTagsSchema } from "../schemas.ts";
import { listTopTags } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "participant",
  method: "get",
  path: "/community/{id}/top-tags",
  tags: ["Directory"],
  summary: "The community's most used tags with counts",
  description: "Any participant of the community (counts only, e.g. for tag suggestions), its staff and operators.",
  request: { params: CommunityIdParamSchema, query: TopTagsQuerySchema },
  responses: { 200: jsonResponse(TopTagsSchema, "Tags, most used first"), ...errors(400, 401, 403, 404) },
});

export function registerTopTags(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) =>
    c.json(await listTopTags(c.get("ctx"), { communityId: c.req.valid("param").id, limit: c.req.valid("query").limit }), 200),
  );
}
