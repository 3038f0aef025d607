import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse, } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { NotifyParticipantSchema, ParticipantIdParamSchema } from "../schemas.ts";
import { notifyParticipant } from "../service.ts";

const route = defineRoute({
  apiKey: "mailings:send",
  access: "admin",
  method: "post",
  path: "/admin/participants/{id}/notify",
  tags: ["Admin"],
  summary: "E-mail one member a message from the community's admins",
  request: { params: ParticipantIdParamSchema, body: jsonBody(NotifyParticipantSchema) },
  responses: { 200: jsonResponse(z.object({ mailId: z.string().uuid() }), "Queued"), ...errors(400, 401, 403, 404) },
});

export function registerNotifyParticipant(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await notifyParticipant(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
