import type { Ctx } from "../context.ts";
import { withTx } from "../db/client.ts";
import { safeBackTo } from "../lib/back-to.ts";
import { randomToken } from "../lib/crypto.ts";
import { AppError, ErrorCode, accessDenied } from "../lib/errors.ts";
import { queueMail } from "../mail/service.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";
import { consumeSignInMailBudget } from "./otp.ts";
import { assertMethodAllowed, completeSignIn, type LoginResult } from "./sign-in.ts";
import { findOrCreateVerifiedUser, findUserByEmail, normalizeEmail } from "./users.ts";

export const MAGIC_TTL_MINUTES = 15;

/**
 * The link always starts with the tenant's configured URL, never with the request's Host (a
 * spoofed Host would otherwise send the secret to an attacker's domain).
 */
export function magicLinkUrl(tenantUrl: string, token: string, backTo: string | null): string {
  const url = `${tenantUrl}/auth-magic?url_auth_token=${encodeURIComponent(token)}`;
  return backTo ? `${url}&back_to=${encodeURIComponent(backTo)}` : url;
}

/** MAGIC: e-mails a one-time sign-in link (160-bit secret, 15 minutes, single use). */
export async function requestMagicLink(ctx: Ctx, input: { email: string; backTo: string | null }): Promise<void> {
  const email = normalizeEmail(input.email);
  const backTo = safeBackTo(input.backTo);
  await consumeSignInMailBudget(ctx, email);
  const user = await findUserByEmail(ctx.db, email);
  const token = randomToken(20);
  await withTx(ctx.db, async (tx) => {
    const id = await issueOneTimeToken(tx, {
      communityId: ctx.tenant.id,
      kind: "magic",
      secret: token,
      email,
      data: { backTo },
      ttlSeconds: MAGIC_TTL_MINUTES * 60,
    });
    await queueMail(
      { ...ctx, db: tx },
      {
        to: email,
        template: "magic_link",
        lang: user?.preferredLang ?? ctx.tenant.config.lang,
        vars: { link: magicLinkUrl(ctx.tenant.url, token, backTo), minutes: MAGIC_TTL_MINUTES },
        dedupeKey: `magic:${id}`,
      },
    );
  });
}

export type MagicResult = LoginResult & { backTo: string | null };

/** POST /api/auth/auth-magic: a link works once, only in the community that sent it. */
export async function signInWithMagicLink(ctx: Ctx, input: { token: string; backTo?: string | null | undefined }): Promise<MagicResult> {
  assertMethodAllowed(ctx.tenant, "MAGIC");
  const row = await consumeOneTimeToken(ctx.db, { communityId: ctx.tenant.id, kind: "magic", secret: input.token });
  if (!row?.email) throw new AppError(ErrorCode.INVALID_LINK, "This sign-in link is invalid or has expired");
  const { user } = await findOrCreateVerifiedUser(ctx.db, { email: row.email, homeCommunityId: ctx.tenant.id, preferredLang: ctx.tenant.config.lang });
  if (!user.enabled) throw accessDenied("This account is disabled");
  const result = await completeSignIn(ctx, user, "MAGIC");
  const stored = typeof row.data.backTo === "string" ? row.data.backTo : null;
  return { ...result, backTo: safeBackTo(input.backTo ?? stored) };
}
