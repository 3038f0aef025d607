import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { EventIdParamSchema, ParticipationSchema } from "../schemas.ts";
import { cancelParticipation } from "../participation.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "patch",
  path: "/event/{id}/cancel-participation",
  tags: ["Events"],
  summary: "Cancel my participation (CANCELLED); a freed place goes to the first on the waitlist",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(ParticipationSchema, "The participation"), ...errors(400, 401, 403, 404, 409) },
});

export function registerCancelParticipation(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await cancelParticipation(c.get("ctx"), c.req.valid("param").id), 200));
}
