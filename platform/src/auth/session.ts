import type { ParticipantSnapshot } from "../authz/roles.ts";
import { SESSION_COOKIE } from "../http/session-cookie.ts";
import type { Db } from "../db/client.ts";
import { hashSecret, randomToken, secretsEqual } from "../lib/crypto.ts";

/** Lucia-guide sessions: token `<id>.<secret>`, only SHA-256(secret) stored. */
export const SESSION_INACTIVITY_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_RENEW_AFTER_MS = 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;

export type Session = {
  id: string;
  userId: string;
  communityId: string;
  authMethod: string;
  createdAt: Date;
  lastVerifiedAt: Date;
};

export type SessionUser = { id: string; email: string | null; isOperator: boolean; enabled: boolean };

export type { ParticipantSnapshot };

/** A valid session with its user and the user's participant in the session's community. */
export type ValidSession = { session: Session; user: SessionUser; participant: ParticipantSnapshot | null };

export async function createSession(
  db: Db,
  input: { userId: string; communityId: string; authMethod: string },
): Promise<{ token: string; session: Session }> {
  // 128-bit id and 160-bit secret, both from the CSPRNG.
  const id = randomToken(16);
  const secret = randomToken(20);
  const [row] = await db<Session[]>`
    insert into sessions (id, secret_hash, user_id, community_id, auth_method)
    values (${id}, ${Buffer.from(hashSecret(secret))}, ${input.userId}, ${input.communityId}, ${input.authMethod})
    returning id, user_id as "userId", community_id as "communityId", auth_method as "authMethod",
              created_at as "createdAt", last_verified_at as "lastVerifiedAt"`;
  if (!row) throw new Error("session insert returned nothing");
  await db`update users set last_login_at = now() where id = ${input.userId}`;
  return { token: `${id}.${secret}`, session: row };
}

/**
 * Returns the session and its user when the token is valid for `communityId`; null otherwise
 * (unknown, wrong secret, idle > 30 days, older than 90 days, other community, deleted user).
 * Renews the idle timer at most once an hour.
 */
export async function validateSessionToken(
  db: Db,
  token: string,
  communityId: string,
): Promise<ValidSession | null> {
  const dot = token.indexOf(".");
  if (dot <= 0 || dot === token.length - 1 || token.length > 200) return null;
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  // The participant comes in the same round trip: almost every signed-in request needs it.
  const [row] = await db<
    (Session & {
      secretHash: Uint8Array;
      email: string | null;
      isOperator: boolean;
      enabled: boolean;
      deletedAt: Date | null;
      participantId: string | null;
      participantRole: ParticipantSnapshot["role"] | null;
      moderationStatus: ParticipantSnapshot["moderationStatus"] | null;
      profileCompleted: boolean | null;
    })[]
  >`
    select s.id, s.user_id as "userId", s.community_id as "communityId", s.auth_method as "authMethod",
           s.created_at as "createdAt", s.last_verified_at as "lastVerifiedAt", s.secret_hash as "secretHash",
           u.email, u.is_operator as "isOperator", u.enabled, u.deleted_at as "deletedAt",
           p.id as "participantId", p.role as "participantRole", p.moderation_status as "moderationStatus",
           p.profile_completed_at is not null as "profileCompleted"
    from sessions s join users u on u.id = s.user_id
    left join participants p on p.community_id = s.community_id and p.user_id = s.user_id
    where s.id = ${id}`;
  if (!row) return null;
  if (!secretsEqual(hashSecret(secret), new Uint8Array(row.secretHash))) return null;
  const now = Date.now();
  if (now - row.lastVerifiedAt.getTime() >= SESSION_INACTIVITY_MS || now - row.createdAt.getTime() >= SESSION_ABSOLUTE_MS || row.deletedAt) {
    await db`delete from sessions where id = ${id}`;
    return null;
  }
  // A session is bound to the community it was made in; elsewhere it is worth nothing.
  if (row.communityId !== communityId) return null;
  if (now - row.lastVerifiedAt.getTime() >= SESSION_RENEW_AFTER_MS) {
    await db`update sessions set last_verified_at = now() where id = ${id}`;
  }
  const session: Session = {
    id: row.id,
    userId: row.userId,
    communityId: row.communityId,
    authMethod: row.authMethod,
    createdAt: row.createdAt,
    lastVerifiedAt: row.lastVerifiedAt,
  };
  const participant: ParticipantSnapshot | null =
    row.participantId && row.participantRole && row.moderationStatus
      ? { id: row.participantId, role: row.participantRole, moderationStatus: row.moderationStatus, profileCompleted: row.profileCompleted === true }
      : null;
  return { session, user: { id: row.userId, email: row.email, isOperator: row.isOperator, enabled: row.enabled }, participant };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db`delete from sessions where id = ${sessionId}`;
}

/** Ends every session of the user, except `keepSessionId` when given. */
export async function invalidateUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  if (keepSessionId) await db`delete from sessions where user_id = ${userId} and id <> ${keepSessionId}`;
  else await db`delete from sessions where user_id = ${userId}`;
}

export function sessionCookie(token: string, maxAgeSeconds = SESSION_INACTIVITY_MS / 1000): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${Math.floor(maxAgeSeconds)}`;
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}
