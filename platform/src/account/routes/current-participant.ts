import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { CurrentParticipantSchema } from "../schemas.ts";
import { getCurrentParticipant } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/current-participant",
  tags: ["Account"],
  summary: "The signed-in user's participant in the current community",
  description: "communityId may be given as in the spec; it never selects another community than the one the session belongs to.",
  request: { query: z.object({ communityId: z.string().max(253).optional() }) },
  responses: { 200: jsonResponse(CurrentParticipantSchema, "The participant"), ...errors(400, 401, 404) },
});

export function registerCurrentParticipant(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getCurrentParticipant(c.get("ctx"), c.req.valid("query")), 200));
}
