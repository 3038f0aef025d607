import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventIdParamSchema, EventOrganizerSchema } from "../schemas.ts";
import { listResponsibles } from "../responsibles.ts";

const route = defineRoute({
  apiKey: "events:read",
  access: "participant",
  method: "get",
  path: "/event/{id}/responsibles",
  tags: ["Events"],
  summary: "The event's organizers (event responsibles)",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(z.array(EventOrganizerSchema), "The organizers"), ...errors(400, 401, 403, 404) },
});

export function registerListResponsibles(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listResponsibles(c.get("ctx"), c.req.valid("param").id), 200));
}
