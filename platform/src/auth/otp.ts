import type { Ctx } from "../context.ts";
import { withTx } from "../db/client.ts";
import { numericCode } from "../lib/crypto.ts";
import { AppError, ErrorCode, accessDenied } from "../lib/errors.ts";
import { assertUnderRateLimit, consumeRateLimit, type Limit, recordRateLimitHit, resetRateLimit } from "../lib/rate-limit.ts";
import { queueMail } from "../mail/service.ts";
import { consumeTokenById, findOpenEmailToken, issueOneTimeToken, recordFailedAttempt, saltedSecretMatches } from "./one-time-tokens.ts";
import { assertMethodAllowed, completeSignIn, type LoginResult } from "./sign-in.ts";
import { findOrCreateVerifiedUser, findUserByEmail, normalizeEmail } from "./users.ts";

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS_PER_CODE = 5;
/** Wrong codes per account (e-mail) whatever the IP; beyond it even the right code is refused. */
export const OTP_ACCOUNT_FAILURES: Limit = { limit: 5, windowSeconds: 30 * 60 };
/** Sign-in mails (codes and links together) per address and per IP. */
export const SIGNIN_MAIL_PER_EMAIL: Limit = { limit: 5, windowSeconds: 60 * 60 };
export const SIGNIN_MAIL_PER_IP: Limit = { limit: 30, windowSeconds: 60 * 60 };

const key = (email: string) => normalizeEmail(email).toLowerCase();

/**
 * Counts one sign-in mail (code or link) against the address and the client IP; 429 beyond.
 * Known and unknown addresses count alike, so the limit reveals nothing either.
 */
export async function consumeSignInMailBudget(ctx: Ctx, email: string): Promise<void> {
  if (ctx.ip) await consumeRateLimit(ctx.db, `signin-mail:ip:${ctx.ip}`, SIGNIN_MAIL_PER_IP);
  await consumeRateLimit(ctx.db, `signin-mail:email:${key(email)}`, SIGNIN_MAIL_PER_EMAIL);
}

/**
 * OTP / NONE: e-mails a 6-digit code. Unknown addresses get one too (the account is created on
 * the first successful validation), so the answer is the same whether an account exists or not.
 */
export async function requestLoginCode(ctx: Ctx, input: { email: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  await consumeSignInMailBudget(ctx, email);
  const user = await findUserByEmail(ctx.db, email);
  const code = numericCode(6);
  await withTx(ctx.db, async (tx) => {
    const id = await issueOneTimeToken(tx, {
      communityId: ctx.tenant.id,
      kind: "otp",
      secret: code,
      saltWithId: true,
      email,
      ttlSeconds: OTP_TTL_MINUTES * 60,
      supersede: true,
    });
    await queueMail(
      { ...ctx, db: tx },
      { to: email, template: "otp", lang: user?.preferredLang ?? ctx.tenant.config.lang, vars: { code, minutes: OTP_TTL_MINUTES }, dedupeKey: `otp:${id}` },
    );
  });
}

const invalidCode = () => new AppError(ErrorCode.INVALID_CODE, "Invalid one-time code");

/**
 * Checks and consumes the newest open code for the address in this community. Wrong guesses
 * count against the code (burned at 5) and against the account (429 at 5 per 30 minutes, even
 * for the right code afterwards, so spreading guesses over IPs or fresh codes does not help).
 */
async function checkAndConsumeCode(ctx: Ctx, input: { email: string; code: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  const failuresKey = `otp-fail:${key(email)}`;
  await assertUnderRateLimit(ctx.db, failuresKey, OTP_ACCOUNT_FAILURES);
  const row = await findOpenEmailToken(ctx.db, { communityId: ctx.tenant.id, kind: "otp", email });
  const code = input.code.trim();
  if (!row || !saltedSecretMatches(row, code)) {
    if (row) await recordFailedAttempt(ctx.db, row.id, OTP_MAX_ATTEMPTS_PER_CODE);
    await recordRateLimitHit(ctx.db, failuresKey, OTP_ACCOUNT_FAILURES);
    throw invalidCode();
  }
  // Two concurrent submissions of the right code: only one UPDATE wins.
  if (!(await consumeTokenById(ctx.db, row.id, OTP_MAX_ATTEMPTS_PER_CODE))) throw invalidCode();
  await resetRateLimit(ctx.db, failuresKey);
}

/** OTP / NONE: exchanges the e-mailed code for a session, creating the account on first use. */
export async function loginWithCode(ctx: Ctx, input: { email: string; code: string }): Promise<LoginResult> {
  await checkAndConsumeCode(ctx, input);
  const { user } = await findOrCreateVerifiedUser(ctx.db, {
    email: normalizeEmail(input.email),
    homeCommunityId: ctx.tenant.id,
    preferredLang: ctx.tenant.config.lang,
  });
  if (!user.enabled) throw accessDenied("This account is disabled");
  const method = ctx.tenant.config.authConfig.some((a) => a.authType === "OTP") ? "OTP" : "NONE";
  return completeSignIn(ctx, user, method);
}

/**
 * Checks and consumes an e-mailed code for the signed-in user's own address without creating a
 * session (confirms sensitive actions such as deleting a passwordless account). Counts failures
 * like sign-in does.
 */
export async function consumeLoginCode(ctx: Ctx, input: { email: string; code: string }): Promise<boolean> {
  try {
    await checkAndConsumeCode(ctx, input);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.INVALID_CODE) return false;
    throw err;
  }
}

/** POST /api/auth/otp/challenge. */
export async function challengeOtp(ctx: Ctx, input: { email: string }): Promise<{ status: "CODE_SENT" }> {
  assertMethodAllowed(ctx.tenant, "OTP", "NONE");
  await requestLoginCode(ctx, input);
  return { status: "CODE_SENT" };
}

/** POST /api/auth/otp/validate: `password` is the code, as in the spec's payload. */
export async function validateOtp(ctx: Ctx, input: { email: string; code: string }): Promise<LoginResult> {
  assertMethodAllowed(ctx.tenant, "OTP", "NONE");
  return loginWithCode(ctx, input);
}
