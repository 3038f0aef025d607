import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { PageQuerySchema } from "../../lib/paging.ts";
import { EventIdParamSchema, EventParticipantPageSchema } from "../schemas.ts";
import { listConfirmedParticipants } from "../responsibles.ts";

const route = defineRoute({
  apiKey: "events:read",
  access: "participant",
  method: "get",
  path: "/event/{id}/participants/confirmed",
  tags: ["Events"],
  summary: "The event's confirmed participants, a page at a time",
  request: { params: EventIdParamSchema, query: PageQuerySchema },
  responses: { 200: jsonResponse(EventParticipantPageSchema, "One page"), ...errors(400, 401, 403, 404) },
});

export function registerConfirmedParticipants(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listConfirmedParticipants(c.get("ctx"), c.req.valid("param").id, c.req.valid("query")), 200));
}
