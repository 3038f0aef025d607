import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { archiveTopic } from "../admin.ts";
import { TopicDetailSchema, TopicParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "delete",
  path: "/admin/{communityId}/topics/{key}",
  tags: ["Admin"],
  summary: "Archive a topic: no longer offered or matched on; members' picks are kept for its return (audited as topic.archive)",
  request: { params: TopicParamSchema },
  responses: { 200: jsonResponse(TopicDetailSchema, "The topic, archived"), ...errors(400, 401, 403, 404) },
});

export function registerAdminArchiveTopic(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { communityId, key } = c.req.valid("param");
    return c.json(await archiveTopic(c.get("ctx"), communityId, key), 200);
  });
}
