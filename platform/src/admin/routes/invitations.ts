import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse, } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { inviteByEmail, listInvitations } from "../invitations.ts";
import { CommunityIdParamSchema, InvitationSchema, InviteResultSchema, InviteSchema } from "../schemas.ts";

const send = defineRoute({
  apiKey: "members:write",
  access: "admin",
  method: "post",
  path: "/admin/{communityId}/invitations",
  tags: ["Admin"],
  summary: "Invite people by e-mail (one or up to 200); the link carries the inviter's invitedBy value",
  request: { params: CommunityIdParamSchema, body: jsonBody(InviteSchema) },
  responses: { 200: jsonResponse(InviteResultSchema, "What happened to each address"), ...errors(400, 401, 403, 404) },
});

const list = defineRoute({
  apiKey: "members:read",
  access: "admin",
  method: "get",
  path: "/admin/{communityId}/invitations",
  tags: ["Admin"],
  summary: "The community's invitations, latest first, with whether each invitee joined",
  request: { params: CommunityIdParamSchema },
  responses: { 200: jsonResponse(z.array(InvitationSchema), "Invitations"), ...errors(400, 401, 403, 404) },
});

export function registerInvitations(app: OpenAPIHono<AppEnv>) {
  app.openapi(send, async (c) => c.json(await inviteByEmail(c.get("ctx"), c.req.valid("param").communityId, c.req.valid("json")), 200));
  app.openapi(list, async (c) => c.json(await listInvitations(c.get("ctx"), c.req.valid("param").communityId), 200));
}
