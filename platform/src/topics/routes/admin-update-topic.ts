import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { updateTopicDetail } from "../admin.ts";
import { TopicDetailSchema, TopicParamSchema, TopicPatchSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "patch",
  path: "/admin/{communityId}/topics/{key}",
  tags: ["Admin"],
  summary: "Change a topic's labels, or bring an archived topic back (audited as topic.update)",
  request: { params: TopicParamSchema, body: jsonBody(TopicPatchSchema) },
  responses: { 200: jsonResponse(TopicDetailSchema, "The topic"), ...errors(400, 401, 403, 404) },
});

export function registerAdminUpdateTopic(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { communityId, key } = c.req.valid("param");
    return c.json(await updateTopicDetail(c.get("ctx"), communityId, key, c.req.valid("json")), 200);
  });
}
