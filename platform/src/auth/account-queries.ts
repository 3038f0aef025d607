import type { Db } from "../db/client.ts";

export type AccountTokenKind = "recovery" | "email_confirm";

/** Makes every still-open token of this kind for the user unusable (a newer one superseded them). */
export async function consumeOpenAccountTokens(db: Db, userId: string, kind: AccountTokenKind): Promise<void> {
  await db`update auth_tokens set consumed_at = now() where user_id = ${userId} and kind = ${kind} and consumed_at is null`;
}

export async function markEmailVerified(db: Db, userId: string): Promise<boolean> {
  const rows = await db`
    update users set email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
    where id = ${userId} and deleted_at is null returning id`;
  return rows.length > 0;
}

/** Sets a new password hash; the caller proved the address, so it is also marked verified. */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string, opts: { verifyEmail: boolean }): Promise<void> {
  await db`
    update users set password_hash = ${passwordHash}, updated_at = now(),
      email_verified_at = ${opts.verifyEmail ? db`coalesce(email_verified_at, now())` : db`email_verified_at`}
    where id = ${userId} and deleted_at is null`;
}

/** Moves the account to a confirmed new address. */
export async function setUserEmail(db: Db, userId: string, email: string): Promise<boolean> {
  const rows = await db`
    update users set email = ${email}, email_verified_at = now(), updated_at = now()
    where id = ${userId} and deleted_at is null returning id`;
  return rows.length > 0;
}

export async function setPolicyAgreed(db: Db, userId: string): Promise<void> {
  await db`update users set policy_agreed_at = now(), updated_at = now() where id = ${userId} and policy_agreed_at is null`;
}

/** The first accepted invitation wins; later ones leave invited_by alone. */
export async function setInvitedByIfUnset(db: Db, userId: string, participantId: string): Promise<void> {
  await db`update users set invited_by = ${participantId}, updated_at = now() where id = ${userId} and invited_by is null`;
}

/**
 * Soft delete, in the caller's transaction: the users row stays (audit rows and other members'
 * history may point at it) but loses its e-mail and password, so the address can register again.
 * Everything else about the person goes, in every community: sessions, identities, tokens, push
 * subscriptions, mailing records, queued and sent mail to the address, invitations to it, and the
 * participants, whose removal cascades to answers, matches, relations, bookmarks, intros, feedback,
 * chat memberships, notifications and event participations. Messages the person wrote stay in the
 * other members' chats with no sender (the chat shows "Former member"). Returns the stored media
 * keys, to be removed from storage once the transaction commits.
 */
export async function softDeleteUser(db: Db, userId: string): Promise<string[]> {
  const [old] = await db<{ email: string | null }[]>`select email from users where id = ${userId} for update`;
  const email = old?.email ?? null;
  await db`delete from sessions where user_id = ${userId}`;
  await db`delete from user_identities where user_id = ${userId}`;
  await db`delete from web_push_subscriptions where user_id = ${userId}`;
  await db`delete from mailing_recipients where user_id = ${userId}`;
  await db`delete from mail_unsubscribes where user_id = ${userId}`;
  // Two statements, so that the join to participants stays tied to the community (docs/operations.md,
  // "Past one database"): the person's uploads, and the media of their participants.
  const media = [
    ...(await db<{ keys: Record<string, string> }[]>`delete from media_objects where owner_user_id = ${userId} returning keys`),
    ...(await db<{ keys: Record<string, string> }[]>`
      delete from media_objects where (community_id, participant_id) in (select community_id, id from participants where user_id = ${userId})
      returning keys`),
  ];
  // Connect codes name a participant without a foreign key (migration 068): they go with it.
  await db`delete from telegram_connect_codes where user_id = ${userId}`;
  await db`delete from participants where user_id = ${userId}`;
  await db`delete from auth_tokens where user_id = ${userId} or (${email}::citext is not null and email = ${email})`;
  if (email) {
    await db`delete from mail_outbox where to_email = ${email}`;
    await db`delete from invitations where email = ${email}`;
  }
  await db`
    update users set deleted_at = now(), email = null, password_hash = null, invited_by = null, updated_at = now()
    where id = ${userId} and deleted_at is null`;
  return media.flatMap((m) => Object.values(m.keys));
}

export type SessionInfoRow = { userId: string; communityId: string; authMethod: string; createdAt: Date; lastVerifiedAt: Date };

export async function findSessionInfo(db: Db, sessionId: string): Promise<SessionInfoRow | undefined> {
  const [row] = await db<SessionInfoRow[]>`
    select user_id as "userId", community_id as "communityId", auth_method as "authMethod",
           created_at as "createdAt", last_verified_at as "lastVerifiedAt"
    from sessions where id = ${sessionId}`;
  return row;
}
