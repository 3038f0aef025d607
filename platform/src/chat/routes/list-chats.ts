import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { ChatPageSchema, ListChatsQuerySchema } from "../schemas.ts";
import { listChats } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "get",
  path: "/chats",
  tags: ["Chats"],
  summary: "My chats",
  description: "The caller's chats in this community, most recently active first, each with its members (and whether they are online), its newest message and the caller's unread count.",
  request: { query: ListChatsQuerySchema },
  responses: { 200: jsonResponse(ChatPageSchema, "One page"), ...errors(400, 401, 403, 404) },
});

export function registerListChats(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listChats(c.get("ctx"), c.req.valid("query")), 200));
}
