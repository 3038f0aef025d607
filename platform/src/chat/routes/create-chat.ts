import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { ChatSchema, CreateChatBodySchema, CreateChatQuerySchema } from "../schemas.ts";
import { createChat } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/chats",
  tags: ["Chats"],
  summary: "Open a chat",
  description:
    "One other participant opens the one-to-one chat of the pair (answered 200 with the existing chat when there is one), more open a group named by `name`. A one-to-one chat needs an accepted intro between the two, a group one between the caller and each member; admins and moderators may open either with anyone. Never with a member either side marked not interested (403).",
  request: { query: CreateChatQuerySchema, body: jsonBody(CreateChatBodySchema) },
  responses: {
    201: jsonResponse(ChatSchema, "Opened"),
    200: jsonResponse(ChatSchema, "The pair's existing one-to-one chat"),
    ...errors(400, 401, 403, 404),
  },
});

export function registerCreateChat(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { chat, created } = await createChat(c.get("ctx"), c.req.valid("query"), c.req.valid("json"));
    return created ? c.json(chat, 201) : c.json(chat, 200);
  });
}
