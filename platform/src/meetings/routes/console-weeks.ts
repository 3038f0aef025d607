import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingWeeksQuerySchema, MeetingWeeksSchema } from "../schemas.ts";
import { consoleMeetingWeeks } from "../service.ts";

const route = defineRoute({
  access: "admin",
  apiKey: "analytics:read",
  method: "get",
  path: "/console/meetings/weeks",
  tags: ["Meetings"],
  summary: "Meetings per week (admins)",
  description: "By the week they were proposed: proposed, confirmed (booked), held and no-show (by the pair's meeting feedback once over), cancelled.",
  request: { query: MeetingWeeksQuerySchema },
  responses: { 200: jsonResponse(MeetingWeeksSchema, "Weeks, oldest first"), ...errors(400, 401, 403) },
});

export function registerConsoleMeetingWeeks(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await consoleMeetingWeeks(c.get("ctx"), c.req.valid("query")), 200));
}
