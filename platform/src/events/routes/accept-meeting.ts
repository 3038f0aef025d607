import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventMeetingParamSchema, EventMeetingSchema } from "../meeting-schemas.ts";
import { acceptEventMeeting } from "../meetings.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/event/{id}/meetings/{meetingId}/accept",
  tags: ["Events"],
  summary: "Event 1:1s: accept a request I received: the meeting gets the earliest slot in which neither attendee sits and the first free table (409 when none is free; the request stays open)",
  request: { params: EventMeetingParamSchema },
  responses: { 200: jsonResponse(EventMeetingSchema, "The meeting"), ...errors(400, 401, 403, 404, 409) },
});

export function registerAcceptEventMeeting(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await acceptEventMeeting(c.get("ctx"), p.id, p.meetingId), 200);
  });
}
