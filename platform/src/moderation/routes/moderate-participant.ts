import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { ModerationDecisionSchema, ParticipantIdParamSchema, StaffMemberSchema } from "../schemas.ts";
import { moderateParticipant } from "../service.ts";

const route = defineRoute({
  apiKey: "members:write",
  access: "moderator",
  method: "patch",
  path: "/participant-moderation/{id}",
  tags: ["Moderation"],
  summary: "Confirm or reject a member (a rejection may carry a reason the member sees); the member is told by e-mail in their language",
  request: { params: ParticipantIdParamSchema, body: jsonBody(ModerationDecisionSchema) },
  responses: { 200: jsonResponse(StaffMemberSchema, "The member after the decision"), ...errors(400, 401, 403, 404) },
});

export function registerModerateParticipant(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await moderateParticipant(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
