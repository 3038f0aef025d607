import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";
import { EventIdParamSchema, EventOrganizerSchema, ResponsibleBodySchema } from "../schemas.ts";
import { addResponsible } from "../responsibles.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "post",
  path: "/event/{id}/responsibles",
  tags: ["Events"],
  summary: "Add an organizer: a confirmed participant of the community, by user id (audited; 400 for a pending or rejected one)",
  request: { params: EventIdParamSchema, body: jsonBody(ResponsibleBodySchema) },
  responses: { 200: jsonResponse(z.array(EventOrganizerSchema), "The organizers"), ...errors(400, 401, 403, 404) },
});

export function registerAddResponsible(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await addResponsible(c.get("ctx"), c.req.valid("param").id, c.req.valid("json").userId), 200));
}
