import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonResponse } from "../../../http/openapi.ts";
import { ParticipantIdParamSchema } from "../../../members/schemas.ts";
import { ReaderLangHeadersSchema, ScoreAssistanceQuerySchema, ScoreAssistanceSchema } from "../schemas.ts";
import { scoreAssistance } from "../admin.ts";

const route = defineRoute({
  apiKey: false,
  access: "moderator",
  method: "get",
  path: "/admin/pairs/{id}/score-assistance",
  tags: ["Admin"],
  summary: "The relevance breakdown of a pair",
  description:
    "{id} and `with` are participant ids. Each component's weight, similarity and contribution (summing to base), the admin score, feedback multipliers, shared tags, complementarity terms and city. Admins and moderators only.",
  request: { params: ParticipantIdParamSchema, query: ScoreAssistanceQuerySchema, headers: ReaderLangHeadersSchema },
  responses: { 200: jsonResponse(ScoreAssistanceSchema, "Breakdown"), ...errors(400, 401, 403, 404) },
});

export function registerAdminScoreAssistance(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await scoreAssistance(c.get("ctx"), c.req.valid("param").id, c.req.valid("query").with, c.req.valid("header")["accept-language"]), 200));
}
