import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { reorderTopics } from "../admin.ts";
import { TopicDetailSchema, TopicReorderSchema, TopicsCommunityParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/admin/{communityId}/topics/reorder",
  tags: ["Admin"],
  summary: "Reorder the active topics (audited as topic.reorder)",
  request: { params: TopicsCommunityParamSchema, body: jsonBody(TopicReorderSchema) },
  responses: { 200: jsonResponse(z.array(TopicDetailSchema), "Every topic in the new order"), ...errors(400, 401, 403, 404) },
});

export function registerAdminReorderTopics(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await reorderTopics(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("json")), 200));
}
