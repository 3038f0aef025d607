import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { ParticipantProfileSchema, UpdateProfileSchema } from "../schemas.ts";
import { updateProfile } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/participant/update-profile",
  tags: ["Participant"],
  summary: "Update the own profile (only the given fields)",
  request: { body: jsonBody(UpdateProfileSchema) },
  responses: { 200: jsonResponse(ParticipantProfileSchema, "The updated profile"), ...errors(400, 401, 404, 409) },
});

export function registerUpdateProfile(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await updateProfile(c.get("ctx"), c.req.valid("json")), 200));
}
