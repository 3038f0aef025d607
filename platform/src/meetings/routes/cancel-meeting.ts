import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingIdParamSchema, MeetingNoteSchema, MeetingSchema } from "../schemas.ts";
import { cancelMeeting } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "post",
  path: "/meetings/{id}/cancel",
  tags: ["Meetings"],
  summary: "Cancel a meeting, with an optional note",
  description: "A booked meeting's calendars get METHOD:CANCEL (same UID, SEQUENCE + 1). Idempotent.",
  request: { params: MeetingIdParamSchema, body: jsonBody(MeetingNoteSchema) },
  responses: { 200: jsonResponse(MeetingSchema, "Cancelled"), ...errors(400, 401, 403, 404) },
});

export function registerCancelMeeting(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await cancelMeeting(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
