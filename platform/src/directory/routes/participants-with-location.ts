import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { NearbyQuerySchema, NearbySchema, ParticipantIdParamSchema } from "../schemas.ts";
import { listParticipantsNearby } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/participant/{id}/participants-with-location",
  tags: ["Directory"],
  summary: "Members who share their location near participant {id}, nearest first (haversine distance)",
  description:
    "Within radiusKm of {id}'s coordinates; by the same city when {id} has a city but no coordinates. Empty with origin null when {id} does not share a location with this viewer. Same visibility as /community/{id}/participants.",
  request: { params: ParticipantIdParamSchema, query: NearbyQuerySchema },
  responses: { 200: jsonResponse(NearbySchema, "Nearby members"), ...errors(400, 401, 403, 404) },
});

export function registerParticipantsWithLocation(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) =>
    c.json(await listParticipantsNearby(c.get("ctx"), { participantId: c.req.valid("param").id, query: c.req.valid("query") }), 200),
  );
}
