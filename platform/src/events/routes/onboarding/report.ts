import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineOrganizerRoute } from "../organizer-route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { eventReport } from "../../onboarding.ts";
import { ReportSchema } from "../../onboarding-schemas.ts";

const route = defineOrganizerRoute({
  apiKey: "events:read",
  method: "get",
  path: "/event/{id}/onboarding/report",
  tags: ["Event onboarding"],
  summary: "The participants report: everyone who joined or answered, with status, payment, completion and answers (organizers)",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(ReportSchema, "The report"), ...errors(400, 401, 403, 404) },
});

export function registerReport(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await eventReport(c.get("ctx"), c.req.valid("param").id), 200));
}
