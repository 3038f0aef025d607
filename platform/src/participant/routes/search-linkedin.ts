import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { searchLinkedIn } from "../linkedin.ts";
import { LinkedInProfileSchema, LinkedInQuerySchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "get",
  path: "/participant/search-linkedin",
  tags: ["Participant"],
  summary: "Prefill a profile from a professional-network link (configured provider)",
  request: { query: LinkedInQuerySchema },
  responses: { 200: jsonResponse(LinkedInProfileSchema, "What the provider knows"), ...errors(400, 401, 429, 501, 502) },
});

export function registerSearchLinkedIn(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await searchLinkedIn(c.get("ctx"), c.req.valid("query")), 200));
}
