import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { AuditCommunityParamSchema, AuditPageSchema, AuditQuerySchema } from "../schemas.ts";
import { listAuditEvents } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "get",
  path: "/admin/{communityId}/audit-events",
  tags: ["Admin"],
  summary: "The community's audit log",
  description:
    "Every admin, moderator and operator change in this community, newest first: who, what, the target before and after, and the request that made it. Filter by action (or a family such as `participant.`), actor, target and time. Admins only.",
  request: { params: AuditCommunityParamSchema, query: AuditQuerySchema },
  responses: { 200: jsonResponse(AuditPageSchema, "One page"), ...errors(400, 401, 403, 404) },
});

export function registerListAuditEvents(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listAuditEvents(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("query")), 200));
}
