import type { Db } from "../db/client.ts";
import type { ImageKind } from "./processing.ts";
import type { StoredAvatar } from "./schemas.ts";

export type MediaObjectRow = {
  id: string;
  communityId: string;
  ownerUserId: string | null;
  participantId: string | null;
  kind: ImageKind;
  keys: Record<string, string>;
  bytes: number;
  width: number;
  height: number;
  createdAt: Date;
};

const MEDIA_COLUMNS = `id, community_id as "communityId", owner_user_id as "ownerUserId", participant_id as "participantId",
  kind, keys, bytes, width, height, created_at as "createdAt"`;

/** The user's participant in the community; `lock` holds its row until the transaction ends. */
export async function findParticipantOfUser(
  db: Db,
  communityId: string,
  userId: string,
  opts: { lock?: boolean } = {},
): Promise<{ id: string; avatar: StoredAvatar | null } | undefined> {
  const [row] = await db<{ id: string; avatar: StoredAvatar | null }[]>`
    select id, avatar from participants
    where community_id = ${communityId} and user_id = ${userId}
    ${opts.lock ? db`for update` : db``}`;
  return row;
}

export async function insertMediaObject(
  db: Db,
  m: Omit<MediaObjectRow, "createdAt">,
): Promise<void> {
  await db`
    insert into media_objects (id, community_id, owner_user_id, participant_id, kind, keys, bytes, width, height)
    values (${m.id}, ${m.communityId}, ${m.ownerUserId}, ${m.participantId}, ${m.kind}, ${db.json(m.keys)},
            ${m.bytes}, ${m.width}, ${m.height})`;
}

export async function findMediaObject(db: Db, communityId: string, id: string): Promise<MediaObjectRow | undefined> {
  const [row] = await db<MediaObjectRow[]>`
    select ${db.unsafe(MEDIA_COLUMNS)} from media_objects where community_id = ${communityId} and id = ${id}`;
  return row;
}

/** Deletes the participant's avatar rows (every earlier one, not only the current) and returns them. */
export async function deleteAvatarObjects(db: Db, communityId: string, participantId: string): Promise<MediaObjectRow[]> {
  return db<MediaObjectRow[]>`
    delete from media_objects
    where community_id = ${communityId} and participant_id = ${participantId} and kind = 'avatar'
    returning ${db.unsafe(MEDIA_COLUMNS)}`;
}

export async function deleteMediaObject(db: Db, communityId: string, id: string): Promise<MediaObjectRow | undefined> {
  const [row] = await db<MediaObjectRow[]>`
    delete from media_objects where community_id = ${communityId} and id = ${id}
    returning ${db.unsafe(MEDIA_COLUMNS)}`;
  return row;
}

export async function setParticipantAvatar(db: Db, communityId: string, participantId: string, avatar: StoredAvatar | null): Promise<void> {
  await db`
    update participants set avatar = ${avatar === null ? null : db.json(avatar)}, updated_at = now()
    where community_id = ${communityId} and id = ${participantId}`;
}
