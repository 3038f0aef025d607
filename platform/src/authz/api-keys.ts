/**
 * Community API keys as the request path sees them: the scopes, how a `tsk_live_…` bearer turns
 * into an actor, and the first use of a scope. The keys' own verbs (create, list, revoke) live in
 * `apikeys/`. Every request with a key reads its row: there is no per-process cache, so a revoked
 * or expired key is refused at once by every server on the database.
 */
import type { Db } from "../db/client.ts";
import { hashHex, randomToken } from "../lib/crypto.ts";
import type { ParticipantSnapshot } from "./roles.ts";

export const API_SCOPES = [
  "members:read",
  "members:write",
  "events:read",
  "events:write",
  "mailings:send",
  "analytics:read",
  "webhooks:manage",
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * What a route lets a key do, declared with the route: `false` (never: sign-in, account, chat and
 * a member's own things), `"any"` (any key of the community, no scope: public community facts),
 * or the one scope it needs.
 */
export type ApiKeyAccess = false | "any" | ApiScope;

export const API_KEY_PREFIX = "tsk_live_";

export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A new key's secret (256 random bits) and what is stored of it. */
export function newApiKeySecret(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), hash: hashHex(key) };
}

export type ApiKeyPrincipal = {
  id: string;
  name: string;
  scopes: readonly ApiScope[];
  usedScopes: readonly string[];
  createdBy: string;
  participant: ParticipantSnapshot;
};

/** The last-used time and address are written at most once a minute per key and address. */
const LAST_USED_EVERY_SECONDS = 60;

/**
 * The key the token names in this community, when it is live (not revoked, not expired) and its
 * maker is still an admin here; else undefined (the caller is then anonymous: 401).
 */
export async function resolveApiKey(db: Db, token: string, communityId: string, ip: string | undefined): Promise<ApiKeyPrincipal | undefined> {
  const [row] = await db<(Omit<ApiKeyPrincipal, "participant"> & ParticipantSnapshot & { participantId: string; stale: boolean })[]>`
    select k.id, k.name, k.scopes, k.used_scopes as "usedScopes", k.created_by as "createdBy",
           p.id as "participantId", p.role, p.moderation_status as "moderationStatus",
           p.profile_completed_at is not null as "profileCompleted",
           (k.last_used_at is null or k.last_used_at < now() - make_interval(secs => ${LAST_USED_EVERY_SECONDS})
             or k.last_used_ip is distinct from ${ip ?? null}) as stale
    from api_keys k
    join participants p on p.community_id = k.community_id and p.user_id = k.created_by and p.role = 'admin'
    where k.key_hash = ${hashHex(token)} and k.community_id = ${communityId}
      and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())`;
  if (!row) return undefined;
  if (row.stale) {
    await db`update api_keys set last_used_at = now(), last_used_ip = ${ip ?? null} where community_id = ${communityId} and id = ${row.id}`;
  }
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    usedScopes: row.usedScopes,
    createdBy: row.createdBy,
    participant: { id: row.participantId, role: row.role, moderationStatus: row.moderationStatus, profileCompleted: row.profileCompleted },
  };
}

/**
 * Marks the scope used and writes `api_key.scope_first_use` to the audit log, in one statement,
 * the first time a key uses a scope (a concurrent first use writes it once).
 */
export async function noteScopeUse(db: Db, communityId: string, key: Pick<ApiKeyPrincipal, "id" | "createdBy">, scope: ApiScope, requestId: string): Promise<void> {
  await db`
    with marked as (
      update api_keys set used_scopes = array_append(used_scopes, ${scope}::text)
      where community_id = ${communityId} and id = ${key.id} and not (${scope}::text = any(used_scopes))
      returning id, name)
    insert into audit_events (community_id, actor_kind, actor_user_id, actor_label, action, target_type, target_id, after, request_id)
    select ${communityId}, 'user', ${key.createdBy}, ${`api-key:${key.id}`}, 'api_key.scope_first_use', 'api_key', marked.id::text,
           jsonb_build_object('scope', ${scope}::text, 'name', marked.name), ${requestId}
    from marked`;
}
