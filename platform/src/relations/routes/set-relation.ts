import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { RelationBodySchema, RelationSchema } from "../schemas.ts";
import { setRelation } from "../relations.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/relations",
  tags: ["Relations"],
  summary: "Like a member, or mark them not interested",
  description:
    "Upserts my relation with subjectId. A DISLIKE (not interested: reason NOT_INTERESTED, ALREADY_KNOW or OTHER) hides the member from my recommendations at once and keeps the pair out of every future matching.",
  request: { body: jsonBody(RelationBodySchema) },
  responses: { 200: jsonResponse(RelationSchema, "Saved"), ...errors(400, 401, 403, 404) },
});

export function registerSetRelation(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await setRelation(c.get("ctx"), c.req.valid("json")), 200));
}
