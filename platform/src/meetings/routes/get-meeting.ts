import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingIdParamSchema, MeetingSchema } from "../schemas.ts";
import { getMeeting } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "get",
  path: "/meetings/{id}",
  tags: ["Meetings"],
  summary: "One of my meetings",
  description: "Another member's meeting, or another community's, is a 404.",
  request: { params: MeetingIdParamSchema },
  responses: { 200: jsonResponse(MeetingSchema, "The meeting"), ...errors(400, 401, 403, 404) },
});

export function registerGetMeeting(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getMeeting(c.get("ctx"), c.req.valid("param").id), 200));
}
