import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingIdParamSchema, MeetingNoteSchema, MeetingSchema } from "../schemas.ts";
import { proposeOtherTimes } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "post",
  path: "/meetings/{id}/propose",
  tags: ["Meetings"],
  summary: "Propose other times",
  description: "Three new slots inside both members' windows replace the offered ones (or the other member's pick). 409 when there is no other common time in the coming week.",
  request: { params: MeetingIdParamSchema, body: jsonBody(MeetingNoteSchema) },
  responses: { 200: jsonResponse(MeetingSchema, "New times offered"), ...errors(400, 401, 403, 404, 409) },
});

export function registerProposeTimes(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await proposeOtherTimes(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
