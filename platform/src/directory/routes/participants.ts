import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CommunityIdParamSchema, DirectoryPageSchema, DirectoryQuerySchema } from "../schemas.ts";
import { listParticipants } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "participant",
  method: "get",
  path: "/community/{id}/participants",
  tags: ["Directory"],
  summary: "The member directory: search, filters, 0-based pages",
  description:
    "Confirmed members with an enabled profile. Visible to confirmed members when the community is transparent, otherwise to its admins and moderators only (403, code 1005). Searches rank by relevance; otherwise complete profiles come first, then the newest. Contacts follow each member's privacy setting.",
  request: { params: CommunityIdParamSchema, query: DirectoryQuerySchema },
  responses: { 200: jsonResponse(DirectoryPageSchema, "One page of member cards"), ...errors(400, 401, 403, 404) },
});

export function registerParticipants(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) =>
    c.json(await listParticipants(c.get("ctx"), { communityId: c.req.valid("param").id, query: c.req.valid("query") }), 200),
  );
}
