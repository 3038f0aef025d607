import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { updateNetworkingPref } from "../preferences.ts";
import { NetworkingPrefResultSchema, NetworkingPrefSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/participant/update-networking-pref",
  tags: ["Participant"],
  summary: "Switch the own networking on or off",
  request: { body: jsonBody(NetworkingPrefSchema) },
  responses: { 200: jsonResponse(NetworkingPrefResultSchema, "Saved"), ...errors(400, 401, 403, 404) },
});

export function registerUpdateNetworkingPref(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateNetworkingPref(c.get("ctx"), c.req.valid("json")), 200));
}
