import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { eventStatistics } from "../../onboarding.ts";
import { StatisticsSchema } from "../../onboarding-schemas.ts";

const route = defineOrganizerRoute({
  apiKey: "events:read",
  method: "get",
  path: "/event/{id}/onboarding/statistics",
  tags: ["Event onboarding"],
  summary: "Per question and option: counts and percentages (organizers)",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(StatisticsSchema, "The statistics"), ...errors(400, 401, 403, 404) },
});

export function registerStatistics(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await eventStatistics(c.get("ctx"), c.req.valid("param").id), 200));
}
