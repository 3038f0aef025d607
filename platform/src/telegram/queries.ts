/** Telegram links, connect codes and the Telegram side of notifications. Every query takes the community. */
import type { Db } from "../db/client.ts";
import type { Lang } from "../tenancy/schema.ts";

export type LinkRow = { participantId: string; userId: string; chatId: string; username: string | null; connectedAt: Date; blockedAt: Date | null };

const LINK = `participant_id as "participantId", user_id as "userId", chat_id as "chatId", username, connected_at as "connectedAt", blocked_at as "blockedAt"`;

/** The participant of `userId` in the community (live account), if any. */
export async function participantOfUser(db: Db, communityId: string, userId: string): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`
    select p.id from participants p join users u on u.id = p.user_id
    where p.community_id = ${communityId} and p.user_id = ${userId} and u.deleted_at is null`;
  return row?.id;
}

/** Replaces the member's pending code (one at a time). */
export async function putConnectCode(db: Db, c: { communityId: string; participantId: string; userId: string; hash: string; expiresAt: Date }): Promise<void> {
  await db`
    insert into telegram_connect_codes (code_hash, community_id, participant_id, user_id, expires_at)
    values (${c.hash}, ${c.communityId}, ${c.participantId}, ${c.userId}, ${c.expiresAt})
    on conflict (community_id, participant_id) do update set code_hash = excluded.code_hash, user_id = excluded.user_id, expires_at = excluded.expires_at`;
}

/** Consumes a code: its member, or undefined when unknown or expired. The code names its community (the bot serves every one). */
export async function takeConnectCode(db: Db, hash: string): Promise<{ communityId: string; participantId: string; userId: string } | undefined> {
  const [row] = await db<{ communityId: string; participantId: string; userId: string; live: boolean }[]>`
    delete from telegram_connect_codes where code_hash = ${hash}
    returning community_id as "communityId", participant_id as "participantId", user_id as "userId", expires_at > now() as live`;
  return row?.live ? row : undefined;
}

export async function upsertLink(db: Db, l: { communityId: string; participantId: string; userId: string; chatId: string; username: string | null }): Promise<LinkRow> {
  const [row] = await db<LinkRow[]>`
    insert into telegram_links (community_id, participant_id, user_id, chat_id, username)
    values (${l.communityId}, ${l.participantId}, ${l.userId}, ${l.chatId}, ${l.username})
    on conflict (community_id, participant_id) do update
      set chat_id = excluded.chat_id, username = excluded.username, user_id = excluded.user_id, connected_at = now(), blocked_at = null
    returning ${db.unsafe(LINK)}`;
  if (!row) throw new Error("telegram link upsert returned nothing");
  return row;
}

export async function findLink(db: Db, communityId: string, participantId: string): Promise<LinkRow | undefined> {
  const [row] = await db<LinkRow[]>`select ${db.unsafe(LINK)} from telegram_links where community_id = ${communityId} and participant_id = ${participantId}`;
  return row;
}

export async function deleteLink(db: Db, communityId: string, participantId: string): Promise<boolean> {
  const res = await db`delete from telegram_links where community_id = ${communityId} and participant_id = ${participantId}`;
  return res.count > 0;
}

/** The member blocked the bot (the Bot API answered 403): nothing more is sent to that chat. */
export async function markBlocked(db: Db, communityId: string, chatId: string): Promise<void> {
  await db`update telegram_links set blocked_at = now() where community_id = ${communityId} and chat_id = ${chatId} and blocked_at is null`;
}

// Notifications -----------------------------------------------------------------------------

export type PendingTelegramNotification = {
  id: string;
  communityId: string;
  participantId: string;
  type: string;
  data: Record<string, unknown>;
  chatId: string | null;
  lang: Lang | null;
  disabled: boolean;
};

/** Notifications waiting for Telegram, locked (a second runner skips them), with the member's chat and language. */
export async function lockPendingNotifications(db: Db, communityId: string | undefined, limit: number): Promise<PendingTelegramNotification[]> {
  return db<PendingTelegramNotification[]>`
    select n.id, n.community_id as "communityId", n.participant_id as "participantId", n.type, n.data,
      l.chat_id as "chatId", coalesce(p.language, u.preferred_lang) as lang,
      exists (select 1 from notification_preferences x
        where x.community_id = n.community_id and x.participant_id = n.participant_id and x.contact_type = 'TELEGRAM' and x.disable) as disabled
    from notifications n
      join participants p on p.community_id = n.community_id and p.id = n.participant_id
      join users u on u.id = p.user_id
      left join telegram_links l on l.community_id = n.community_id and l.participant_id = n.participant_id and l.blocked_at is null
    where n.telegram_status = 'pending' ${communityId === undefined ? db`` : db`and n.community_id = ${communityId}`}
    order by n.created_at
    limit ${limit}
    for update of n skip locked`;
}

export async function markNotificationTelegram(db: Db, id: string, status: "sent" | "failed"): Promise<void> {
  await db`update notifications set telegram_status = ${status} where id = ${id}`;
}
