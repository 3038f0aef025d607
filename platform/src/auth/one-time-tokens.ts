import { randomUUID } from "node:crypto";
import type { Db } from "../db/client.ts";
import { hashSecret, secretsEqual } from "../lib/crypto.ts";

export type OneTimeKind = "otp" | "magic" | "recovery" | "email_confirm" | "transfer" | "oauth_state";

export type OneTimeToken = {
  id: string;
  communityId: string;
  kind: OneTimeKind;
  email: string | null;
  userId: string | null;
  data: Record<string, unknown>;
  attempts: number;
  expiresAt: Date;
};

const COLUMNS = `id, community_id as "communityId", kind, email, user_id as "userId", data, attempts, expires_at as "expiresAt"`;

export type IssueInput = {
  communityId: string;
  kind: OneTimeKind;
  /** The secret handed to the user; only its SHA-256 is stored. */
  secret: string;
  ttlSeconds: number;
  email?: string | null;
  userId?: string | null;
  data?: Record<string, unknown>;
  /**
   * Closes every still-open token of the same kind for this e-mail in this community first, so
   * only the newest code works (a new challenge supersedes the old one).
   */
  supersede?: boolean;
  /**
   * Short secrets (6-digit codes) collide across users, so they are hashed together with the
   * row id and looked up by e-mail instead of by hash (see findOpenEmailToken).
   */
  saltWithId?: boolean;
};

function saltedHash(id: string, secret: string): Buffer {
  return Buffer.from(hashSecret(`${id}:${secret}`));
}

/** Stores a one-time secret (hashed). Returns the row id. */
export async function issueOneTimeToken(db: Db, input: IssueInput): Promise<string> {
  const id = randomUUID();
  const hash = input.saltWithId ? saltedHash(id, input.secret) : Buffer.from(hashSecret(input.secret));
  if (input.supersede && input.email) {
    await db`
      update auth_tokens set consumed_at = now()
      where community_id = ${input.communityId} and kind = ${input.kind} and email = ${input.email} and consumed_at is null`;
  }
  await db`
    insert into auth_tokens (id, community_id, kind, email, user_id, token_hash, data, expires_at)
    values (${id}, ${input.communityId}, ${input.kind}, ${input.email ?? null}, ${input.userId ?? null}, ${hash},
            ${db.json(JSON.parse(JSON.stringify(input.data ?? {})))}, now() + make_interval(secs => ${input.ttlSeconds}))`;
  return id;
}

/**
 * Consumes a long random secret (link, transfer code, OAuth2 state) in one atomic UPDATE: only
 * an unconsumed, unexpired token of this kind issued in this community matches, and only once.
 */
export async function consumeOneTimeToken(db: Db, input: { communityId: string; kind: OneTimeKind; secret: string }): Promise<OneTimeToken | undefined> {
  const [row] = await db<OneTimeToken[]>`
    update auth_tokens set consumed_at = now()
    where kind = ${input.kind} and token_hash = ${Buffer.from(hashSecret(input.secret))} and community_id = ${input.communityId}
      and consumed_at is null and expires_at > now()
    returning ${db.unsafe(COLUMNS)}`;
  return row;
}

/** The newest open (unconsumed, unexpired) token of a kind for an e-mail in a community. */
export async function findOpenEmailToken(
  db: Db,
  input: { communityId: string; kind: OneTimeKind; email: string },
): Promise<(OneTimeToken & { tokenHash: Uint8Array }) | undefined> {
  const [row] = await db<(OneTimeToken & { tokenHash: Uint8Array })[]>`
    select ${db.unsafe(COLUMNS)}, token_hash as "tokenHash" from auth_tokens
    where community_id = ${input.communityId} and kind = ${input.kind} and email = ${input.email}
      and consumed_at is null and expires_at > now()
    order by created_at desc limit 1`;
  return row;
}

/** Constant-time check of a short secret against a row issued with `saltWithId`. */
export function saltedSecretMatches(row: { id: string; tokenHash: Uint8Array }, secret: string): boolean {
  return secretsEqual(new Uint8Array(saltedHash(row.id, secret)), new Uint8Array(row.tokenHash));
}

/**
 * Counts a wrong guess against a token; once `maxAttempts` is reached the token is burned
 * (consumed), so it can never be used afterwards, not even with the right secret.
 */
export async function recordFailedAttempt(db: Db, id: string, maxAttempts: number): Promise<void> {
  await db`
    update auth_tokens
    set attempts = attempts + 1,
        consumed_at = case when attempts + 1 >= ${maxAttempts} then now() else consumed_at end
    where id = ${id}`;
}

/** Consumes a token found by id, atomically and only while it is still usable. */
export async function consumeTokenById(db: Db, id: string, maxAttempts: number): Promise<OneTimeToken | undefined> {
  const [row] = await db<OneTimeToken[]>`
    update auth_tokens set consumed_at = now()
    where id = ${id} and consumed_at is null and expires_at > now() and attempts < ${maxAttempts}
    returning ${db.unsafe(COLUMNS)}`;
  return row;
}
