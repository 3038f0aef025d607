import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";
import { ParticipantParamSchema, ParticipationSchema } from "../schemas.ts";
import { approveParticipant } from "../participation.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "post",
  path: "/event/{id}/participants/{pid}/approve",
  tags: ["Events"],
  summary: "Approve a participation (CONFIRMED; 409 when the event is full; audited)",
  request: { params: ParticipantParamSchema },
  responses: { 200: jsonResponse(ParticipationSchema, "The participation"), ...errors(400, 401, 403, 404, 409) },
});

export function registerApproveParticipant(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await approveParticipant(c.get("ctx"), p.id, p.pid), 200);
  });
}
