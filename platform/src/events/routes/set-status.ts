import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";
import { ParticipationSchema, StatusParamSchema } from "../schemas.ts";
import { setParticipationStatus } from "../participation.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "post",
  path: "/event/{id}/participant/{pid}/status/{status}",
  tags: ["Events"],
  summary: "Set a participation's status by name, through the state machine's transitions (409 for an illegal one; audited)",
  request: { params: StatusParamSchema },
  responses: { 200: jsonResponse(ParticipationSchema, "The participation"), ...errors(400, 401, 403, 404, 409) },
});

export function registerSetParticipationStatus(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await setParticipationStatus(c.get("ctx"), p.id, p.pid, p.status), 200);
  });
}
