import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { ParticipantPublicSchema, SlugParamSchema } from "../schemas.ts";
import { getProfileBySlug } from "../service.ts";

const route = defineRoute({
  apiKey: "members:read",
  access: "public",
  method: "get",
  path: "/participant/profile/{slug}",
  tags: ["Participant"],
  summary: "A member's public profile (/u/:slug); works signed out, privacy applied",
  request: { params: SlugParamSchema },
  responses: { 200: jsonResponse(ParticipantPublicSchema, "The profile as this viewer may see it"), ...errors(400, 404) },
});

export function registerProfileBySlug(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getProfileBySlug(c.get("ctx"), c.req.valid("param").slug), 200));
}
