import type { OpenAPIHono, } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { AdminParticipantsPageSchema, AdminParticipantsQuerySchema, CommunityIdParamSchema } from "../schemas.ts";
import { listAdminParticipants } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "admin",
  method: "get",
  path: "/admin/{communityId}/participants",
  tags: ["Admin"],
  summary: "The community's participants for admins, newest first (page, search; profiles=true adds the profile texts)",
  request: { params: CommunityIdParamSchema, query: AdminParticipantsQuerySchema },
  responses: { 200: jsonResponse(AdminParticipantsPageSchema, "One page"), ...errors(400, 401, 403, 404) },
});

export function registerAdminParticipants(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listAdminParticipants(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("query")), 200));
}
