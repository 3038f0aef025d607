import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingIdParamSchema, MeetingSchema } from "../schemas.ts";
import { confirmMeeting } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "post",
  path: "/meetings/{id}/confirm",
  tags: ["Meetings"],
  summary: "Confirm the time the other member picked",
  description: "Books the meeting: both get the calendar invitation (METHOD:REQUEST) with the video link or place; reminders follow 24 hours and 15 minutes before. Idempotent once booked.",
  request: { params: MeetingIdParamSchema },
  responses: { 200: jsonResponse(MeetingSchema, "Booked"), ...errors(400, 401, 403, 404, 409) },
});

export function registerConfirmMeeting(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await confirmMeeting(c.get("ctx"), c.req.valid("param").id), 200));
}
