import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingIdParamSchema } from "../schemas.ts";
import { meetingCalendar } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "get",
  path: "/meetings/{id}/calendar.ics",
  tags: ["Meetings"],
  summary: "A booked meeting as an iCalendar invitation (METHOD:REQUEST, its current SEQUENCE)",
  request: { params: MeetingIdParamSchema },
  responses: {
    200: { description: "The .ics file", content: { "text/calendar": { schema: z.string() } } },
    ...errors(400, 401, 403, 404),
  },
});

export function registerMeetingCalendar(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = await meetingCalendar(c.get("ctx"), c.req.valid("param").id);
    return c.body(body, 200, {
      "content-type": "text/calendar; charset=utf-8; method=REQUEST",
      "content-disposition": 'attachment; filename="meeting.ics"',
      "cache-control": "no-store",
    });
  });
}
