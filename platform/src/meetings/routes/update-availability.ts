import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { AvailabilitySchema, UpdateAvailabilitySchema } from "../schemas.ts";
import { updateMyAvailability } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "put",
  path: "/meetings/availability",
  tags: ["Meetings"],
  summary: "Set my weekly availability for meetings",
  description: "Replaces my windows, time zone, formats and city. A window ends after it starts; the time zone is an IANA name.",
  request: { body: jsonBody(UpdateAvailabilitySchema) },
  responses: { 200: jsonResponse(AvailabilitySchema, "Saved"), ...errors(400, 401, 403) },
});

export function registerUpdateAvailability(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateMyAvailability(c.get("ctx"), c.req.valid("json")), 200));
}
