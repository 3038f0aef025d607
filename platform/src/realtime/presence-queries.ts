/**
 * Presence shared by every server process: a row per process (`node`) and member holding an open
 * socket. Each process refreshes its rows' `seen_at` every PRESENCE_REFRESH_SECONDS; rows older
 * than PRESENCE_STALE_SECONDS belong to a process that died and count for nothing.
 */
import type { Db } from "../db/client.ts";
import { withTx } from "../db/client.ts";

export const PRESENCE_REFRESH_SECONDS = 20;
export const PRESENCE_STALE_SECONDS = 60;

/**
 * Both transitions of one member run under the same transaction-level advisory lock, so two
 * processes that add and drop sockets of one member at once see each other's rows: the last
 * socket anywhere always publishes offline, the first always online.
 */
async function lockMember(tx: Db, communityId: string, participantId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`presence:${communityId}:${participantId}`}, 0))`;
}

async function othersLive(tx: Db, communityId: string, participantId: string, node: string): Promise<boolean> {
  const [row] = await tx<{ one: number }[]>`
    select 1 as one from presence_nodes
    where community_id = ${communityId} and participant_id = ${participantId} and node <> ${node}
      and seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})
    limit 1`;
  return row !== undefined;
}

/** This process now holds the member's sockets; true when no other live process did (the member came online). */
export function holdPresence(db: Db, communityId: string, participantId: string, node: string): Promise<boolean> {
  return withTx(db, async (tx) => {
    await lockMember(tx, communityId, participantId);
    const [mine] = await tx<{ one: number }[]>`
      select 1 as one from presence_nodes where community_id = ${communityId} and participant_id = ${participantId} and node = ${node}`;
    const elsewhere = await othersLive(tx, communityId, participantId, node);
    await tx`
      insert into presence_nodes (community_id, participant_id, node) values (${communityId}, ${participantId}, ${node})
      on conflict (community_id, participant_id, node) do update set seen_at = now()`;
    return mine === undefined && !elsewhere;
  });
}

/** This process no longer holds the member's sockets; true when no other live process does (the member went offline). */
export function releasePresence(db: Db, communityId: string, participantId: string, node: string): Promise<boolean> {
  return withTx(db, async (tx) => {
    await lockMember(tx, communityId, participantId);
    const deleted = await tx`delete from presence_nodes where community_id = ${communityId} and participant_id = ${participantId} and node = ${node}`;
    if (deleted.count === 0) return false;
    return !(await othersLive(tx, communityId, participantId, node));
  });
}

/** Keeps this process's rows live. */
export async function refreshPresence(db: Db, node: string): Promise<void> {
  await db`update presence_nodes set seen_at = now() where node = ${node}`;
}

/**
 * Removes rows of processes that stopped refreshing; returns the members left with no live row
 * (gone offline with the process that held them), each reported once by whichever process swept.
 */
export async function sweepStalePresence(db: Db): Promise<{ communityId: string; participantId: string }[]> {
  return db<{ communityId: string; participantId: string }[]>`
    with gone as (
      delete from presence_nodes where seen_at <= now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})
      returning community_id, participant_id)
    select distinct g.community_id as "communityId", g.participant_id as "participantId" from gone g
    where not exists (
      select 1 from presence_nodes n where n.community_id = g.community_id and n.participant_id = g.participant_id
        and n.seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS}))`;
}

/** Members of the community with a live socket somewhere. */
export async function listOnline(db: Db, communityId: string): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select distinct participant_id as id from presence_nodes
    where community_id = ${communityId} and seen_at > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`;
  return rows.map((r) => r.id);
}
