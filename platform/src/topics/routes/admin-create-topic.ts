import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { createTopic } from "../admin.ts";
import { TopicCreateSchema, TopicDetailSchema, TopicsCommunityParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/admin/{communityId}/topics",
  tags: ["Admin"],
  summary: "Add a topic to the taxonomy (audited as topic.create)",
  request: { params: TopicsCommunityParamSchema, body: jsonBody(TopicCreateSchema) },
  responses: { 201: jsonResponse(TopicDetailSchema, "The new topic"), ...errors(400, 401, 403, 404, 409) },
});

export function registerAdminCreateTopic(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createTopic(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("json")), 201));
}
