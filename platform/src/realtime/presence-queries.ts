/**
 * Presence shared by every server process: a row per process (`node`) and member holding an open
 * socket (presence_nodes), and a row per process (presence_processes, migration 036) whose
 * `seen_at` that process refreshes every PRESENCE_REFRESH_SECONDS: one row, however many members
 * it holds. Member rows of a process not seen for PRESENCE_STALE_SECONDS (it died) count for
 * nothing and are swept.
 */
import type { Db } from "../db/client.ts";
import { withTx } from "../db/client.ts";

export const PRESENCE_REFRESH_SECONDS = 20;
export const PRESENCE_STALE_SECONDS = 60;

/** SQL: the presence_nodes row aliased `n` belongs to a live process (for db.unsafe; no input in it). */
export const LIVE_NODE = `n.node in (select node from presence_processes where seen_at > now() - interval '${PRESENCE_STALE_SECONDS} seconds')`;

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
    select 1 as one from presence_nodes n
    where n.community_id = ${communityId} and n.participant_id = ${participantId} and n.node <> ${node} and ${tx.unsafe(LIVE_NODE)}
    limit 1`;
  return row !== undefined;
}

/** This process now holds the member's sockets; true when no other live process did (the member came online). */
export function holdPresence(db: Db, communityId: string, participantId: string, node: string): Promise<boolean> {
  return withTx(db, async (tx) => {
    await lockMember(tx, communityId, participantId);
    // The process's own row, made by its first member (no lock taken when it exists); refreshed by refreshPresence.
    await tx`insert into presence_processes (node) values (${node}) on conflict (node) do nothing`;
    const [mine] = await tx<{ one: number }[]>`
      select 1 as one from presence_nodes where community_id = ${communityId} and participant_id = ${participantId} and node = ${node}`;
    const elsewhere = await othersLive(tx, communityId, participantId, node);
    await tx`
      insert into presence_nodes (community_id, participant_id, node) values (${communityId}, ${participantId}, ${node})
      on conflict (community_id, participant_id, node) do nothing`;
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

/** Keeps this process's rows live: one row, however many members it holds. */
export async function refreshPresence(db: Db, node: string): Promise<void> {
  await db`insert into presence_processes (node) values (${node}) on conflict (node) do update set seen_at = now()`;
}

/** On shutdown, once its members are released: the process's own row goes too. */
export async function forgetProcess(db: Db, node: string): Promise<void> {
  await db`delete from presence_processes where node = ${node}`;
}

/**
 * Removes rows of processes that stopped refreshing; returns the members left with no live row
 * (gone offline with the process that held them), each reported once by whichever process swept.
 */
export async function sweepStalePresence(db: Db): Promise<{ communityId: string; participantId: string }[]> {
  const live = db.unsafe(LIVE_NODE);
  return db<{ communityId: string; participantId: string }[]>`
    with dead as (
      delete from presence_processes where seen_at <= now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})),
    gone as (
      delete from presence_nodes n where not (${live})
      returning community_id, participant_id)
    select distinct g.community_id as "communityId", g.participant_id as "participantId" from gone g
    where not exists (
      select 1 from presence_nodes n where n.community_id = g.community_id and n.participant_id = g.participant_id and ${live})`;
}

/** Members of the community with a live socket somewhere. */
export async function listOnline(db: Db, communityId: string): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select distinct n.participant_id as id from presence_nodes n where n.community_id = ${communityId} and ${db.unsafe(LIVE_NODE)}`;
  return rows.map((r) => r.id);
}
