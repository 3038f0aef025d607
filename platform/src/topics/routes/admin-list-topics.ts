import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { listTopicDetails } from "../admin.ts";
import { TopicDetailSchema, TopicsCommunityParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "get",
  path: "/admin/{communityId}/topics",
  tags: ["Admin"],
  summary: "Every topic of the community's needs / offers taxonomy: active ones in order, then archived ones",
  request: { params: TopicsCommunityParamSchema },
  responses: { 200: jsonResponse(z.array(TopicDetailSchema), "Topics"), ...errors(400, 401, 403, 404) },
});

export function registerAdminListTopics(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listTopicDetails(c.get("ctx"), c.req.valid("param").communityId), 200));
}
