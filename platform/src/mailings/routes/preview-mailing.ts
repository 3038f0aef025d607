import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { CommunityParamSchema, MailingPreviewSchema, NotifySchema } from "../schemas.ts";
import { previewMailing } from "../service.ts";

const route = defineRoute({
  apiKey: "mailings:send",
  access: "admin",
  method: "post",
  path: "/community/{id}/participants/notify/preview",
  tags: ["Community notify"],
  summary: "Preview a mailing: the audience's size per language and the mail as each language renders it (nothing is sent)",
  request: { params: CommunityParamSchema, body: jsonBody(NotifySchema) },
  responses: { 200: jsonResponse(MailingPreviewSchema, "The preview"), ...errors(400, 401, 403, 404) },
});

export function registerPreviewMailing(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await previewMailing(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
