import type { UserRow } from "../auth/users.ts";
import type { Db } from "../db/client.ts";
import type { ParticipantRow } from "../participant/queries.ts";
import type { Lang } from "../tenancy/schema.ts";
import type { ParticipantRole } from "./schemas.ts";

export type CurrentUserRow = Pick<
  UserRow,
  "id" | "email" | "emailVerifiedAt" | "policyAgreedAt" | "homeCommunityId" | "preferredLang" | "isOperator" | "enabled"
> & {
  participants: (Pick<ParticipantRow, "id" | "communityId" | "role" | "moderationStatus" | "networkingEnabled"> & { profileCompleted: boolean })[];
};

/**
 * A live user and every participant of theirs (`firstCommunityId`'s first, then oldest first) in
 * one round trip: the user's columns repeat on each participant row of a left join.
 */
export async function findCurrentUser(db: Db, userId: string, firstCommunityId: string): Promise<CurrentUserRow | undefined> {
  const rows = await db<
    (Omit<CurrentUserRow, "participants"> & {
      participantId: string | null;
      communityId: string;
      role: ParticipantRole;
      moderationStatus: ParticipantRow["moderationStatus"];
      profileCompleted: boolean;
      networkingEnabled: boolean;
    })[]
  >`
    select u.id, u.email, u.email_verified_at as "emailVerifiedAt", u.policy_agreed_at as "policyAgreedAt",
           u.home_community_id as "homeCommunityId", u.preferred_lang as "preferredLang",
           u.is_operator as "isOperator", u.enabled,
           p.id as "participantId", p.community_id as "communityId", p.role, p.moderation_status as "moderationStatus",
           p.profile_completed_at is not null as "profileCompleted", p.networking_enabled as "networkingEnabled"
    from users u left join participants p on p.user_id = u.id
    where u.id = ${userId} and u.deleted_at is null
    order by (p.community_id = ${firstCommunityId}) desc, p.created_at, p.community_id`;
  const [first] = rows;
  if (!first) return undefined;
  const { participantId: _p, communityId: _c, role: _r, moderationStatus: _m, profileCompleted: _pc, networkingEnabled: _n, ...user } = first;
  return {
    ...user,
    participants: rows.flatMap((r) => (r.participantId ? [{ id: r.participantId, communityId: r.communityId, role: r.role, moderationStatus: r.moderationStatus, profileCompleted: r.profileCompleted, networkingEnabled: r.networkingEnabled }] : [])),
  };
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

export async function upsertWebPushSubscription(
  db: Db,
  row: { communityId: string; userId: string; endpoint: string; p256dh: string; auth: string; expirationTime: Date | null },
): Promise<void> {
  await db`
    insert into web_push_subscriptions (community_id, user_id, endpoint, p256dh, auth, expiration_time)
    values (${row.communityId}, ${row.userId}, ${row.endpoint}, ${row.p256dh}, ${row.auth}, ${row.expirationTime})
    on conflict (community_id, endpoint) do update
      set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
          expiration_time = excluded.expiration_time, updated_at = now()`;
}
