import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonResponse } from "../../http/openapi.ts";
import { logout } from "../account.ts";
import { clearSessionCookie } from "../session.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/auth/logout",
  tags: ["Auth"],
  summary: "End the current session",
  responses: { 200: jsonResponse(OkSchema, "Signed out"), ...errors(401) },
});

export function registerLogout(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const result = await logout(c.get("ctx"));
    c.header("Set-Cookie", clearSessionCookie());
    return c.json(result, 200);
  });
}
