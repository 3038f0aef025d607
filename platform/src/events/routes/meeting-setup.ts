import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { MeetingSetupSchema } from "../meeting-schemas.ts";
import { getMeetingSetup } from "../meetings.ts";
import { EventIdParamSchema } from "../schemas.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";

const route = defineOrganizerRoute({
  apiKey: "events:read",
  method: "get",
  path: "/event/{id}/meeting-setup",
  tags: ["Events"],
  summary: "Event 1:1s (organizers): the meeting slots with meetings booked and tables free in each, the tables, the requests by status",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(MeetingSetupSchema, "The setup and its counts"), ...errors(400, 401, 403, 404) },
});

export function registerGetMeetingSetup(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getMeetingSetup(c.get("ctx"), c.req.valid("param").id), 200));
}
