import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { SlugAvailableSchema, SlugQuerySchema } from "../schemas.ts";
import { checkSlug } from "../service.ts";

const route = defineRoute({
  apiKey: "events:read",
  access: "participant",
  method: "get",
  path: "/event/slug/available",
  tags: ["Events"],
  summary: "Whether a slug is well-formed (letters, digits and hyphens) and free in this community",
  request: { query: SlugQuerySchema },
  responses: { 200: jsonResponse(SlugAvailableSchema, "The answer"), ...errors(400) },
});

export function registerSlugAvailable(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    return c.json(await checkSlug(c.get("ctx"), q.slug, q.excludeId), 200);
  });
}
