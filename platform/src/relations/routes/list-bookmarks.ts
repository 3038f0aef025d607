import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { BookmarkPageSchema } from "../schemas.ts";
import { PageQuerySchema } from "../../lib/paging.ts";
import { listMyBookmarks } from "../bookmarks.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/bookmarks",
  tags: ["Bookmarks"],
  summary: "My bookmarked members",
  description:
    "Newest first, with each member's card (contacts as privacy allows).",
  request: { query: PageQuerySchema },
  responses: { 200: jsonResponse(BookmarkPageSchema, "One page"), ...errors(400, 401, 403) },
});

export function registerListBookmarks(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listMyBookmarks(c.get("ctx"), c.req.valid("query")), 200));
}
