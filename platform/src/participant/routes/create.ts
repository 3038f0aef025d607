import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CreateParticipantBodySchema, CreateParticipantQuerySchema, ParticipantProfileSchema } from "../schemas.ts";
import { joinCommunity } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "user",
  method: "post",
  path: "/participant/create",
  tags: ["Participant"],
  summary: "Join the community of the request (idempotent)",
  request: { query: CreateParticipantQuerySchema, body: { required: false, content: { "application/json": { schema: CreateParticipantBodySchema } } } },
  responses: { 201: jsonResponse(ParticipantProfileSchema, "Joined"), 200: jsonResponse(ParticipantProfileSchema, "Already a participant"), ...errors(400, 401, 403) },
});

export function registerCreateParticipant(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { participant, created } = await joinCommunity(c.get("ctx"), { userId: c.req.valid("query").userId, body: c.req.valid("json") });
    return created ? c.json(participant, 201) : c.json(participant, 200);
  });
}
