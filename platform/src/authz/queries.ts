import type { ParticipantSnapshot } from "../auth/session.ts";
import type { Db } from "../db/client.ts";

/** The same facts the session lookup reads with the session, for actors built outside a request. */
export async function findParticipantSnapshot(db: Db, communityId: string, userId: string): Promise<ParticipantSnapshot | undefined> {
  const [row] = await db<ParticipantSnapshot[]>`
    select id, role, moderation_status as "moderationStatus", profile_completed_at is not null as "profileCompleted"
    from participants where community_id = ${communityId} and user_id = ${userId}`;
  return row;
}
