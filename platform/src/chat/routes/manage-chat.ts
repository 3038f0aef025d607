import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/env.ts";
import { errors, jsonBody, jsonResponse } from "../../http/openapi.ts";
import { defineRoute } from "../../http/route.ts";
import { addChatParticipants, removeChatParticipant, renameChat } from "../members.ts";
import { AddChatParticipantsBodySchema, CHAT_ADD_MAX, ChatIdParamSchema, ChatParticipantParamSchema, ChatSchema, RenameChatBodySchema } from "../schemas.ts";

const WHO =
  "Only in a group chat the caller is in (a one-to-one chat answers 400); the group's creator and the community's admins and moderators may manage it (others 403). The change goes out on /topic/chat/{id} as a CHAT_UPDATED message {chatId, name, added, removed, by}.";

const add = defineRoute({
  apiKey: false,
  access: "participant",
  method: "post",
  path: "/chats/{id}/participants",
  tags: ["Chats"],
  summary: "Add members to a group chat",
  description: `Adds up to ${CHAT_ADD_MAX} participants of this community. The creator needs an accepted intro with each (staff do not); nobody either side marked not interested. ${WHO}`,
  request: { params: ChatIdParamSchema, body: jsonBody(AddChatParticipantsBodySchema) },
  responses: { 200: jsonResponse(ChatSchema, "The chat with its members now"), ...errors(400, 401, 403, 404) },
});

const remove = defineRoute({
  apiKey: false,
  access: "participant",
  method: "delete",
  path: "/chats/{id}/participants/{participantId}",
  tags: ["Chats"],
  summary: "Remove a member from a group chat, or leave it",
  description: `The caller's own participant id leaves the chat (any member may). Removing someone else: ${WHO}`,
  request: { params: ChatParticipantParamSchema },
  responses: { 204: { description: "Removed" }, ...errors(400, 401, 403, 404) },
});

const rename = defineRoute({
  apiKey: false,
  access: "participant",
  method: "patch",
  path: "/chats/{id}",
  tags: ["Chats"],
  summary: "Rename a group chat",
  description: WHO,
  request: { params: ChatIdParamSchema, body: jsonBody(RenameChatBodySchema) },
  responses: { 200: jsonResponse(ChatSchema, "The renamed chat"), ...errors(400, 401, 403, 404) },
});

export function registerManageChat(app: OpenAPIHono<AppEnv>) {
  app.openapi(add, async (c) => c.json(await addChatParticipants(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
  app.openapi(remove, async (c) => {
    const { id, participantId } = c.req.valid("param");
    await removeChatParticipant(c.get("ctx"), id, participantId);
    return c.body(null, 204);
  });
  app.openapi(rename, async (c) => c.json(await renameChat(c.get("ctx"), c.req.valid("param").id, c.req.valid("json")), 200));
}
