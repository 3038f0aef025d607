import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { OkSchema, errors, jsonResponse } from "../../http/openapi.ts";
import { agreePolicy } from "../account.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/auth/agree-policy",
  tags: ["Auth"],
  summary: "Record agreement to the terms of use and privacy policy (first agreement time is kept)",
  responses: { 200: jsonResponse(OkSchema, "Recorded"), ...errors(401) },
});

export function registerAgreePolicy(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await agreePolicy(c.get("ctx")), 200));
}
