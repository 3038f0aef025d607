/**
 * Community API keys (issue 26): an admin makes, lists and revokes them. A key is shown once, at
 * creation; only its SHA-256 is stored. How a key is recognised on a request is `authz/api-keys.ts`.
 */
import { recordAudit } from "../audit/index.ts";
import { newApiKeySecret } from "../authz/api-keys.ts";
import { requireCommunityAdmin, requireUser } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { accessDenied, AppError, ErrorCode, notFound } from "../lib/errors.ts";
import { type ApiKeyRow, insertApiKey, listApiKeys as listApiKeyRows, revokeApiKeyRow } from "./queries.ts";
import type { ApiKey, CreateApiKey, CreatedApiKey } from "./schemas.ts";

/** Staff of the community signed in themselves: a key never makes, sees or revokes keys. */
async function requireKeyAdmin(ctx: Ctx, communityId: string): Promise<void> {
  await requireCommunityAdmin(ctx, communityId);
  if (ctx.actor.kind === "user" && ctx.actor.apiKey) throw accessDenied("API keys cannot manage API keys");
}

function toApiKey(r: ApiKeyRow, now = new Date()): ApiKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes as ApiKey["scopes"],
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: r.lastUsedIp,
    status: r.revokedAt ? "revoked" : r.expiresAt && r.expiresAt <= now ? "expired" : "active",
  };
}

/** GET /admin/{communityId}/api-keys */
export async function listApiKeys(ctx: Ctx, communityId: string): Promise<ApiKey[]> {
  await requireKeyAdmin(ctx, communityId);
  return (await listApiKeyRows(ctx.db, ctx.tenant.id)).map((r) => toApiKey(r));
}

/** POST /admin/{communityId}/api-keys: the answer is the only time the key is shown. */
export async function createApiKey(ctx: Ctx, communityId: string, input: CreateApiKey): Promise<CreatedApiKey> {
  await requireKeyAdmin(ctx, communityId);
  const actor = requireUser(ctx);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError(ErrorCode.VALIDATION, "The expiry must be in the future", { errors: { expiresAt: "must be in the future" } });
  }
  const secret = newApiKeySecret();
  const scopes = [...new Set(input.scopes)];
  return withTx(ctx.db, async (tx) => {
    const row = await insertApiKey(tx, ctx.tenant.id, { name: input.name, prefix: secret.prefix, hash: secret.hash, scopes, createdBy: actor.userId, expiresAt });
    const key = toApiKey(row);
    await recordAudit(withDb(ctx, tx), { action: "api_key.create", target: { type: "api_key", id: row.id }, after: { name: key.name, scopes, expiresAt: key.expiresAt } });
    return { ...key, key: secret.key };
  });
}

/** DELETE /admin/{communityId}/api-keys/{id}: every server refuses the key from the next request on. */
export async function revokeApiKey(ctx: Ctx, communityId: string, id: string): Promise<ApiKey> {
  await requireKeyAdmin(ctx, communityId);
  return withTx(ctx.db, async (tx) => {
    const revoked = await revokeApiKeyRow(tx, ctx.tenant.id, id);
    if (!revoked) throw notFound("API key not found");
    const key = toApiKey(revoked.row);
    if (revoked.wasLive) await recordAudit(withDb(ctx, tx), { action: "api_key.revoke", target: { type: "api_key", id }, before: { name: key.name, scopes: key.scopes } });
    return key;
  });
}
