import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { completeEventOnboarding } from "../../onboarding.ts";
import { CompletionSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/event/{id}/onboarding/complete",
  tags: ["Event onboarding"],
  summary: "Complete the event's onboarding: 400 (errors by question id) while a required question is unanswered",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(CompletionSchema, "Completed"), ...errors(400, 401, 403, 404, 409) },
});

export function registerComplete(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await completeEventOnboarding(c.get("ctx"), c.req.valid("param").id), 200));
}
