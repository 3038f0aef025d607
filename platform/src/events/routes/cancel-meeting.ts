import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventMeetingParamSchema, EventMeetingSchema } from "../meeting-schemas.ts";
import { cancelEventMeeting } from "../meetings.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/event/{id}/meetings/{meetingId}/cancel",
  tags: ["Events"],
  summary: "Event 1:1s: cancel a request or a booked meeting (either attendee; frees the slot and table; idempotent)",
  request: { params: EventMeetingParamSchema },
  responses: { 200: jsonResponse(EventMeetingSchema, "The meeting"), ...errors(400, 401, 403, 404, 409) },
});

export function registerCancelEventMeeting(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await cancelEventMeeting(c.get("ctx"), p.id, p.meetingId), 200);
  });
}
