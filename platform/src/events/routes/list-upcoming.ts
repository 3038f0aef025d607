import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventListQuerySchema, EventPageSchema } from "../schemas.ts";
import { listEventPage } from "../service.ts";

const route = defineRoute({
  apiKey: "events:read",
  access: "public",
  method: "get",
  path: "/event/upcoming",
  tags: ["Events"],
  summary: "Events that have not ended yet, soonest first (by each event's end in its time zone); signed-out visitors see PUBLIC events only",
  request: { query: EventListQuerySchema },
  responses: { 200: jsonResponse(EventPageSchema, "One page of upcoming events"), ...errors(400, 404) },
});

export function registerListUpcoming(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listEventPage(c.get("ctx"), "upcoming", c.req.valid("query")), 200));
}
