import type { Db } from "../db/client.ts";
import type { ParticipantSnapshot } from "./roles.ts";

/** The few facts authorization reads of a user's participant (the session lookup reads the same ones with the session). */
export async function findParticipantSnapshot(db: Db, communityId: string, key: { userId: string }): Promise<ParticipantSnapshot | undefined> {
  const [row] = await db<ParticipantSnapshot[]>`
    select p.id as "id", p.role as "role", p.moderation_status as "moderationStatus", p.profile_completed_at is not null as "profileCompleted"
    from participants p where p.community_id = ${communityId} and p.user_id = ${key.userId}`;
  return row;
}

/** Whether the user is one of the event's responsibles (organizers). */
export async function isResponsible(db: Db, communityId: string, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db<{ yes: boolean }[]>`
    select exists (select 1 from event_responsibles where community_id = ${communityId} and event_id = ${eventId} and user_id = ${userId}) as yes`;
  return row?.yes ?? false;
}
