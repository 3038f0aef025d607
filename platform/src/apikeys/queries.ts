import type { Db } from "../db/client.ts";

export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  createdBy: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
};

const COLUMNS = `id, name, prefix, scopes, created_at as "createdAt", created_by as "createdBy", expires_at as "expiresAt",
  revoked_at as "revokedAt", last_used_at as "lastUsedAt", last_used_ip as "lastUsedIp"`;

export async function insertApiKey(
  db: Db,
  communityId: string,
  k: { name: string; prefix: string; hash: string; scopes: string[]; createdBy: string | null; expiresAt: Date | null },
): Promise<ApiKeyRow> {
  const [row] = await db<ApiKeyRow[]>`
    insert into api_keys (community_id, name, prefix, key_hash, scopes, created_by, expires_at)
    values (${communityId}, ${k.name}, ${k.prefix}, ${k.hash}, ${k.scopes}, ${k.createdBy}, ${k.expiresAt})
    returning ${db.unsafe(COLUMNS)}`;
  if (!row) throw new Error("insert api_keys returned no row");
  return row;
}

/** Newest first; revoked keys stay listed (the console shows when they were revoked). */
export function listApiKeys(db: Db, communityId: string): Promise<ApiKeyRow[]> {
  return db<ApiKeyRow[]>`select ${db.unsafe(COLUMNS)} from api_keys where community_id = ${communityId} order by created_at desc, id`;
}

/** Revokes a key (inside the caller's transaction); undefined when the community has no such key. Revoking twice keeps the first time. */
export async function revokeApiKeyRow(db: Db, communityId: string, id: string): Promise<{ row: ApiKeyRow; wasLive: boolean } | undefined> {
  const [before] = await db<{ wasLive: boolean }[]>`
    select revoked_at is null as "wasLive" from api_keys where community_id = ${communityId} and id = ${id} for update`;
  if (!before) return undefined;
  const [row] = await db<ApiKeyRow[]>`
    update api_keys set revoked_at = coalesce(revoked_at, now()) where community_id = ${communityId} and id = ${id}
    returning ${db.unsafe(COLUMNS)}`;
  if (!row) return undefined;
  return { row, wasLive: before.wasLive };
}
