import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventIdParamSchema, ParticipationSchema } from "../schemas.ts";
import { confirmParticipation } from "../participation.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/event/{id}/confirm-participation",
  tags: ["Events"],
  summary: "Ask to join (or join again): PENDING when approval is required or the payment awaits confirmation, else CONFIRMED while places are free, else PENDING on the waitlist",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(ParticipationSchema, "The participation"), ...errors(400, 401, 403, 404, 409) },
});

export function registerConfirmParticipation(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await confirmParticipation(c.get("ctx"), c.req.valid("param").id), 200));
}
