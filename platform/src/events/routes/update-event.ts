import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";
import { EventIdParamSchema, EventPatchSchema, EventSchema } from "../schemas.ts";
import { updateEvent } from "../service.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "patch",
  path: "/event/{id}",
  tags: ["Events"],
  summary: "Edit an event (its organizers and the community's admins; audited as event.update)",
  request: { params: EventIdParamSchema, body: jsonBody(EventPatchSchema) },
  responses: { 200: jsonResponse(EventSchema, "The event after the edit"), ...errors(400, 401, 403, 404, 409) },
});

export function registerUpdateEvent(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateEvent(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
