import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { PageQuerySchema } from "../../../lib/paging.ts";
import { ParticipantIdParamSchema } from "../../../members/schemas.ts";
import { AdminHistoryPageSchema } from "../schemas.ts";
import { memberMatchHistory } from "../admin.ts";

const route = defineRoute({
  apiKey: false,
  access: "moderator",
  method: "get",
  path: "/admin/pairs/{id}/history",
  tags: ["Admin"],
  summary: "A member's match history",
  description:
    "{id} is a participant id: their matches, newest first, with scores, admin scores and both sides' feedback. Admins and moderators only.",
  request: { params: ParticipantIdParamSchema, query: PageQuerySchema },
  responses: { 200: jsonResponse(AdminHistoryPageSchema, "One page"), ...errors(400, 401, 403, 404) },
});

export function registerAdminPairHistory(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await memberMatchHistory(c.get("ctx"), c.req.valid("param").id, c.req.valid("query")), 200));
}
