import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventMeetingSchema, RequestEventMeetingSchema } from "../meeting-schemas.ts";
import { requestEventMeeting } from "../meetings.ts";
import { EventIdParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/event/{id}/meetings",
  tags: ["Events"],
  summary: "Event 1:1s: ask another confirmed attendee for a meeting (409 when the pair already has an open request; 1022 when the event has no slots or matchmaking is off)",
  request: { params: EventIdParamSchema, body: jsonBody(RequestEventMeetingSchema) },
  responses: { 201: jsonResponse(EventMeetingSchema, "The request"), ...errors(400, 401, 403, 404, 409) },
});

export function registerRequestEventMeeting(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await requestEventMeeting(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 201));
}
