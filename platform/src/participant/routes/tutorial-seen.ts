import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, OkSchema } from "../../http/openapi.ts";
import { markTutorialSeen } from "../preferences.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/participant/tutorial-seen",
  tags: ["Participant"],
  summary: "Remember that the member has seen the tutorial",
  responses: { 200: jsonResponse(OkSchema, "Saved"), ...errors(401, 404) },
});

export function registerTutorialSeen(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await markTutorialSeen(c.get("ctx")), 200));
}
