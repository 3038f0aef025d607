import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, keptJson } from "../../http/openapi.ts";
import { CurrentUserSchema } from "../schemas.ts";
import { getCurrentUser } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "get",
  path: "/current-user",
  tags: ["Account"],
  summary: "The signed-in user, with their participants (current community first)",
  responses: { 200: jsonResponse(CurrentUserSchema, "The current user"), ...errors(401) },
});

export function registerCurrentUser(app: OpenAPIHono<AppEnv>) {
  // The answer of a cached row is the same object again (account/service.ts): serialised once.
  app.openapi(route, async (c) => keptJson(c, await getCurrentUser(c.get("ctx"))));
}
