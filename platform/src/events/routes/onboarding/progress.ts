import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { defineRoute } from "../../../http/route.ts";
import { EventIdParamSchema } from "../../schemas.ts";
import { eventProgress } from "../../onboarding.ts";
import { ProgressSchema } from "../../onboarding-schemas.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/event/{id}/onboarding/progress",
  tags: ["Event onboarding"],
  summary: "My progress: answered and required counts, the next unanswered question, completion",
  request: { params: EventIdParamSchema },
  responses: { 200: jsonResponse(ProgressSchema, "My progress"), ...errors(400, 401, 403, 404) },
});

export function registerProgress(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await eventProgress(c.get("ctx"), c.req.valid("param").id), 200));
}
