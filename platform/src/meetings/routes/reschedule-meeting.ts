import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingIdParamSchema, MeetingNoteSchema, MeetingSchema } from "../schemas.ts";
import { rescheduleMeeting } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "post",
  path: "/meetings/{id}/reschedule",
  tags: ["Meetings"],
  summary: "Reschedule a booked meeting",
  description: "New slots are offered with the note; when one is booked, the invitation goes again with the same UID and a higher SEQUENCE.",
  request: { params: MeetingIdParamSchema, body: jsonBody(MeetingNoteSchema) },
  responses: { 200: jsonResponse(MeetingSchema, "New times offered"), ...errors(400, 401, 403, 404, 409) },
});

export function registerRescheduleMeeting(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await rescheduleMeeting(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
