import { z } from "@hono/zod-openapi";
import { hasLoneSurrogate, pageParam, sizeParam } from "../lib/fields.ts";
import { AvatarSchema } from "../participant/schemas.ts";

/** Longest message text, in UTF-16 units (JS string length). Three UTF-8 bytes at most per unit keeps a message inside one bus NOTIFY. */
export const MESSAGE_TEXT_MAX = 2000;
export const CHAT_NAME_MAX = 100;
/** Others in one chat besides its creator. */
export const CHAT_PARTICIPANTS_MAX = 200;
export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 100;
export const CHAT_PAGE_DEFAULT = 20;
export const CHAT_PAGE_MAX = 100;

/**
 * Control characters other than tab and line breaks have no place in a chat line (and JSON would
 * escape each one to six bytes).
 */
function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

export const MessageTextSchema = z
  .string()
  .trim()
  .min(1, "A message needs some text")
  .max(MESSAGE_TEXT_MAX, `At most ${MESSAGE_TEXT_MAX} characters`)
  .refine((s) => !hasControlCharacter(s), "Control characters are not allowed")
  .refine((s) => !hasLoneSurrogate(s), "Not valid text");

export const ChatTypeSchema = z.enum(["DIRECT", "GROUP"]).openapi("ChatType");

export const ChatParticipantSchema = z
  .object({
    id: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    avatar: AvatarSchema,
    online: z.boolean().openapi({ description: "Has an open chat socket (community/{id}/presence tells the changes)" }),
  })
  .openapi("ChatParticipant");
export type ChatParticipant = z.infer<typeof ChatParticipantSchema>;

export const ChatMessageSchema = z
  .object({
    id: z.string().uuid(),
    chatId: z.string().uuid(),
    senderId: z.string().uuid().nullable().openapi({ description: "The sender's participant id; null once that member is gone" }),
    text: z.string(),
    createdAt: z.string(),
  })
  .openapi("ChatMessage");
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatSchema = z
  .object({
    id: z.string().uuid(),
    communityId: z.string(),
    type: ChatTypeSchema,
    name: z.string().nullable().openapi({ description: "A group's name; null for a one-to-one chat (show the other member)" }),
    createdBy: z.string().uuid().nullable().openapi({ description: "The participant who opened it (a group's creator may manage it); null once they are gone" }),
    participants: z.array(ChatParticipantSchema).openapi({ description: "Everyone in the chat, the caller included" }),
    lastMessage: ChatMessageSchema.nullable(),
    unreadCount: z.number().int().openapi({ description: "Others' messages newer than the caller's read marker" }),
    createdAt: z.string(),
    lastActivityAt: z.string(),
  })
  .openapi("Chat");
export type Chat = z.infer<typeof ChatSchema>;

export const ChatPageSchema = z
  .object({ items: z.array(ChatSchema), page: z.number().int(), size: z.number().int(), hasMore: z.boolean() })
  .openapi("ChatPage");
export type ChatPage = z.infer<typeof ChatPageSchema>;

const communityIdQuery = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .openapi({ description: "The community (must be the request's; another one is a 404)" });

export const ListChatsQuerySchema = z.object({
  communityId: communityIdQuery,
  page: pageParam(500),
  size: sizeParam(CHAT_PAGE_MAX, CHAT_PAGE_DEFAULT),
});
export type ListChatsQuery = z.infer<typeof ListChatsQuerySchema>;

export const CreateChatQuerySchema = z.object({
  communityId: communityIdQuery,
  name: z.string().trim().max(CHAT_NAME_MAX, `At most ${CHAT_NAME_MAX} characters`).optional().openapi({ description: "A group's name" }),
});
export type CreateChatQuery = z.infer<typeof CreateChatQuerySchema>;

export const CreateChatBodySchema = z
  .object({
    participants: z
      .array(z.string().uuid())
      .min(1, "Name at least one other member")
      .max(CHAT_PARTICIPANTS_MAX, `At most ${CHAT_PARTICIPANTS_MAX} members`)
      .openapi({ description: "Participant ids of this community; one other member makes a one-to-one chat, more a group. The caller is always in it." }),
  })
  .openapi("CreateChat");
export type CreateChatBody = z.infer<typeof CreateChatBodySchema>;

export const ChatIdParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" }, description: "A chat of the current community the caller is in" }),
});

export const HistoryQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, "Not a cursor")
    .optional()
    .openapi({ description: "The `nextCursor` of the previous page: messages older than it. Without it, the newest page (which also marks the chat read)." }),
  size: sizeParam(HISTORY_PAGE_MAX, HISTORY_PAGE_DEFAULT),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const ChatHistorySchema = z
  .object({
    chat: ChatSchema,
    items: z.array(ChatMessageSchema).openapi({ description: "Oldest first" }),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable().openapi({ description: "Pass as `before` for the page of older messages; null when none are left" }),
  })
  .openapi("ChatHistory");
export type ChatHistory = z.infer<typeof ChatHistorySchema>;

export const PostMessageBodySchema = z.object({ text: MessageTextSchema }).openapi("PostChatMessage");
export type PostMessageBody = z.infer<typeof PostMessageBodySchema>;

/** Members one call may add to a group. */
export const CHAT_ADD_MAX = 50;

export const AddChatParticipantsBodySchema = z
  .object({
    participants: z
      .array(z.string().uuid())
      .min(1, "Name at least one member")
      .max(CHAT_ADD_MAX, `At most ${CHAT_ADD_MAX} members at once`)
      .openapi({ description: "Participant ids of this community to add; ones already in the chat are left as they are" }),
  })
  .openapi("AddChatParticipants");
export type AddChatParticipantsBody = z.infer<typeof AddChatParticipantsBodySchema>;

export const RenameChatBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "A group needs a name")
      .max(CHAT_NAME_MAX, `At most ${CHAT_NAME_MAX} characters`)
      .refine((s) => !hasControlCharacter(s) && !hasLoneSurrogate(s), "Not valid text"),
  })
  .openapi("RenameChat");
export type RenameChatBody = z.infer<typeof RenameChatBodySchema>;

export const ChatParticipantParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" }, description: "A group chat of the current community the caller is in" }),
  participantId: z
    .string()
    .uuid()
    .openapi({ param: { name: "participantId", in: "path" }, description: "The member to remove; the caller's own id leaves the chat" }),
});

/** A group's name or members changed: who did it, who came and who went. */
export type ChatUpdatedBody = { type: "CHAT_UPDATED"; chatId: string; name: string | null; added: string[]; removed: string[]; by: string };

/** What a chat topic carries: one new message, or a change of the group (its members see it; removed members' subscriptions end with it). */
export type ChatTopicBody = { type: "MESSAGE"; message: ChatMessage } | ChatUpdatedBody;


/** On a member's own topic (`notifications/{participantId}`): a chat with them was opened by `by`. */
export type ChatCreatedBody = { type: "CHAT_CREATED"; chatId: string; by: string };
