import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { MeetingIdParamSchema, MeetingSchema, PickSlotSchema } from "../schemas.ts";
import { pickSlot } from "../service.ts";

const route = defineRoute({
  access: "participant",
  apiKey: false,
  method: "post",
  path: "/meetings/{id}/pick",
  tags: ["Meetings"],
  summary: "Pick one of the offered times",
  description: "The other member then confirms. Picking the time the other member already picked books the meeting; another time while theirs waits is a 409. Two picks at once give one meeting.",
  request: { params: MeetingIdParamSchema, body: jsonBody(PickSlotSchema) },
  responses: { 200: jsonResponse(MeetingSchema, "Picked (or booked)"), ...errors(400, 401, 403, 404, 409) },
});

export function registerPickSlot(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await pickSlot(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
