import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { RelationPageSchema } from "../schemas.ts";
import { PageQuerySchema } from "../../lib/paging.ts";
import { listMyRelations } from "../relations.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/relations",
  tags: ["Relations"],
  summary: "My likes and not-interested marks",
  description:
    "Newest first, with each member's card (contacts as privacy allows).",
  request: { query: PageQuerySchema },
  responses: { 200: jsonResponse(RelationPageSchema, "One page"), ...errors(400, 401, 403) },
});

export function registerListRelations(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMyRelations(c.get("ctx"), c.req.valid("query")), 200));
}
