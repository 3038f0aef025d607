/**
 * Managing a group chat: add members, remove one, leave, rename. Who may: any member may leave;
 * the group's creator and the community's admins and moderators (while in the chat) may add,
 * remove and rename. Adding follows the rule of opening a group: the creator needs an accepted
 * intro with each new member (staff do not), and never anyone either side marked not interested.
 * A one-to-one chat's two members are fixed (400). Every change is published on the chat's topic
 * (CHAT_UPDATED) once committed; a removed member's subscriptions to it end in every process.
 */
import { requireMember } from "../authz/index.ts";
import { type AuditAction, recordAudit } from "../audit/index.ts";
import type { Ctx } from "../context.ts";
import { withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { AppError, accessDenied, ErrorCode, notFound, validation } from "../lib/errors.ts";
import { loadMe, type Me } from "../members/index.ts";
import { chatTopic, publishTopic } from "../realtime/topics.ts";
import { haveAcceptedIntro, listBlockedWith } from "../relations/index.ts";
import { deleteMember, existingParticipants, findChatForManage, insertMembers, updateChatName } from "./queries.ts";
import { type AddChatParticipantsBody, CHAT_PARTICIPANTS_MAX, type Chat, type ChatUpdatedBody, type RenameChatBody } from "./schemas.ts";
import { CHAT_ACCESS_DENIED, chatOf, isStaff } from "./service.ts";

const DIRECT_FIXED = "A one-to-one chat's members and name are fixed";
const MANAGERS_ONLY = "Only the group's creator, admins and moderators may do this";

type Managed = NonNullable<Awaited<ReturnType<typeof findChatForManage>>>;

async function requireGroupMember(ctx: Ctx, me: Me, chatId: string): Promise<Managed> {
  const chat = await findChatForManage(ctx.db, ctx.tenant.id, chatId, me.participant.id);
  if (!chat) throw notFound("Chat not found");
  if (!chat.isMember) throw accessDenied(CHAT_ACCESS_DENIED);
  if (chat.kind !== "GROUP") throw validation(DIRECT_FIXED);
  return chat;
}

function requireManager(ctx: Ctx, me: Me, chat: Managed): boolean {
  const staff = isStaff(ctx, me);
  if (!staff && chat.createdBy !== me.participant.id) throw accessDenied(MANAGERS_ONLY);
  return staff;
}

async function publishUpdate(ctx: Ctx, body: ChatUpdatedBody): Promise<void> {
  await publishTopic(ctx.deps.bus, { communityId: ctx.tenant.id, topic: chatTopic(body.chatId), body }).catch((err) =>
    ctx.log.warn({ err, chatId: body.chatId }, "chat change stored but not published"),
  );
}

/** A staff member acting on a group they did not create is a moderation act: audited. */
async function auditIfStaff(ctx: Ctx, chat: Managed, me: Me, action: AuditAction, before: unknown, after: unknown): Promise<void> {
  if (chat.createdBy === me.participant.id || !isStaff(ctx, me)) return;
  await withTx(ctx.db, (tx) => recordAudit(withDb(ctx, tx), { action, target: { type: "chat", id: chat.id }, before, after }));
}

/** POST /chats/{id}/participants. */
export async function addChatParticipants(ctx: Ctx, chatId: string, body: AddChatParticipantsBody): Promise<Chat> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const chat = await requireGroupMember(ctx, me, chatId);
  const staff = requireManager(ctx, me, chat);
  const myId = me.participant.id;
  const ids = [...new Set(body.participants)].filter((id) => id !== myId);
  if (ids.length === 0) return chatOf(ctx, chatId, myId);
  const found = await existingParticipants(ctx.db, ctx.tenant.id, ids);
  if (ids.some((id) => !found.has(id))) throw notFound("Participant not found");
  const blocked = await listBlockedWith(ctx.db, ctx.tenant.id, myId);
  if (ids.some((id) => blocked.has(id))) throw accessDenied("You cannot add this member");
  if (!staff) {
    for (const id of ids) {
      if (!(await haveAcceptedIntro(ctx.db, ctx.tenant.id, myId, id))) throw new AppError(ErrorCode.ACCESS_DENIED, "Add members you have an accepted intro with");
    }
  }
  if (chat.memberCount + ids.length > CHAT_PARTICIPANTS_MAX + 1) throw validation(`A group has at most ${CHAT_PARTICIPANTS_MAX + 1} members`);
  const added = await withTx(ctx.db, (tx) => insertMembers(tx, ctx.tenant.id, chatId, ids));
  if (added.length > 0) {
    await auditIfStaff(ctx, chat, me, "chat.members.add", null, { added });
    await publishUpdate(ctx, { type: "CHAT_UPDATED", chatId, name: chat.name, added, removed: [], by: myId });
  }
  return chatOf(ctx, chatId, myId);
}

/** DELETE /chats/{id}/participants/{participantId}: removes a member, or the caller leaves. */
export async function removeChatParticipant(ctx: Ctx, chatId: string, participantId: string): Promise<void> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const chat = await requireGroupMember(ctx, me, chatId);
  const myId = me.participant.id;
  if (participantId !== myId) requireManager(ctx, me, chat);
  const removed = await withTx(ctx.db, (tx) => deleteMember(tx, ctx.tenant.id, chatId, participantId));
  if (!removed) throw notFound("Not a member of this chat");
  if (participantId !== myId) await auditIfStaff(ctx, chat, me, "chat.members.remove", { participantId }, null);
  await publishUpdate(ctx, { type: "CHAT_UPDATED", chatId, name: chat.name, added: [], removed: [participantId], by: myId });
}

/** PATCH /chats/{id}: renames a group. */
export async function renameChat(ctx: Ctx, chatId: string, body: RenameChatBody): Promise<Chat> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const chat = await requireGroupMember(ctx, me, chatId);
  requireManager(ctx, me, chat);
  if (body.name !== chat.name) {
    await withTx(ctx.db, (tx) => updateChatName(tx, ctx.tenant.id, chatId, body.name));
    await auditIfStaff(ctx, chat, me, "chat.rename", { name: chat.name }, { name: body.name });
    await publishUpdate(ctx, { type: "CHAT_UPDATED", chatId, name: body.name, added: [], removed: [], by: me.participant.id });
  }
  return chatOf(ctx, chatId, me.participant.id);
}
