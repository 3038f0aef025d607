import type { OpenAPIHono, } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse, } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { ToggleResultSchema, ToggleSchema } from "../schemas.ts";
import { toggleParticipant } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "admin",
  method: "post",
  path: "/admin/networking/toggle",
  tags: ["Admin"],
  summary: "Turn a member's networking off (shouldDisable: true) or back on",
  request: { body: jsonBody(ToggleSchema) },
  responses: { 200: jsonResponse(ToggleResultSchema, "The member's toggles"), ...errors(400, 401, 403, 404) },
});

export function registerNetworkingToggle(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await toggleParticipant(c.get("ctx"), "networking", c.req.valid("json")), 200));
}
