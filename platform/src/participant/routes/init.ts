import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { jsonResponse } from "../../http/openapi.ts";
import { initApp } from "../general.ts";
import { InitResultSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "public",
  method: "post",
  path: "/init",
  tags: ["General"],
  summary: "Start-up data in one call: community, current user, participant, permissions",
  responses: { 200: jsonResponse(InitResultSchema, "Start-up data; user parts are null when signed out") },
});

export function registerInit(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await initApp(c.get("ctx")), 200));
}
