import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { CommunityParamSchema, RecommendedContactsResultSchema } from "../schemas.ts";
import { notifyRecommendedContacts } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/community/{id}/participants/notify/recommended-contacts",
  tags: ["Community notify"],
  summary: "Send this week's recommendations now: the coming Tuesday's pairing is run if it has not, and its e-mails are queued once per member (audited)",
  request: { params: CommunityParamSchema },
  responses: { 200: jsonResponse(RecommendedContactsResultSchema, "The week and how many e-mails were queued now"), ...errors(400, 401, 403, 404) },
});

export function registerNotifyRecommendedContacts(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await notifyRecommendedContacts(c.get("ctx"), c.req.valid("param").id), 200));
}
