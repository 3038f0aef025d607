import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../../http/route.ts";
import type { AppEnv } from "../../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../../http/openapi.ts";
import { ParticipantIdParamSchema } from "../../../members/schemas.ts";
import { AdminScoreBodySchema, AdminScoreSchema } from "../schemas.ts";
import { setAdminPairScore } from "../admin.ts";

const route = defineRoute({
  apiKey: false,
  access: "moderator",
  method: "post",
  path: "/admin/pairs/{id}/score",
  tags: ["Admin"],
  summary: "Set a pair's admin score",
  description:
    "internalAdminScore 0..10 for {id} and subjectId; a strong prior in relevance from the next build of the model. Admins and moderators only.",
  request: { params: ParticipantIdParamSchema, body: jsonBody(AdminScoreBodySchema) },
  responses: { 200: jsonResponse(AdminScoreSchema, "Saved"), ...errors(400, 401, 403, 404) },
});

export function registerAdminPairScore(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await setAdminPairScore(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
