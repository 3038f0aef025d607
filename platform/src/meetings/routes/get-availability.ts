import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { AvailabilitySchema } from "../schemas.ts";
import { getMyAvailability } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "get",
  path: "/meetings/availability",
  tags: ["Meetings"],
  summary: "My weekly availability for meetings",
  description: "Windows (day 1..7, HH:MM) in my time zone and my preferred formats; the community's defaults (isDefault) until I save mine.",
  request: {},
  responses: { 200: jsonResponse(AvailabilitySchema, "My availability"), ...errors(401, 403) },
});

export function registerGetAvailability(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getMyAvailability(c.get("ctx")), 200));
}
