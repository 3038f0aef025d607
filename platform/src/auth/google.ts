import { createRemoteJWKSet, errors as joseErrors, type JWTPayload, jwtVerify } from "jose";
import type { GoogleConfig } from "../config.ts";
import type { Ctx } from "../context.ts";
import { withTx } from "../db/client.ts";
import { AppError, ErrorCode, accessDenied } from "../lib/errors.ts";
import type { TenantConfig } from "../tenancy/schema.ts";
import { assertMethodAllowed, completeSignIn, type LoginResult } from "./sign-in.ts";
import { findUserByEmail, findUserById, insertUser, normalizeEmail, type UserRow } from "./users.ts";

type RemoteKeySet = ReturnType<typeof createRemoteJWKSet>;
const keySets = new Map<string, RemoteKeySet>();

/** One remote key set per URL for the process lifetime: jose caches and refreshes the keys itself. */
export function remoteKeySet(url: string): RemoteKeySet {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

export const invalidIdToken = () => new AppError(ErrorCode.INVALID_CREDENTIALS, "Invalid identity token");

/**
 * Verifies an ID token's signature (JWKS), issuer, audience and expiry. A key set that cannot be
 * fetched is the provider's failure (502); anything wrong with the token itself is 401 1011.
 */
export async function verifyIdToken(
  ctx: Ctx,
  token: string,
  opts: { jwksUrl: string; issuer: string | string[]; audience: string },
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, remoteKeySet(opts.jwksUrl), { issuer: opts.issuer, audience: opts.audience, requiredClaims: ["sub", "exp"] });
    return payload;
  } catch (err) {
    if (err instanceof joseErrors.JWKSTimeout || (err instanceof TypeError && !(err instanceof joseErrors.JOSEError))) {
      ctx.log.warn({ jwksUrl: opts.jwksUrl, reason: err.message }, "identity provider key set unavailable");
      throw new AppError(ErrorCode.UPSTREAM_FAILED, "The identity provider is not reachable. Please try again later");
    }
    ctx.log.info({ reason: err instanceof joseErrors.JOSEError ? err.code : "malformed" }, "identity token refused");
    throw invalidIdToken();
  }
}

export type ExternalIdentity = { issuer: string; subject: string; email: string | null; emailVerified: boolean };

/**
 * The account behind an external identity. Identities are keyed by (issuer, subject), never by
 * e-mail; a new identity is linked to an existing account by e-mail only when the provider
 * vouches for the address (email_verified === true). An unverified address that belongs to
 * another account is refused (1012) rather than handing that account over.
 */
export async function findOrCreateExternalUser(ctx: Ctx, identity: ExternalIdentity): Promise<UserRow> {
  return withTx(ctx.db, async (tx) => {
    const [linked] = await tx<{ userId: string }[]>`
      select user_id as "userId" from user_identities where issuer = ${identity.issuer} and subject = ${identity.subject}`;
    if (linked) {
      const user = await findUserById(tx, linked.userId);
      if (user) {
        await tx`update user_identities set email = ${identity.email} where issuer = ${identity.issuer} and subject = ${identity.subject}`;
        return user;
      }
      // The account was deleted: the identity starts over.
      await tx`delete from user_identities where issuer = ${identity.issuer} and subject = ${identity.subject}`;
    }
    if (!identity.email) throw new AppError(ErrorCode.VALIDATION, "The identity provider did not share an e-mail address");
    const email = normalizeEmail(identity.email);
    let user = await findUserByEmail(tx, email);
    if (user) {
      if (!identity.emailVerified) throw new AppError(ErrorCode.EMAIL_TAKEN, "This e-mail is already registered; sign in another way");
      if (!user.emailVerifiedAt) await tx`update users set email_verified_at = now() where id = ${user.id}`;
    } else {
      user = await insertUser(tx, { email, homeCommunityId: ctx.tenant.id, preferredLang: ctx.tenant.config.lang, emailVerified: identity.emailVerified });
    }
    await tx`
      insert into user_identities (issuer, subject, user_id, email)
      values (${identity.issuer}, ${identity.subject}, ${user.id}, ${email})
      on conflict (issuer, subject) do nothing`;
    return user;
  });
}

/** Turns verified claims into an identity; email_verified counts only when it is literally true. */
export function identityFromClaims(payload: JWTPayload): ExternalIdentity {
  if (typeof payload.iss !== "string" || typeof payload.sub !== "string" || !payload.sub) throw invalidIdToken();
  return {
    issuer: payload.iss,
    subject: payload.sub,
    email: typeof payload.email === "string" && payload.email.trim() ? payload.email.trim().toLowerCase() : null,
    emailVerified: payload.email_verified === true,
  };
}

/** The client id a community's Google ID tokens must be issued to: its own, else the server's GOOGLE_CLIENT_ID. */
export function googleClientId(tenantConfig: Pick<TenantConfig, "authConfig">, google: Pick<GoogleConfig, "clientId">): string | undefined {
  return tenantConfig.authConfig.find((a) => a.authType === "GOOGLE")?.externalContent?.clientId ?? google.clientId;
}

/** GOOGLE: verifies an ID token against the configured JWKS and signs the account in. */
export async function loginWithGoogle(ctx: Ctx, input: { idToken: string }): Promise<LoginResult> {
  assertMethodAllowed(ctx.tenant, "GOOGLE");
  const audience = googleClientId(ctx.tenant.config, ctx.deps.config.google);
  if (!audience) throw new AppError(ErrorCode.NOT_CONFIGURED, "Google sign-in is not configured for this community");
  const payload = await verifyIdToken(ctx, input.idToken, { jwksUrl: ctx.deps.config.google.jwksUrl, issuer: ctx.deps.config.google.issuers, audience });
  const identity = identityFromClaims(payload);
  // Google signs with "accounts.google.com" or "https://accounts.google.com": one subject, one key.
  if (!/^https?:\/\//.test(identity.issuer)) identity.issuer = `https://${identity.issuer}`;
  const user = await findOrCreateExternalUser(ctx, identity);
  if (!user.enabled) throw accessDenied("This account is disabled");
  return completeSignIn(ctx, user, "GOOGLE");
}
