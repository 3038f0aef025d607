import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { ParticipantProfileSchema, UpdateLookingForSchema } from "../schemas.ts";
import { updateLookingFor } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/participant/update-looking-for",
  tags: ["Participant"],
  summary: "Set what the member looks for and can help with",
  request: { body: jsonBody(UpdateLookingForSchema) },
  responses: { 200: jsonResponse(ParticipantProfileSchema, "The updated profile"), ...errors(400, 401, 404) },
});

export function registerUpdateLookingFor(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateLookingFor(c.get("ctx"), c.req.valid("json")), 200));
}
