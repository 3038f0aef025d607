import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { ChatIdParamSchema, ChatMessageSchema, MESSAGE_TEXT_MAX, PostMessageBodySchema } from "../schemas.ts";
import { postChatMessage } from "../service.ts";

const route = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/chats/{id}",
  tags: ["Chats"],
  summary: "Send a message",
  description: `Stores the message (text trimmed, 1 to ${MESSAGE_TEXT_MAX} characters) and publishes it on the STOMP topic /topic/chat/{id} of every server process. The same as a STOMP SEND to that topic. At most 20 messages per member and chat in 10 seconds (429 with Retry-After).`,
  request: { params: ChatIdParamSchema, body: jsonBody(PostMessageBodySchema) },
  responses: { 201: jsonResponse(ChatMessageSchema, "Sent"), ...errors(400, 401, 403, 404, 429) },
});

export function registerPostMessage(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await postChatMessage(c.get("ctx"), c.req.valid("param").id, c.req.valid("json").text), 201));
}
