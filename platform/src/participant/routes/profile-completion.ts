import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { ParticipantIdParamSchema, ProfileCompletionSchema } from "../schemas.ts";
import { getProfileCompletion } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/participant/{id}/profile-completion",
  tags: ["Participant"],
  summary: "Profile completion by the community's stepsConfig (own, or admins)",
  request: { params: ParticipantIdParamSchema },
  responses: { 200: jsonResponse(ProfileCompletionSchema, "Completion"), ...errors(400, 401, 403, 404) },
});

export function registerProfileCompletion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getProfileCompletion(c.get("ctx"), c.req.valid("param").id), 200));
}
