/**
 * Chats between participants of one community. Who may open one: a one-to-one chat once an intro
 * between the two was accepted (either way), a group only with members the creator has such an
 * intro with; the community's admins and moderators may open either with anyone. A DISLIKE
 * between the creator and anyone invited refuses the chat whoever creates it.
 */
import { isOperator, requireMember, requireThisCommunity } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { type Db, withTx } from "../db/client.ts";
import { AppError, accessDenied, ErrorCode, notFound, validation } from "../lib/errors.ts";
import { type Limit, scaledLimit } from "../lib/rate-limit.ts";
import { iso, loadMe, type Me } from "../members/index.ts";
import { notify, withUnseen } from "../notifications/index.ts";
import { haveAcceptedIntro, listBlockedWith } from "../relations/index.ts";
import { chatTopic, notificationsTopic, publishTopic } from "../realtime/topics.ts";
import {
  type ChatListRow,
  type ChatRow,
  ensureDirectChat,
  existingParticipants,
  findChat,
  findChatOf,
  insertGroupChat,
  insertMessage,
  isChatMember,
  listChatMembers,
  listChatsOf,
  listMessages,
  markRead,
  type MessageRow,
} from "./queries.ts";
import type {
  Chat,
  ChatCreatedBody,
  ChatHistory,
  ChatMessage,
  ChatPage,
  ChatParticipant,
  ChatTopicBody,
  CreateChatBody,
  CreateChatQuery,
  HistoryQuery,
  ListChatsQuery,
} from "./schemas.ts";

export const CHAT_ACCESS_DENIED = "Chat access denied";
export const CHAT_RATE_LIMITED = "Too many messages. Please slow down";
/** Messages one member may send to one chat per window (times RATE_LIMIT_SCALE), over REST and STOMP alike. */
export const CHAT_SEND_LIMIT: Limit = { limit: 20, windowSeconds: 10 };

function toMessage(row: MessageRow): ChatMessage {
  return { id: row.id, chatId: row.chatId, senderId: row.senderId, text: row.text, createdAt: iso(row.createdAt) };
}

export function isStaff(ctx: Ctx, me: Me): boolean {
  return isOperator(ctx) || me.participant.role === "admin" || me.participant.role === "moderator";
}

async function toChats(ctx: Ctx, rows: readonly ChatListRow[]): Promise<Chat[]> {
  const members = await listChatMembers(ctx.db, ctx.tenant.id, rows.map((r) => r.id));
  const byChat = new Map<string, ChatParticipant[]>();
  for (const m of members) {
    const list = byChat.get(m.chatId) ?? [];
    if (list.length === 0) byChat.set(m.chatId, list);
    list.push({ id: m.id, firstName: m.firstName, lastName: m.lastName, avatar: m.avatar, online: m.online });
  }
  return rows.map((r) => ({
    id: r.id,
    communityId: r.communityId,
    type: r.kind,
    name: r.name,
    createdBy: r.createdBy,
    participants: byChat.get(r.id) ?? [],
    lastMessage:
      r.lastId && r.lastCreatedAt ? { id: r.lastId, chatId: r.id, senderId: r.lastSenderId, text: r.lastText ?? "", createdAt: iso(r.lastCreatedAt) } : null,
    unreadCount: r.unread,
    createdAt: iso(r.createdAt),
    lastActivityAt: iso(r.lastActivityAt),
  }));
}

export async function chatOf(ctx: Ctx, chatId: string, participantId: string): Promise<Chat> {
  const row = await findChatOf(ctx.db, ctx.tenant.id, chatId, participantId);
  if (!row) throw accessDenied(CHAT_ACCESS_DENIED);
  const [chat] = await toChats(ctx, [row]);
  if (!chat) throw new Error("chat vanished");
  return chat;
}

/**
 * The chat, for a member of it: another community's (or an unknown) id is a 404, a chat of this
 * community the caller is not in a 403 ("Chat access denied").
 */
export async function requireChatMember(ctx: Ctx, me: Me, chatId: string): Promise<ChatRow> {
  const chat = await findChat(ctx.db, ctx.tenant.id, chatId);
  if (!chat) throw notFound("Chat not found");
  if (!(await isChatMember(ctx.db, ctx.tenant.id, chatId, me.participant.id))) throw accessDenied(CHAT_ACCESS_DENIED);
  return chat;
}

/** GET /chats: the caller's chats, most recently active first, each with its newest message and unread count. */
export async function listChats(ctx: Ctx, query: ListChatsQuery): Promise<ChatPage> {
  if (query.communityId !== undefined) requireThisCommunity(ctx, query.communityId);
  const me = await loadMe(ctx, await requireMember(ctx));
  const rows = await listChatsOf(ctx.db, ctx.tenant.id, me.participant.id, { limit: query.size + 1, offset: query.page * query.size });
  const items = await toChats(ctx, rows.slice(0, query.size));
  return { items, page: query.page, size: query.size, hasMore: rows.length > query.size };
}

/**
 * A new chat is announced on each other member's own topic (not stored: the chat list is the
 * record), so their chat list and badge change at once; published when the transaction commits.
 */
async function announceChat(ctx: Ctx, tx: Db, chatId: string, by: string, others: readonly string[]): Promise<void> {
  const body: ChatCreatedBody = { type: "CHAT_CREATED", chatId, by };
  for (const participantId of others) {
    await publishTopic(ctx.deps.bus, { communityId: ctx.tenant.id, topic: notificationsTopic(participantId), body }, tx);
  }
}

/**
 * POST /chats: one other participant makes the one-to-one chat of the pair (the existing one when
 * it is there: `created` false), more make a group.
 */
export async function createChat(ctx: Ctx, query: CreateChatQuery, body: CreateChatBody): Promise<{ chat: Chat; created: boolean }> {
  if (query.communityId !== undefined) requireThisCommunity(ctx, query.communityId);
  const me = await loadMe(ctx, await requireMember(ctx));
  const myId = me.participant.id;
  const others = [...new Set(body.participants)].filter((id) => id !== myId);
  if (others.length === 0) throw validation("Name at least one other member", { participants: "Name at least one other member" });
  const found = await existingParticipants(ctx.db, ctx.tenant.id, others);
  if (others.some((id) => !found.has(id))) throw notFound("Participant not found");
  const staff = isStaff(ctx, me);
  const blocked = await listBlockedWith(ctx.db, ctx.tenant.id, myId);
  if (others.some((id) => blocked.has(id))) throw accessDenied("You cannot open a chat with this member");
  for (const other of others) {
    if (!staff && !(await haveAcceptedIntro(ctx.db, ctx.tenant.id, myId, other))) {
      throw new AppError(ErrorCode.ACCESS_DENIED, "A chat opens once an intro between you was accepted");
    }
  }
  const name = query.name ? query.name : null;
  const [first] = others;
  if (others.length === 1 && first !== undefined) {
    if (name !== null) throw validation("A one-to-one chat has no name", { name: "Leave it out for a one-to-one chat" });
    const { chat, created } = await withTx(ctx.db, async (tx) => {
      const made = await ensureDirectChat(tx, ctx.tenant.id, myId, myId, first);
      if (made.created) await announceChat(ctx, tx, made.chat.id, myId, others);
      return made;
    });
    ctx.log.info({ chatId: chat.id, created }, "direct chat opened");
    return { chat: await chatOf(ctx, chat.id, myId), created };
  }
  const chat = await withTx(ctx.db, async (tx) => {
    const made = await insertGroupChat(tx, ctx.tenant.id, myId, name, [myId, ...others]);
    await announceChat(ctx, tx, made.id, myId, others);
    return made;
  });
  ctx.log.info({ chatId: chat.id, members: others.length + 1 }, "group chat opened");
  return { chat: await chatOf(ctx, chat.id, myId), created: true };
}

/** GET /chats/{id}: one page of history backwards from `before`; the newest page marks the chat read. */
export async function getChatHistory(ctx: Ctx, chatId: string, query: HistoryQuery): Promise<ChatHistory> {
  const me = await loadMe(ctx, await requireMember(ctx));
  await requireChatMember(ctx, me, chatId);
  const rows = await listMessages(ctx.db, ctx.tenant.id, chatId, query.before, query.size + 1);
  const page = rows.slice(0, query.size);
  const hasMore = rows.length > query.size;
  const newest = page[0];
  if (query.before === undefined && newest) await markRead(ctx.db, ctx.tenant.id, chatId, me.participant.id, newest.seq);
  const oldest = page.at(-1);
  return {
    chat: await chatOf(ctx, chatId, me.participant.id),
    items: page.reverse().map(toMessage),
    hasMore,
    nextCursor: hasMore && oldest ? oldest.seq : null,
  };
}

/**
 * POST /chats/{id} and a STOMP SEND to the chat's topic: stores the message (membership checked
 * for every message), then publishes it to the chat's topic in every process once committed.
 * Members with no socket open get a CHAT_MESSAGE notification, one per chat until they saw it.
 */
export async function postChatMessage(
  ctx: Ctx,
  chatId: string,
  text: string,
  /** Told as each stage ends (the STOMP server's SendTrace, for the benchmark); "notified" may come after the return. */
  trace?: (stage: "stored" | "delivered" | "notified") => void,
): Promise<ChatMessage> {
  // The session's participant (a socket's is checked again whenever the database announces a
  // change to it); the chat membership is read for every message.
  const { participant } = await loadMe(ctx, await requireMember(ctx));
  const sent = await insertMessage(ctx.db, ctx.tenant.id, chatId, participant.id, text, {
    key: `chat:send:${ctx.tenant.id}:${chatId}:${participant.id}`,
    limit: scaledLimit(CHAT_SEND_LIMIT.limit),
    windowSeconds: CHAT_SEND_LIMIT.windowSeconds,
  });
  if (!sent.isMember) {
    if (!(await findChat(ctx.db, ctx.tenant.id, chatId))) throw notFound("Chat not found");
    throw accessDenied(CHAT_ACCESS_DENIED);
  }
  if (!sent.message) {
    throw new AppError(ErrorCode.RATE_LIMITED, CHAT_RATE_LIMITED, { headers: { "Retry-After": String(Math.max(1, Math.ceil(sent.retryAfter))) } });
  }
  trace?.("stored");
  const { offline, ...row } = sent.message;
  const message = toMessage(row);
  // Published after the commit, not in it: a NOTIFY in the message's transaction would hold the
  // database-wide notify lock across its WAL flush, so every chat's messages would queue on it.
  // This process's subscribers have it when publishTopic returns; the NOTIFY for the others goes
  // out on the bus's own connection, in order, and nobody waits for it (the connection's next
  // frame neither). The message is stored: if the NOTIFY fails, the other processes' subscribers
  // miss it live and read it in the history.
  const body: ChatTopicBody = { type: "MESSAGE", message };
  const published = publishTopic(ctx.deps.bus, { communityId: ctx.tenant.id, topic: chatTopic(chatId), body }).catch((err) =>
    ctx.log.warn({ err, chatId, messageId: message.id }, "chat message stored but not published"),
  );
  trace?.("delivered");
  if (trace) void published.then(() => trace("notified"));
  if (offline.length > 0) {
    // The members away get a CHAT_MESSAGE notification (one per chat until seen), in a
    // transaction of its own after the message went out: the common case, everyone online,
    // costs nothing, and nobody online waits for it.
    await withTx(ctx.db, async (tx) => {
      const told = await withUnseen(tx, ctx.tenant.id, offline, "CHAT_MESSAGE", "chatId", chatId);
      for (const participantId of offline.filter((id) => !told.has(id))) {
        await notify(tx, ctx.deps.bus, {
          communityId: ctx.tenant.id,
          participantId,
          type: "CHAT_MESSAGE",
          data: { chatId, senderId: participant.id, messageId: message.id },
        });
      }
    }).catch((err) => ctx.log.warn({ err, chatId, messageId: message.id }, "chat message stored but its notifications failed"));
  }
  return message;
}

/** May the caller's participant read the chat's topic? (STOMP SUBSCRIBE.) */
export async function canReadChat(ctx: Ctx, participantId: string, chatId: string): Promise<boolean> {
  return isChatMember(ctx.db, ctx.tenant.id, chatId, participantId);
}
