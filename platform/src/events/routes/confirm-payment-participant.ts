import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineOrganizerRoute } from "./organizer-route.ts";
import { ParticipantParamSchema, ParticipationSchema } from "../schemas.ts";
import { confirmPayment } from "../participation.ts";

const route = defineOrganizerRoute({
  apiKey: "events:write",
  method: "post",
  path: "/event/{id}/participants/{pid}/confirm-payment",
  tags: ["Events"],
  summary: "Confirm a paid event's payment (PAID; a participation waiting for it moves on; audited)",
  request: { params: ParticipantParamSchema },
  responses: { 200: jsonResponse(ParticipationSchema, "The participation"), ...errors(400, 401, 403, 404, 409) },
});

export function registerConfirmPayment(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const p = c.req.valid("param");
    return c.json(await confirmPayment(c.get("ctx"), p.id, p.pid), 200);
  });
}
