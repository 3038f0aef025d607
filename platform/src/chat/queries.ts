/** Chats, their members and messages. Every query takes the community. */
import type { Db } from "../db/client.ts";
import type { Page } from "../lib/paging.ts";
import { LIVE_NODE } from "../realtime/presence-queries.ts";

export type ChatRow = {
  id: string;
  communityId: string;
  kind: "DIRECT" | "GROUP";
  name: string | null;
  createdBy: string | null;
  createdAt: Date;
};

/** A chat as one member sees it in the list: the newest message and the unread count. */
export type ChatListRow = ChatRow & {
  /** The newest message's time, else the chat's creation. */
  lastActivityAt: Date;
  lastReadSeq: string;
  unread: number;
  lastId: string | null;
  lastSenderId: string | null;
  lastText: string | null;
  lastCreatedAt: Date | null;
};

export type MessageRow = { id: string; seq: string; chatId: string; senderId: string | null; text: string; createdAt: Date };

export type ChatMemberRow = {
  chatId: string;
  id: string;
  firstName: string;
  lastName: string;
  avatar: Record<string, unknown> | null;
  online: boolean;
};

const CHAT_COLUMNS = `c.id, c.community_id as "communityId", c.kind, c.name, c.created_by as "createdBy", c.created_at as "createdAt"`;
const MESSAGE_COLUMNS = `m.id, m.seq::text as seq, m.chat_id as "chatId", m.sender_id as "senderId", m.text, m.created_at as "createdAt"`;

export async function findChat(db: Db, communityId: string, id: string): Promise<ChatRow | undefined> {
  const [row] = await db<ChatRow[]>`select ${db.unsafe(CHAT_COLUMNS)} from chats c where c.community_id = ${communityId} and c.id = ${id}`;
  return row;
}

/** The chat of the community and whether the participant is in it; undefined for no such chat here. */
export async function findChatMembership(db: Db, communityId: string, chatId: string, participantId: string): Promise<{ isMember: boolean } | undefined> {
  const [row] = await db<{ isMember: boolean }[]>`
    select exists (select 1 from chat_members m where m.community_id = c.community_id and m.chat_id = c.id and m.participant_id = ${participantId}) as "isMember"
    from chats c where c.community_id = ${communityId} and c.id = ${chatId}`;
  return row;
}

export async function isChatMember(db: Db, communityId: string, chatId: string, participantId: string): Promise<boolean> {
  const [row] = await db<{ one: number }[]>`
    select 1 as one from chat_members where community_id = ${communityId} and chat_id = ${chatId} and participant_id = ${participantId}`;
  return row !== undefined;
}

export async function findDirectChat(db: Db, communityId: string, a: string, b: string): Promise<ChatRow | undefined> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db<ChatRow[]>`
    select ${db.unsafe(CHAT_COLUMNS)} from chats c
    where c.community_id = ${communityId} and c.direct_low = ${low} and c.direct_high = ${high}`;
  return row;
}

/** The one-to-one chat of a and b, made unless it exists (two racing calls get the same chat). */
export async function ensureDirectChat(db: Db, communityId: string, createdBy: string, a: string, b: string): Promise<{ chat: ChatRow; created: boolean }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [inserted] = await db<ChatRow[]>`
    insert into chats as c (community_id, kind, created_by, direct_low, direct_high)
    values (${communityId}, 'DIRECT', ${createdBy}, ${low}, ${high})
    on conflict (community_id, direct_low, direct_high) do nothing
    returning ${db.unsafe(CHAT_COLUMNS)}`;
  if (inserted) {
    await addMembers(db, communityId, inserted.id, [low, high]);
    return { chat: inserted, created: true };
  }
  const existing = await findDirectChat(db, communityId, a, b);
  if (!existing) throw new Error("direct chat vanished between insert and read");
  return { chat: existing, created: false };
}

export async function insertGroupChat(db: Db, communityId: string, createdBy: string, name: string | null, members: readonly string[]): Promise<ChatRow> {
  const [row] = await db<ChatRow[]>`
    insert into chats as c (community_id, kind, name, created_by) values (${communityId}, 'GROUP', ${name}, ${createdBy})
    returning ${db.unsafe(CHAT_COLUMNS)}`;
  if (!row) throw new Error("chat insert returned nothing");
  await addMembers(db, communityId, row.id, members);
  return row;
}

export async function addMembers(db: Db, communityId: string, chatId: string, members: readonly string[]): Promise<void> {
  await db`
    insert into chat_members (community_id, chat_id, participant_id)
    select ${communityId}, ${chatId}, p from unnest(${[...members]}::uuid[]) as p
    on conflict do nothing`;
}

/** Which of `ids` are participants of the community (whose account is not deleted). */
export async function existingParticipants(db: Db, communityId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db<{ id: string }[]>`
    select p.id from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.id = any(${[...ids]}::uuid[]) and u.deleted_at is null`;
  return new Set(rows.map((r) => r.id));
}

const LIST_COLUMNS = `${CHAT_COLUMNS}, coalesce(lm.created_at, c.created_at) as "lastActivityAt", cm.last_read_seq::text as "lastReadSeq",
  lm.id as "lastId", lm.sender_id as "lastSenderId", lm.text as "lastText", lm.created_at as "lastCreatedAt",
  (select count(*)::int from chat_messages x
    where x.community_id = c.community_id and x.chat_id = c.id and x.seq > cm.last_read_seq
      and x.sender_id is distinct from cm.participant_id) as unread`;

const LAST_MESSAGE = `left join lateral (
    select x.id, x.sender_id, x.text, x.created_at from chat_messages x
    where x.community_id = c.community_id and x.chat_id = c.id order by x.seq desc limit 1) lm on true`;

/** The member's chats, most recently active first. */
export async function listChatsOf(db: Db, communityId: string, participantId: string, page: Page): Promise<ChatListRow[]> {
  return db<ChatListRow[]>`
    select ${db.unsafe(LIST_COLUMNS)}
    from chat_members cm join chats c on c.community_id = cm.community_id and c.id = cm.chat_id
    ${db.unsafe(LAST_MESSAGE)}
    where cm.community_id = ${communityId} and cm.participant_id = ${participantId}
    order by coalesce(lm.created_at, c.created_at) desc, c.id
    limit ${page.limit} offset ${page.offset}`;
}

/** One chat as the member sees it in the list; undefined when the member is not in it. */
export async function findChatOf(db: Db, communityId: string, chatId: string, participantId: string): Promise<ChatListRow | undefined> {
  const [row] = await db<ChatListRow[]>`
    select ${db.unsafe(LIST_COLUMNS)}
    from chat_members cm join chats c on c.community_id = cm.community_id and c.id = cm.chat_id
    ${db.unsafe(LAST_MESSAGE)}
    where cm.community_id = ${communityId} and cm.chat_id = ${chatId} and cm.participant_id = ${participantId}`;
  return row;
}

/** Members of the chats with name, photo and whether a live process holds a socket of theirs. */
export async function listChatMembers(db: Db, communityId: string, chatIds: readonly string[]): Promise<ChatMemberRow[]> {
  if (chatIds.length === 0) return [];
  return db<ChatMemberRow[]>`
    select cm.chat_id as "chatId", p.id, p.first_name as "firstName", p.last_name as "lastName", p.avatar,
      exists (select 1 from presence_nodes n
        where n.community_id = cm.community_id and n.participant_id = p.id and ${db.unsafe(LIVE_NODE)}) as online
    from chat_members cm join participants p on p.community_id = cm.community_id and p.id = cm.participant_id
    where cm.community_id = ${communityId} and cm.chat_id = any(${[...chatIds]}::uuid[])
    order by cm.chat_id, cm.joined_at, p.id`;
}

/** Messages older than `beforeSeq` (or the newest), newest first, `limit` of them. */
export async function listMessages(db: Db, communityId: string, chatId: string, beforeSeq: string | undefined, limit: number): Promise<MessageRow[]> {
  const m = db.unsafe(MESSAGE_COLUMNS);
  return beforeSeq === undefined
    ? db<MessageRow[]>`select ${m} from chat_messages m where m.community_id = ${communityId} and m.chat_id = ${chatId} order by m.seq desc limit ${limit}`
    : db<MessageRow[]>`
        select ${m} from chat_messages m
        where m.community_id = ${communityId} and m.chat_id = ${chatId} and m.seq < ${beforeSeq}
        order by m.seq desc limit ${limit}`;
}

export type SendResult = {
  /** False: the sender is not in the chat (or no such chat); nothing was stored. */
  isMember: boolean;
  /** Hits in the sender's rate-limit window, this one included; over the limit nothing was stored. */
  hits: number;
  retryAfter: number;
  /** The stored message, with the other members that have no live socket (for notifications). */
  message: (MessageRow & { offline: string[] }) | undefined;
};

/**
 * One round trip per message: counts the sender's rate-limit hit, checks the membership, stores
 * the message (only for a member under the limit) and moves the sender's read marker past it, all
 * in one statement (so atomically); also answers which other members have no live socket.
 *
 * It commits with `synchronous_commit` off (decided; docs/realtime.md, "Chat messages commit without waiting
 * for the WAL flush"): the message is visible to every session at once and survives any crash of
 * the application, but a crash of PostgreSQL or the machine may lose the last moments of messages
 * (at most 3 x wal_writer_delay, 600 ms by default). Waiting for the flush put the disk's fsync
 * latency, hundreds of ms on a busy disk, into every message's fan-out.
 */
export async function insertMessage(
  db: Db,
  communityId: string,
  chatId: string,
  senderId: string,
  text: string,
  limit: { key: string; limit: number; windowSeconds: number },
): Promise<SendResult> {
  const w = limit.windowSeconds;
  const [row] = await db<(Omit<MessageRow, "id"> & { id: string | null; offline: string[]; isMember: boolean; hits: number; retryAfter: number })[]>`
    with async_commit as (select set_config('synchronous_commit', 'off', true)),
    rl as (
      insert into rate_limits as r (key, window_start, hits) values (${limit.key}, now(), 1)
      on conflict (key) do update set
        hits = case when r.window_start < now() - make_interval(secs => ${w}) then 1 else r.hits + 1 end,
        window_start = case when r.window_start < now() - make_interval(secs => ${w}) then now() else r.window_start end
      returning hits, extract(epoch from (window_start + make_interval(secs => ${w}) - now()))::float8 as retry_after),
    mem as (
      select exists (select 1 from chat_members where community_id = ${communityId} and chat_id = ${chatId} and participant_id = ${senderId}) as ok),
    m as (
      insert into chat_messages as m (community_id, chat_id, sender_id, text)
      select ${communityId}, ${chatId}, ${senderId}, ${text}
      where (select ok from mem) and (select hits from rl) <= ${limit.limit}
      returning ${db.unsafe(MESSAGE_COLUMNS)}, m.seq as raw_seq),
    read as (
      update chat_members set last_read_seq = (select raw_seq from m)
      where community_id = ${communityId} and chat_id = ${chatId} and participant_id = ${senderId} and exists (select 1 from m))
    select (select ok from mem) as "isMember", (select hits from rl) as hits, (select retry_after from rl) as "retryAfter",
      m.id, m.seq, m."chatId", m."senderId", m.text, m."createdAt",
      case when m.id is null then '{}'::text[] else array(select cm.participant_id::text from chat_members cm
        where cm.community_id = ${communityId} and cm.chat_id = ${chatId} and cm.participant_id <> ${senderId}
          and not exists (select 1 from presence_nodes n
            where n.community_id = cm.community_id and n.participant_id = cm.participant_id and ${db.unsafe(LIVE_NODE)})) end as offline
    from async_commit one left join m on true`;
  if (!row) throw new Error("message insert returned nothing");
  const { isMember, hits, retryAfter, offline, ...message } = row;
  return { isMember, hits, retryAfter, message: message.id === null ? undefined : { ...(message as MessageRow), offline } };
}

/** Moves the member's read marker forward to `seq` (never back). */
export async function markRead(db: Db, communityId: string, chatId: string, participantId: string, seq: string): Promise<void> {
  await db`
    update chat_members set last_read_seq = ${seq}
    where community_id = ${communityId} and chat_id = ${chatId} and participant_id = ${participantId} and last_read_seq < ${seq}`;
}

/** The chat with its creator and whether the participant is in it (membership management). */
export async function findChatForManage(
  db: Db,
  communityId: string,
  chatId: string,
  participantId: string,
): Promise<(ChatRow & { isMember: boolean; memberCount: number }) | undefined> {
  const [row] = await db<(ChatRow & { isMember: boolean; memberCount: number })[]>`
    select ${db.unsafe(CHAT_COLUMNS)},
      exists (select 1 from chat_members m where m.community_id = c.community_id and m.chat_id = c.id and m.participant_id = ${participantId}) as "isMember",
      (select count(*)::int from chat_members m where m.community_id = c.community_id and m.chat_id = c.id) as "memberCount"
    from chats c where c.community_id = ${communityId} and c.id = ${chatId}`;
  return row;
}

/** Adds members; returns the ids that were not in the chat before. */
export async function insertMembers(db: Db, communityId: string, chatId: string, members: readonly string[]): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    insert into chat_members (community_id, chat_id, participant_id)
    select ${communityId}, ${chatId}, p from unnest(${[...members]}::uuid[]) as p
    on conflict do nothing
    returning participant_id as id`;
  return rows.map((r) => r.id);
}

/** Removes one member; false when they were not in the chat. */
export async function deleteMember(db: Db, communityId: string, chatId: string, participantId: string): Promise<boolean> {
  const res = await db`delete from chat_members where community_id = ${communityId} and chat_id = ${chatId} and participant_id = ${participantId}`;
  return res.count > 0;
}

export async function updateChatName(db: Db, communityId: string, chatId: string, name: string | null): Promise<void> {
  await db`update chats set name = ${name} where community_id = ${communityId} and id = ${chatId}`;
}
