import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { CommunityParamSchema, MailingListSchema } from "../schemas.ts";
import { listCommunityMailings } from "../service.ts";

const route = defineRoute({
  apiKey: "mailings:send",
  access: "admin",
  method: "get",
  path: "/community/{id}/mailings",
  tags: ["Community notify"],
  summary: "The community's mailings, newest first (the last 100), with their progress",
  request: { params: CommunityParamSchema },
  responses: { 200: jsonResponse(MailingListSchema, "The mailings"), ...errors(400, 401, 403, 404) },
});

export function registerListMailings(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listCommunityMailings(c.get("ctx"), c.req.valid("param").id), 200));
}
