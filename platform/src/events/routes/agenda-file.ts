import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { eventAgendaCalendar } from "../meetings.ts";
import { EventIdParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/meetings/agenda.ics",
  tags: ["Events"],
  summary: "Event 1:1s: my booked meetings as an iCalendar file (one VEVENT each, with the table as LOCATION)",
  request: { params: EventIdParamSchema },
  responses: {
    200: { description: "The .ics file", content: { "text/calendar": { schema: z.string() } } },
    ...errors(400, 401, 403, 404),
  },
});

export function registerEventAgendaFile(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const body = await eventAgendaCalendar(c.get("ctx"), c.req.valid("param").id);
    return c.body(body, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'attachment; filename="meetings.ics"',
      "cache-control": "no-store",
    });
  });
}
