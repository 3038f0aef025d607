import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { CommunityPublicSchema, CreateCommunitySchema } from "../schemas.ts";
import { createCommunity } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "operator",
  method: "post",
  path: "/community/create",
  tags: ["Community"],
  summary: "Create a community (platform operators only)",
  request: { body: jsonBody(CreateCommunitySchema, "A tenant configuration, as in tenants/<id>/tenant.json") },
  responses: { 201: jsonResponse(CommunityPublicSchema, "The new community"), ...errors(400, 401, 403, 409) },
});

export function registerCreate(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createCommunity(c.get("ctx"), c.req.valid("json")), 201));
}
