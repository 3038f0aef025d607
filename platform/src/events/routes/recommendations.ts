import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventRecommendationsSchema, eventRecommendations } from "../networking.ts";
import { EventIdParamSchema } from "../schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/recommendations",
  tags: ["Events"],
  summary:
    "Attendee matchmaking: my recommended contacts among the event's other confirmed attendees, with the relevance engine's reasons; never a pair we already had (confirmed attendees only, 403 otherwise)",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(EventRecommendationsSchema, "The recommendations"), ...errors(400, 401, 403, 404) },
});

export function registerEventRecommendations(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await eventRecommendations(c.get("ctx"), c.req.valid("param").id), 200));
}
