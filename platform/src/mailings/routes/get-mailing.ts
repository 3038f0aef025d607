import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MailingParamSchema, MailingSchema } from "../schemas.ts";
import { getMailing } from "../service.ts";

const route = defineRoute({
  apiKey: "mailings:send",
  access: "admin",
  method: "get",
  path: "/community/{id}/mailings/{mailingId}",
  tags: ["Community notify"],
  summary: "A mailing with its progress (sent / failed / skipped of total)",
  request: { params: MailingParamSchema },
  responses: { 200: jsonResponse(MailingSchema, "The mailing"), ...errors(400, 401, 403, 404) },
});

export function registerGetMailing(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id, mailingId } = c.req.valid("param");
    return c.json(await getMailing(c.get("ctx"), id, mailingId), 200);
  });
}
