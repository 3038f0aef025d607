import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CreditsSchema } from "../schemas.ts";
import { getMyCredits } from "../credits.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/matching/credits",
  tags: ["Matching"],
  summary: "My credits",
  description:
    "Balance of the weekly allowance, the cost of INTERESTED_CLICK and when the credits refill.",
  request: {},
  responses: { 200: jsonResponse(CreditsSchema, "Credits"), ...errors(401, 403) },
});

export function registerCredits(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getMyCredits(c.get("ctx")), 200));
}
