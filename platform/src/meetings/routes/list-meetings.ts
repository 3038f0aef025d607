import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingListSchema } from "../schemas.ts";
import { listMyMeetings } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "get",
  path: "/meetings",
  tags: ["Meetings"],
  summary: "My meetings",
  description: "Open meetings (proposed, picked, booked) and those cancelled in the last two weeks, next first. Times are UTC instants; timeZone is mine to show them in.",
  request: {},
  responses: { 200: jsonResponse(MeetingListSchema, "My meetings"), ...errors(401, 403) },
});

export function registerListMeetings(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMyMeetings(c.get("ctx")), 200));
}
