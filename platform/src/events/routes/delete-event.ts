import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, OkSchema } from "../../http/openapi.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";
import { EventIdParamSchema } from "../schemas.ts";
import { deleteEvent } from "../service.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "delete",
  path: "/event/{id}",
  tags: ["Events"],
  summary: "Delete an event with its participations and questionnaire (organizers; audited as event.delete)",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(OkSchema, "Deleted"), ...errors(400, 401, 403, 404) },
});

export function registerDeleteEvent(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await deleteEvent(c.get("ctx"), c.req.valid("param").id), 200));
}
