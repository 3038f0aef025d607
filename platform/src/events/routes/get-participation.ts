import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { ParticipationLookupParamSchema, ParticipationSchema } from "../schemas.ts";
import { getParticipation } from "../participation.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/participations/{participantId}/{eventId}",
  tags: ["Events"],
  summary: "A participation's status (NOT_PARTICIPATING when none): one's own, or any for the event's organizers",
  request: { params: ParticipationLookupParamSchema },
  responses: { 200: jsonResponse(ParticipationSchema, "The participation"), ...errors(400, 401, 403, 404) },
});

export function registerGetParticipation(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await getParticipation(c.get("ctx"), p.participantId, p.eventId), 200);
  });
}
