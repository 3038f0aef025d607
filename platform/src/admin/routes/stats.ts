import type { OpenAPIHono, } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse, } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { CommunityIdParamSchema, ParticipantStatsSchema } from "../schemas.ts";
import { getParticipantStats } from "../service.ts";

const route = defineRoute({
  apiKey: "analytics:read",
  access: "admin",
  method: "get",
  path: "/admin/stats/community/{communityId}/participants",
  tags: ["Admin"],
  summary: "Participant statistics of the community: by moderation status and role, completion, toggles, recent joins",
  request: { params: CommunityIdParamSchema },
  responses: { 200: jsonResponse(ParticipantStatsSchema, "Statistics"), ...errors(400, 401, 403, 404) },
});

export function registerParticipantStats(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getParticipantStats(c.get("ctx"), c.req.valid("param").communityId), 200));
}
