import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, keptJson } from "../../http/openapi.ts";
import { ParticipantProfileSchema } from "../schemas.ts";
import { getOwnProfile } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/participant/profile",
  tags: ["Participant"],
  summary: "The member's own profile, every field",
  responses: { 200: jsonResponse(ParticipantProfileSchema, "Own profile"), ...errors(401, 404) },
});

export function registerOwnProfile(app: OpenAPIHono<AppEnv>) {
  // The answer usually comes from the view cache, kept as it is: serialised once.
  app.openapi(route, async (c) => keptJson(c, await getOwnProfile(c.get("ctx"))));
}
