import type { Db } from "../db/client.ts";
import type { Lang } from "../tenancy/schema.ts";
import type { ParticipantRole } from "./schemas.ts";

export type ParticipantRow = {
  id: string;
  communityId: string;
  userId: string;
  role: ParticipantRole;
  moderationStatus: "pending" | "confirmed" | "rejected";
  createdAt: Date;
};

const PARTICIPANT_COLUMNS = `id, community_id as "communityId", user_id as "userId", role,
  moderation_status as "moderationStatus", created_at as "createdAt"`;

/** Every participant of the user, `firstCommunityId`'s first, then oldest first. */
export async function listParticipantsOfUser(db: Db, userId: string, firstCommunityId: string): Promise<ParticipantRow[]> {
  return db<ParticipantRow[]>`
    select ${db.unsafe(PARTICIPANT_COLUMNS)} from participants
    where user_id = ${userId}
    order by (community_id = ${firstCommunityId}) desc, created_at, community_id`;
}

export async function findParticipantInCommunity(db: Db, communityId: string, userId: string): Promise<ParticipantRow | undefined> {
  const [row] = await db<ParticipantRow[]>`
    select ${db.unsafe(PARTICIPANT_COLUMNS)} from participants
    where community_id = ${communityId} and user_id = ${userId}`;
  return row;
}

export async function updatePreferredLang(db: Db, userId: string, lang: Lang): Promise<void> {
  await db`update users set preferred_lang = ${lang}, updated_at = now() where id = ${userId}`;
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`;
}

export async function markOperator(db: Db, userId: string): Promise<void> {
  await db`update users set is_operator = true, updated_at = now() where id = ${userId}`;
}

/** Makes the user a confirmed admin participant of the community, creating the participant if needed. */
export async function upsertAdminParticipant(db: Db, communityId: string, userId: string): Promise<{ id: string; created: boolean }> {
  const [row] = await db<{ id: string; created: boolean }[]>`
    insert into participants (community_id, user_id, role, moderation_status)
    values (${communityId}, ${userId}, 'admin', 'confirmed')
    on conflict (community_id, user_id) do update set role = 'admin', moderation_status = 'confirmed', updated_at = now()
    returning id, (xmax = 0) as created`;
  if (!row) throw new Error("participant upsert returned no row");
  return row;
}
