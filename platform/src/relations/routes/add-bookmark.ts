import type { OpenAPIHono } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route.ts";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { BookmarkStateSchema } from "../schemas.ts";
import { ParticipantIdParamSchema } from "../../members/schemas.ts";
import { addBookmark } from "../bookmarks.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/bookmarks/{id}",
  tags: ["Bookmarks"],
  summary: "Bookmark a member",
  description:
    "{id} is the member's participant id. Idempotent.",
  request: { params: ParticipantIdParamSchema },
  responses: { 200: jsonResponse(BookmarkStateSchema, "Bookmarked"), ...errors(400, 401, 403, 404) },
});

export function registerAddBookmark(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await addBookmark(c.get("ctx"), c.req.valid("param").id), 200));
}
