import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonResponse } from "../../http/openapi.ts";
import { acceptInvitation } from "../account.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/invitation/{id}",
  tags: ["Auth"],
  summary: "Accept an invitation",
  description: "`id` is the inviter's participant id in this community (the invitedBy value). The first accepted invitation is kept.",
  request: { params: z.object({ id: z.string().uuid().openapi({ param: { name: "id", in: "path" } }) }) },
  responses: { 200: jsonResponse(OkSchema, "Accepted"), ...errors(400, 401, 404) },
});

export function registerInvitationAccept(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await acceptInvitation(c.get("ctx"), { participantId: c.req.valid("param").id }), 200));
}
