import type { Ctx } from "../context.ts";
import { AppError, ErrorCode } from "../lib/errors.ts";
import { assertUnderRateLimit, consumeRateLimit, type Limit, recordRateLimitHit, resetRateLimit } from "../lib/rate-limit.ts";
import { verifyPassword } from "./password.ts";
import { completeSignIn, type LoginResult } from "./sign-in.ts";
import { findUserByEmail, normalizeEmail } from "./users.ts";

/**
 * Failed passwords per e-mail, and all login attempts per client IP. Accounts are global, so
 * neither key names the community: a guesser gets one budget however many communities exist.
 */
export const LOGIN_FAILURES_PER_EMAIL: Limit = { limit: 10, windowSeconds: 15 * 60 };
export const LOGIN_ATTEMPTS_PER_IP: Limit = { limit: 100, windowSeconds: 15 * 60 };

export const invalidCredentials = () => new AppError(ErrorCode.INVALID_CREDENTIALS, "Invalid login or password");

export function loginFailureKey(email: string): string {
  return `login:fail:${normalizeEmail(email).toLowerCase()}`;
}

/**
 * EMAIL sign-in: e-mail + password. A wrong password, an unknown account and an account without a
 * password answer the same 1011 in about the same time, so the answer never reveals an account.
 * Once an address has 10 failures in the window even the right password is refused, otherwise
 * the limit would tell a guesser when they hit.
 */
export async function loginWithPassword(ctx: Ctx, input: { email: string; password: string }): Promise<LoginResult> {
  if (ctx.ip) await consumeRateLimit(ctx.db, `login:ip:${ctx.ip}`, LOGIN_ATTEMPTS_PER_IP);
  const failKey = loginFailureKey(input.email);
  await assertUnderRateLimit(ctx.db, failKey, LOGIN_FAILURES_PER_EMAIL);

  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await recordRateLimitHit(ctx.db, failKey, LOGIN_FAILURES_PER_EMAIL);
    throw invalidCredentials();
  }
  await resetRateLimit(ctx.db, failKey);
  return completeSignIn(ctx, user, "EMAIL");
}
