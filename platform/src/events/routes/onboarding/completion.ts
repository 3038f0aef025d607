import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { eventCompletion } from "../../onboarding.ts";
import { CompletionSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/onboarding/completion",
  tags: ["Event onboarding"],
  summary: "Whether I completed the event's onboarding",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(CompletionSchema, "My completion"), ...errors(400, 401, 403, 404) },
});

export function registerCompletion(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await eventCompletion(c.get("ctx"), c.req.valid("param").id), 200));
}
