import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventGetQuerySchema, EventIdParamSchema } from "../schemas.ts";
import { eventCalendarFile } from "../service.ts";

const route = defineRoute({
  apiKey: "events:read",
  access: "public",
  method: "get",
  path: "/event/{id}/calendar.ics",
  tags: ["Events"],
  summary: "The event as an iCalendar file (RFC 5545, with its time zone); the location as its visibility lets the caller see it",
  request: { params: EventIdParamSchema, query: EventGetQuerySchema },
  responses: {
    200: { description: "The .ics file", content: { "text/calendar": { schema: z.string() } } },
    ...errors(400, 401, 403, 404),
  },
});

export function registerCalendarFile(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const file = await eventCalendarFile(c.get("ctx"), c.req.valid("param").id, c.req.valid("query").language);
    return c.body(file.body, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="${encodeURIComponent(file.filename)}"`,
      "cache-control": "no-store",
    });
  });
}
