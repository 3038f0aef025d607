/**
 * Idempotency-Key storage for key-authenticated POSTs that create things (http/route.ts decides
 * when; this module is its SQL). One row per (community, API key, Idempotency-Key): claimed while
 * the first request runs, then holding its answer for a day.
 */
import type { Db } from "../db/client.ts";

export type IdempotencyScope = { communityId: string; keyId: string; idempotencyKey: string };

export type IdempotencyClaim =
  /** This request runs; keep or release the claim when it is done. */
  | { kind: "claimed" }
  /** The same request was answered before: give that answer again. */
  | { kind: "replay"; status: number; body: unknown }
  /** The key was used with another request. */
  | { kind: "mismatch" }
  /** The first request with this key still runs. */
  | { kind: "running" };

/** Claims the key for `requestHash`; a claim older than a day is taken over as if new. */
export async function claimIdempotencyKey(db: Db, s: IdempotencyScope, requestHash: string): Promise<IdempotencyClaim> {
  const [claimed] = await db<{ claimed: boolean }[]>`
    insert into api_idempotency as i (community_id, key_id, idempotency_key, request_hash) values (${s.communityId}, ${s.keyId}, ${s.idempotencyKey}, ${requestHash})
    on conflict (community_id, key_id, idempotency_key) do update set request_hash = excluded.request_hash, status = null, body = null, created_at = now()
      where i.created_at < now() - interval '1 day'
    returning true as claimed`;
  if (claimed) return { kind: "claimed" };
  const [prior] = await db<{ requestHash: string; status: number | null; body: unknown }[]>`
    select request_hash as "requestHash", status, body from api_idempotency
    where community_id = ${s.communityId} and key_id = ${s.keyId} and idempotency_key = ${s.idempotencyKey}`;
  if (!prior || prior.requestHash !== requestHash) return { kind: "mismatch" };
  if (prior.status === null) return { kind: "running" };
  return { kind: "replay", status: prior.status, body: prior.body };
}

/** Stores the first request's answer for its retries. */
export async function keepIdempotentAnswer(db: Db, s: IdempotencyScope, status: number, body: unknown): Promise<void> {
  await db`update api_idempotency set status = ${status}, body = ${db.json(body as never)}
           where community_id = ${s.communityId} and key_id = ${s.keyId} and idempotency_key = ${s.idempotencyKey}`;
}

/** Gives the key up (the request failed): a retry runs again. */
export async function releaseIdempotencyKey(db: Db, s: IdempotencyScope): Promise<void> {
  await db`delete from api_idempotency where community_id = ${s.communityId} and key_id = ${s.keyId} and idempotency_key = ${s.idempotencyKey}`;
}
