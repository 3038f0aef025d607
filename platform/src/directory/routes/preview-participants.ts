import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityIdParamSchema, PreviewSchema } from "../schemas.ts";
import { previewParticipants } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "public",
  method: "get",
  path: "/community/{id}/preview/participants",
  tags: ["Directory"],
  summary: "The welcome page's teaser: member count and a few first names and photos; works signed out",
  description: "Never shows members who chose PRIVATE privacy; no last names, contacts or other fields.",
  request: { params: CommunityIdParamSchema },
  responses: { 200: jsonResponse(PreviewSchema, "Count and up to 8 members"), ...errors(400, 404) },
});

export function registerPreviewParticipants(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await previewParticipants(c.get("ctx"), c.req.valid("param").id), 200));
}
