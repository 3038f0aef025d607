import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { randomToken, stringsEqual } from "../lib/crypto.ts";
import { AppError, ErrorCode, accessDenied, notFound, validation } from "../lib/errors.ts";
import { assertUnderRateLimit, consumeRateLimit, type Limit, recordRateLimitHit, resetRateLimit } from "../lib/rate-limit.ts";
import { mediaStorage } from "../images/storage.ts";
import { queueMail } from "../mail/service.ts";
import { findParticipant, listMyParticipants, type MyCommunityRow, upsertAdminParticipant } from "../participant/queries.ts";
import { emitWebhook } from "../webhooks/index.ts";
import {
  consumeOpenAccountTokens,
  findSessionInfo,
  markEmailVerified,
  setInvitedByIfUnset,
  setPasswordHash,
  setPolicyAgreed,
  setUserEmail,
  softDeleteUser,
} from "./account-queries.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";
import { consumeLoginCode } from "./otp.ts";
import { invalidCredentials, loginFailureKey } from "./password-login.ts";
import { checkPasswordPolicy, hashPassword, verifyPassword } from "./password.ts";
import { requireUser } from "../authz/index.ts";
import { SESSION_ABSOLUTE_MS, SESSION_INACTIVITY_MS, invalidateSession, invalidateUserSessions } from "./session.ts";
import { assertMethodAllowed, completeSignIn, type LoginResult } from "./sign-in.ts";
import { type UserRow, findUserByEmail, findUserById, insertUser, normalizeEmail } from "./users.ts";

// Link tokens: 160 bits from the CSPRNG (at least 112 required), stored only as SHA-256.
const LINK_TOKEN_BYTES = 20;
export const EMAIL_CONFIRM_TTL_SECONDS = 7 * 24 * 60 * 60;
export const RECOVERY_TTL_MINUTES = 60;

export const REGISTRATIONS_PER_IP: Limit = { limit: 10, windowSeconds: 60 * 60 };
export const CONFIRM_RESENDS_PER_USER: Limit = { limit: 5, windowSeconds: 60 * 60 };
export const RECOVERY_PER_EMAIL: Limit = { limit: 5, windowSeconds: 60 * 60 };
export const RECOVERY_PER_IP: Limit = { limit: 20, windowSeconds: 60 * 60 };
/** Wrong admin registration secrets per IP (a right one is not counted). */
export const ADMIN_REGISTRATIONS_PER_IP: Limit = { limit: 10, windowSeconds: 60 * 60 };
/** Wrong current passwords from a signed-in session (a stolen token must not become an oracle). */
export const PASSWORD_CONFIRM_FAILURES: Limit = { limit: 10, windowSeconds: 15 * 60 };

export type Ok = { ok: true };
const OK: Ok = { ok: true };

const invalidLink = () => new AppError(ErrorCode.INVALID_LINK, "The link is invalid or has expired");
const invalidPassword = () => new AppError(ErrorCode.INVALID_PASSWORD, "Invalid password", { errors: { password: "invalid" } });

/**
 * Per-IP limits apply when the client address is known (the node server always knows it; an
 * in-process caller such as the CLI has none). Keys are not namespaced by community: one client
 * gets one budget however many communities it calls.
 */
async function limitPerIp(ctx: Ctx, scope: string, limit: Limit): Promise<void> {
  if (ctx.ip) await consumeRateLimit(ctx.db, `${scope}:ip:${ctx.ip}`, limit);
}

/** Counts one hit; false (instead of a 429) once the window is full. */
async function tryConsume(ctx: Ctx, key: string, limit: Limit): Promise<boolean> {
  try {
    await consumeRateLimit(ctx.db, key, limit);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.RATE_LIMITED) return false;
    throw err;
  }
}

/** Checks the signed-in user's password for a sensitive action, counting failures. */
async function confirmWithPassword(ctx: Ctx, user: UserRow, password: string | undefined): Promise<void> {
  const key = `password-confirm:fail:${user.id}`;
  await assertUnderRateLimit(ctx.db, key, PASSWORD_CONFIRM_FAILURES);
  if (!password || !(await verifyPassword(user.passwordHash, password))) {
    await recordRateLimitHit(ctx.db, key, PASSWORD_CONFIRM_FAILURES);
    throw invalidPassword();
  }
  await resetRateLimit(ctx.db, key);
}

async function currentUser(ctx: Ctx): Promise<UserRow> {
  const actor = requireUser(ctx);
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, "Authentication required");
  return user;
}

/** Issues an e-mail confirmation link in the tenant of the request. `ctx.db` may be a transaction. */
async function sendEmailConfirmation(ctx: Ctx, user: Pick<UserRow, "id" | "preferredLang">, email: string): Promise<void> {
  const token = randomToken(LINK_TOKEN_BYTES);
  await issueOneTimeToken(ctx.db, {
    communityId: ctx.tenant.id,
    kind: "email_confirm",
    secret: token,
    email,
    userId: user.id,
    ttlSeconds: EMAIL_CONFIRM_TTL_SECONDS,
  });
  // The link comes from the tenant's configured URL, never from the request's Host header.
  const link = `${ctx.tenant.url}/confirmed?code=${encodeURIComponent(token)}`;
  await queueMail(ctx, { to: email, template: "email_confirm", lang: user.preferredLang, vars: { link } });
}

export type RegisterUserInput = { email: string; password: string; agreePolicy?: boolean | undefined };

/**
 * Self-registration with e-mail + password in the tenant of the request. A taken address is
 * reported (409), as the spec's registration screen shows that message.
 */
export async function registerUser(ctx: Ctx, input: RegisterUserInput): Promise<"OK"> {
  assertMethodAllowed(ctx.tenant, "EMAIL");
  await limitPerIp(ctx, "register", REGISTRATIONS_PER_IP);
  const password = await checkPasswordPolicy(input.password);
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError(ErrorCode.EMAIL_TAKEN, "This e-mail is already registered");
  const passwordHash = await hashPassword(password);
  await withTx(ctx.db, async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      passwordHash,
      homeCommunityId: ctx.tenant.id,
      preferredLang: ctx.tenant.config.lang,
      policyAgreed: input.agreePolicy === true,
    });
    await sendEmailConfirmation(withDb(ctx, tx), user, input.email);
    ctx.log.info({ userId: user.id }, "user registered");
  });
  return "OK";
}

/**
 * Anyone holding the link may confirm (it is often opened in another browser). A link from an
 * e-mail change (data.change) also moves the account to the new address, if it is still free.
 */
export async function confirmEmail(ctx: Ctx, input: { code: string }): Promise<Ok> {
  await withTx(ctx.db, async (tx) => {
    const token = await consumeOneTimeToken(tx, { communityId: ctx.tenant.id, kind: "email_confirm", secret: input.code });
    if (!token?.userId) throw invalidLink();
    if (token.data.change === true && token.email) {
      const taken = await findUserByEmail(tx, token.email);
      if (taken && taken.id !== token.userId) throw new AppError(ErrorCode.EMAIL_TAKEN, "This e-mail is already registered");
      if (!(await setUserEmail(tx, token.userId, token.email))) throw invalidLink();
      ctx.log.info({ userId: token.userId }, "e-mail changed");
      return;
    }
    if (!(await markEmailVerified(tx, token.userId))) throw invalidLink();
  });
  return OK;
}

/**
 * Starts an e-mail change: a confirmation link goes to the new address, and the account moves
 * there only when that link is opened (confirmEmail). A password account confirms with its password.
 */
export async function requestEmailChange(ctx: Ctx, input: { email: string; password?: string | undefined }): Promise<Ok> {
  const user = await currentUser(ctx);
  if (user.passwordHash) {
    if (!input.password) throw validation("Confirm with your password", { password: "required" });
    await confirmWithPassword(ctx, user, input.password);
  }
  if (user.email && normalizeEmail(user.email).toLowerCase() === normalizeEmail(input.email).toLowerCase()) {
    throw validation("This is already your e-mail", { email: "same" });
  }
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError(ErrorCode.EMAIL_TAKEN, "This e-mail is already registered");
  await consumeRateLimit(ctx.db, `email-change:${user.id}`, CONFIRM_RESENDS_PER_USER);
  const token = randomToken(LINK_TOKEN_BYTES);
  await withTx(ctx.db, async (tx) => {
    await issueOneTimeToken(tx, {
      communityId: ctx.tenant.id,
      kind: "email_confirm",
      secret: token,
      email: input.email,
      userId: user.id,
      data: { change: true },
      ttlSeconds: EMAIL_CONFIRM_TTL_SECONDS,
    });
    const link = `${ctx.tenant.url}/confirmed?code=${encodeURIComponent(token)}`;
    await queueMail(withDb(ctx, tx), { to: input.email, template: "email_confirm", lang: user.preferredLang, vars: { link } });
  });
  ctx.log.info({ userId: user.id }, "e-mail change requested");
  return OK;
}

/** Sends a new confirmation link to the signed-in user; an already confirmed address gets none. */
export async function resendEmailConfirmation(ctx: Ctx): Promise<Ok> {
  const user = await currentUser(ctx);
  await consumeRateLimit(ctx.db, `confirm-resend:${user.id}`, CONFIRM_RESENDS_PER_USER);
  if (user.emailVerifiedAt || !user.email) return OK;
  const email = user.email;
  await withTx(ctx.db, (tx) => sendEmailConfirmation(withDb(ctx, tx), user, email));
  return OK;
}

/**
 * Always answers the same, whether or not the account exists. The per-address limit drops the
 * excess silently (a 429 there would reveal the account); only the per-IP limit answers 429.
 */
export async function requestRecovery(ctx: Ctx, input: { email: string }): Promise<Ok> {
  assertMethodAllowed(ctx.tenant, "EMAIL");
  await limitPerIp(ctx, "recovery", RECOVERY_PER_IP);
  if (!(await tryConsume(ctx, `recovery:email:${normalizeEmail(input.email).toLowerCase()}`, RECOVERY_PER_EMAIL))) return OK;
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user?.email) return OK;
  const email = user.email;
  const token = randomToken(LINK_TOKEN_BYTES);
  await withTx(ctx.db, async (tx) => {
    await issueOneTimeToken(tx, {
      communityId: ctx.tenant.id,
      kind: "recovery",
      secret: token,
      email,
      userId: user.id,
      ttlSeconds: RECOVERY_TTL_MINUTES * 60,
    });
    const link = `${ctx.tenant.url}/confirm-recovery?code=${encodeURIComponent(token)}`;
    await queueMail(withDb(ctx, tx), { to: email, template: "recovery", lang: user.preferredLang, vars: { link, minutes: RECOVERY_TTL_MINUTES } });
  });
  return OK;
}

/**
 * Sets a new password from a recovery link. The link proves the address (so it becomes
 * verified), every session of the account ends (whoever held one may be the reason for the
 * reset), and the caller gets a fresh session.
 */
export async function confirmRecovery(ctx: Ctx, input: { code?: string | undefined; password: string }): Promise<LoginResult> {
  assertMethodAllowed(ctx.tenant, "EMAIL");
  if (!input.code) throw new AppError(ErrorCode.NO_RECOVERY_CODE, "No recovery code in the request. Use the link again");
  const code = input.code;
  // Policy before the code is spent, so a weak password does not burn the link.
  const passwordHash = await hashPassword(await checkPasswordPolicy(input.password));
  return withTx(ctx.db, async (tx) => {
    const token = await consumeOneTimeToken(tx, { communityId: ctx.tenant.id, kind: "recovery", secret: code });
    const user = token?.userId ? await findUserById(tx, token.userId) : undefined;
    if (!user) throw invalidLink();
    await setPasswordHash(tx, user.id, passwordHash, { verifyEmail: true });
    await consumeOpenAccountTokens(tx, user.id, "recovery");
    await invalidateUserSessions(tx, user.id);
    if (user.email) await resetRateLimit(tx, loginFailureKey(user.email));
    ctx.log.info({ userId: user.id }, "password reset");
    return completeSignIn(withDb(ctx, tx), user, "RECOVERY");
  });
}

/** Changes the password; every other session of the user ends, the current one stays. */
export async function changePassword(ctx: Ctx, input: { currentPassword: string; newPassword: string }): Promise<Ok> {
  const actor = requireUser(ctx);
  const user = await currentUser(ctx);
  await confirmWithPassword(ctx, user, input.currentPassword);
  const passwordHash = await hashPassword(await checkPasswordPolicy(input.newPassword));
  await withTx(ctx.db, async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, { verifyEmail: false });
    await consumeOpenAccountTokens(tx, user.id, "recovery");
    await invalidateUserSessions(tx, user.id, actor.sessionId);
  });
  ctx.log.info({ userId: user.id }, "password changed");
  return OK;
}

export async function agreePolicy(ctx: Ctx): Promise<Ok> {
  const actor = requireUser(ctx);
  await setPolicyAgreed(ctx.db, actor.userId);
  return OK;
}

/**
 * Accepts an invitation: `participantId` is the inviter's participant id in this community.
 * Another community's participant is indistinguishable from a missing one.
 */
export async function acceptInvitation(ctx: Ctx, input: { participantId: string }): Promise<Ok> {
  const actor = requireUser(ctx);
  const inviter = await findParticipant(ctx.db, ctx.tenant.id, { id: input.participantId });
  if (!inviter) throw notFound("Invitation not found");
  if (inviter.userId === actor.userId) throw validation("You cannot accept your own invitation", { id: "self" });
  await setInvitedByIfUnset(ctx.db, actor.userId, inviter.id);
  return OK;
}

/**
 * Bootstraps a community admin with the operator's registration secret. An existing account must
 * prove its password; a new one is created. Either way the user becomes a confirmed admin of the
 * tenant of the request and is signed in.
 */
export async function registerAdmin(ctx: Ctx, input: { secret: string | undefined; email: string; password: string }): Promise<LoginResult> {
  const expected = ctx.deps.config.adminRegistrationSecret;
  if (!expected) throw new AppError(ErrorCode.NOT_CONFIGURED, "Admin registration is not configured on this server");
  // The limit guards the secret against guessing: only wrong secrets count, so the operator (or a
  // provisioning script) holding it can bootstrap as many admins as it needs.
  const key = ctx.ip ? `register-admin:ip:${ctx.ip}` : null;
  if (key) await assertUnderRateLimit(ctx.db, key, ADMIN_REGISTRATIONS_PER_IP);
  if (input.secret === undefined || !stringsEqual(input.secret, expected)) {
    if (key) await recordRateLimitHit(ctx.db, key, ADMIN_REGISTRATIONS_PER_IP);
    throw accessDenied();
  }

  const existing = await findUserByEmail(ctx.db, input.email);
  let passwordHash: string | null = null;
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, input.password))) throw invalidCredentials();
  } else {
    passwordHash = await hashPassword(await checkPasswordPolicy(input.password));
  }
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    let user = existing;
    if (!user) {
      user = await insertUser(tx, { email: input.email, passwordHash, homeCommunityId: ctx.tenant.id, preferredLang: ctx.tenant.config.lang });
      await sendEmailConfirmation(txCtx, user, input.email);
    }
    await upsertAdminParticipant(tx, ctx.tenant.id, user.id);
    ctx.log.info({ userId: user.id }, "community admin registered");
    return completeSignIn(txCtx, user, "EMAIL");
  });
}

/** A deleted account's member.left: ids only, the names went with the account (docs/decisions/0142). */
function memberLeftData(p: MyCommunityRow, userId: string) {
  return { participantId: p.id, userId, firstName: null, lastName: null, status: "left" as const };
}

/**
 * Deletes the signed-in user's own account (another id answers 404). A password account confirms
 * with its password, a passwordless one with a code e-mailed by the OTP flow.
 */
export async function deleteUser(ctx: Ctx, input: { userId: string; password?: string | undefined; code?: string | undefined }): Promise<Ok> {
  const actor = requireUser(ctx);
  if (actor.userId !== input.userId) throw notFound("User not found");
  const user = await currentUser(ctx);
  if (user.passwordHash) {
    if (!input.password) throw validation("Confirm with your password", { password: "required" });
    await confirmWithPassword(ctx, user, input.password);
  } else {
    if (!input.code) throw validation("Confirm with the code sent to your e-mail", { code: "required" });
    if (!user.email || !(await consumeLoginCode(ctx, { email: user.email, code: input.code }))) {
      throw new AppError(ErrorCode.INVALID_CODE, "Invalid one-time code", { errors: { code: "invalid" } });
    }
  }
  const mediaKeys = await withTx(ctx.db, async (tx) => {
    // Every community the person leaves hears of it (member.left) in the transaction that removes them.
    for (const p of await listMyParticipants(tx, user.id, ctx.tenant.id)) {
      await emitWebhook({ db: tx, deps: ctx.deps, tenant: { id: p.communityId } }, "member.left", memberLeftData(p, user.id), p.id);
    }
    return softDeleteUser(tx, user.id);
  });
  if (mediaKeys.length > 0) {
    try {
      await mediaStorage(ctx.deps.config).delete(mediaKeys);
    } catch (err) {
      // The rows are gone already; a file left behind is referenced by nothing.
      ctx.log.warn({ err, keys: mediaKeys }, "could not delete media files");
    }
  }
  ctx.log.info({ userId: user.id }, "account deleted");
  return OK;
}

export async function logout(ctx: Ctx): Promise<Ok> {
  const actor = requireUser(ctx);
  await invalidateSession(ctx.db, actor.sessionId);
  return OK;
}

export type SessionInfo = { userId: string; communityId: string; authMethod: string; createdAt: string; expiresAt: string };

/** The current session; it expires at the earlier of the idle and the absolute limit. */
export async function getSessionInfo(ctx: Ctx): Promise<SessionInfo> {
  const actor = requireUser(ctx);
  const s = await findSessionInfo(ctx.db, actor.sessionId);
  if (!s) throw new AppError(ErrorCode.UNAUTHENTICATED, "Authentication required");
  const expiresAt = Math.min(s.lastVerifiedAt.getTime() + SESSION_INACTIVITY_MS, s.createdAt.getTime() + SESSION_ABSOLUTE_MS);
  return {
    userId: s.userId,
    communityId: s.communityId,
    authMethod: s.authMethod,
    createdAt: s.createdAt.toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
  };
}
