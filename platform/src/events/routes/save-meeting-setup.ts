import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { MeetingSetupSchema, SaveMeetingSetupSchema } from "../meeting-schemas.ts";
import { saveMeetingSetup } from "../meetings.ts";
import { EventIdParamSchema } from "../schemas.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "put",
  path: "/event/{id}/meeting-setup",
  tags: ["Events"],
  summary: "Event 1:1s (organizers): set the meeting slots and tables as a whole (a slot keeps its meetings while its start is unchanged; removing one with booked meetings is a 409; audited)",
  request: { params: EventIdParamSchema, body: jsonBody(SaveMeetingSetupSchema) },
  responses: { 200: jsonResponse(MeetingSetupSchema, "The saved setup"), ...errors(400, 401, 403, 404, 409) },
});

export function registerSaveMeetingSetup(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await saveMeetingSetup(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
