import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { CommunityParamSchema, MailingSchema, NotifySchema } from "../schemas.ts";
import { notifyParticipants } from "../service.ts";

const route = defineRoute({
  apiKey: "mailings:send",
  access: "admin",
  method: "post",
  path: "/community/{id}/participants/notify",
  tags: ["Community notify"],
  summary: "Send a mailing to a filtered audience, each member in their language; poll GET /community/{id}/mailings/{mailingId} for progress (audited as mailing.send)",
  request: { params: CommunityParamSchema, body: jsonBody(NotifySchema) },
  responses: { 202: jsonResponse(MailingSchema, "The mailing, queued"), ...errors(400, 401, 403, 404) },
});

export function registerNotifyParticipants(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await notifyParticipants(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 202));
}
