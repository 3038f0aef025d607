import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { CommunityTopicSchema, CommunityTopicsQuerySchema } from "../schemas.ts";
import { listCommunityTopics } from "../service.ts";

const route = defineRoute({
  apiKey: "any",
  access: "public",
  method: "get",
  path: "/community/topics",
  tags: ["Community"],
  summary: "The community's needs / offers taxonomy members pick from (active topics, in order)",
  request: { query: CommunityTopicsQuerySchema },
  responses: { 200: jsonResponse(z.array(CommunityTopicSchema), "Active topics in order; empty when the community has none"), ...errors(400) },
});

export function registerListCommunityTopics(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listCommunityTopics(c.get("ctx"), c.req.valid("query")), 200));
}
