import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventCreateSchema, EventSchema } from "../schemas.ts";
import { createEvent } from "../service.ts";

const route = defineRoute({
  apiKey: "events:write",
  access: "moderator",
  method: "post",
  path: "/event/create",
  tags: ["Events"],
  summary: "Create an event (community moderators and admins; the creator becomes its organizer; audited as event.create)",
  request: { body: jsonBody(EventCreateSchema) },
  responses: { 201: jsonResponse(EventSchema, "The new event"), ...errors(400, 401, 403, 404, 409) },
});

export function registerCreateEvent(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await createEvent(c.get("ctx"), c.req.valid("json")), 201));
}
