import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { ChatHistorySchema, ChatIdParamSchema, HistoryQuerySchema } from "../schemas.ts";
import { getChatHistory } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/chats/{id}",
  tags: ["Chats"],
  summary: "A chat and a page of its messages",
  description:
    "Messages paged backwards: without `before` the newest page (and the chat is marked read up to its newest message), then `before` = the previous page's `nextCursor` for older ones. Items are oldest first. A chat of this community the caller is not in: 403 (Chat access denied).",
  request: { params: ChatIdParamSchema, query: HistoryQuerySchema },
  responses: { 200: jsonResponse(ChatHistorySchema, "The chat and one page of messages"), ...errors(400, 401, 403, 404) },
});

export function registerGetChat(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getChatHistory(c.get("ctx"), c.req.valid("param").id, c.req.valid("query")), 200));
}
