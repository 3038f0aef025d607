import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventGetQuerySchema, EventIdParamSchema, EventSchema } from "../schemas.ts";
import { getEvent } from "../service.ts";

const route = defineRoute({
  apiKey: "events:read",
  access: "public",
  method: "get",
  path: "/event/{id}",
  tags: ["Events"],
  summary: "An event by id or slug: PUBLIC events for everyone, private ones for the community's participants; the location as its visibility allows",
  request: { params: EventIdParamSchema, query: EventGetQuerySchema },
  responses: { 200: jsonResponse(EventSchema, "The event"), ...errors(400, 401, 403, 404) },
});

export function registerGetEvent(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getEvent(c.get("ctx"), c.req.valid("param").id, c.req.valid("query").language), 200));
}
