import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventAgendaSchema } from "../meeting-schemas.ts";
import { getEventAgenda } from "../meetings.ts";
import { EventIdParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/meetings",
  tags: ["Events"],
  summary: "Event 1:1s: my requests sent and received and my booked meetings with slot and table (confirmed attendees only, 403 otherwise)",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(EventAgendaSchema, "My agenda"), ...errors(400, 401, 403, 404) },
});

export function registerEventAgenda(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getEventAgenda(c.get("ctx"), c.req.valid("param").id), 200));
}
