import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client, OAuth2RequestError } from "arctic";
import type { Ctx } from "../context.ts";
import { safeBackTo } from "../lib/back-to.ts";
import { randomToken, stringsEqual } from "../lib/crypto.ts";
import { AppError, ErrorCode } from "../lib/errors.ts";
import { findOrCreateExternalUser, identityFromClaims, verifyIdToken } from "./google.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";
import { assertMethodAllowed, isMethodAllowed } from "./sign-in.ts";
import { issueTransferCode } from "./transfer.ts";

export const OAUTH_STATE_COOKIE = "__Host-tuesday_oauth";
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
export const SSO_FAILED_LOCATION = "/login?error=sso_failed";
const DISCOVERY_TIMEOUT_MS = 5_000;
const DISCOVERY_CACHE_MS = 60 * 60 * 1000;

export type OAuth2Provider = {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  scopes: string[];
};

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };
const discoveryCache = new Map<string, { doc: Discovery; at: number }>();

const trimSlash = (s: string) => s.replace(/\/+$/, "");

async function discover(issuer: string): Promise<Discovery> {
  const hit = discoveryCache.get(issuer);
  if (hit && Date.now() - hit.at < DISCOVERY_CACHE_MS) return hit.doc;
  const res = await fetch(`${trimSlash(issuer)}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    headers: { accept: "application/json" },
  });
  if (!res.ok) throw new Error(`discovery answered ${res.status}`);
  const doc = (await res.json()) as Partial<Discovery>;
  if (
    typeof doc.issuer !== "string" ||
    typeof doc.authorization_endpoint !== "string" ||
    typeof doc.token_endpoint !== "string" ||
    typeof doc.jwks_uri !== "string"
  ) {
    throw new Error("discovery document is incomplete");
  }
  // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched for.
  if (trimSlash(doc.issuer) !== trimSlash(issuer)) throw new Error("discovery document names another issuer");
  const clean: Discovery = { issuer: doc.issuer, authorization_endpoint: doc.authorization_endpoint, token_endpoint: doc.token_endpoint, jwks_uri: doc.jwks_uri };
  discoveryCache.set(issuer, { doc: clean, at: Date.now() });
  return clean;
}

/** The tenant's provider block, with endpoints filled in from discovery and the secret from config. */
export async function resolveOAuth2Provider(ctx: Ctx): Promise<OAuth2Provider> {
  const block = ctx.tenant.config.authConfig.find((a) => a.authType === "OAUTH2")?.oauth2;
  if (!block) throw new AppError(ErrorCode.NOT_CONFIGURED, "Single sign-on is not configured for this community");
  let clientSecret: string | null = null;
  if (block.clientSecretRef) {
    clientSecret = ctx.deps.config.secrets[block.clientSecretRef] ?? null;
    if (!clientSecret) throw new AppError(ErrorCode.NOT_CONFIGURED, "Single sign-on is not configured for this community");
  }
  let { authorizationEndpoint, tokenEndpoint, jwksUri } = block;
  let issuer = block.issuer;
  if (!authorizationEndpoint || !tokenEndpoint || !jwksUri) {
    let doc: Discovery;
    try {
      doc = await discover(block.issuer);
    } catch (err) {
      ctx.log.warn({ issuer: block.issuer, reason: err instanceof Error ? err.message : String(err) }, "OpenID discovery failed");
      throw new AppError(ErrorCode.UPSTREAM_FAILED, "The sign-on provider is not reachable. Please try again later");
    }
    issuer = doc.issuer;
    authorizationEndpoint ??= doc.authorization_endpoint;
    tokenEndpoint ??= doc.token_endpoint;
    jwksUri ??= doc.jwks_uri;
  }
  return { issuer, clientId: block.clientId, clientSecret, authorizationEndpoint, tokenEndpoint, jwksUri, scopes: block.scopes };
}

export function oauth2RedirectUri(tenantUrl: string): string {
  return `${tenantUrl}/api/auth/oauth2/callback`;
}

/** Binds the state to this browser; SameSite=Lax still lets the provider's top-level redirect carry it. */
export function oauthStateCookie(state: string): string {
  return `${OAUTH_STATE_COOKIE}=${state}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${OAUTH_STATE_TTL_SECONDS}`;
}

export function clearOAuthStateCookie(): string {
  return `${OAUTH_STATE_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

export type Redirect = { location: string; setCookie: string };

/**
 * GET /api/auth/oauth2/authorize: authorization code flow with PKCE (S256), state and nonce.
 * The state row keeps the verifier and nonce server-side; the cookie proves the same browser returns.
 */
export async function startOAuth2(ctx: Ctx, input: { backTo?: string | undefined }): Promise<Redirect> {
  assertMethodAllowed(ctx.tenant, "OAUTH2");
  const provider = await resolveOAuth2Provider(ctx);
  const state = randomToken(20);
  const nonce = randomToken(20);
  const codeVerifier = generateCodeVerifier();
  await issueOneTimeToken(ctx.db, {
    communityId: ctx.tenant.id,
    kind: "oauth_state",
    secret: state,
    data: { codeVerifier, nonce, backTo: safeBackTo(input.backTo) },
    ttlSeconds: OAUTH_STATE_TTL_SECONDS,
  });
  const client = new OAuth2Client(provider.clientId, provider.clientSecret, oauth2RedirectUri(ctx.tenant.url));
  const url = client.createAuthorizationURLWithPKCE(provider.authorizationEndpoint, state, CodeChallengeMethod.S256, codeVerifier, provider.scopes);
  url.searchParams.set("nonce", nonce);
  return { location: url.toString(), setCookie: oauthStateCookie(state) };
}

class SsoFailure extends Error {}

export type CallbackInput = {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  cookieState?: string | undefined;
};

/**
 * GET /api/auth/oauth2/callback. Always a redirect: to backTo with a one-time transfer code on
 * success (the web app exchanges it for a session; no session token ever sits in a URL), to
 * the login page with error=sso_failed otherwise. Reasons are logged, secrets never.
 */
export async function finishOAuth2(ctx: Ctx, input: CallbackInput): Promise<Redirect> {
  const setCookie = clearOAuthStateCookie();
  try {
    return { location: await completeCallback(ctx, input), setCookie };
  } catch (err) {
    const reason = err instanceof SsoFailure ? err.message : err instanceof AppError ? `${err.code} ${err.message}` : "provider exchange failed";
    // arctic's OAuth2RequestError carries the provider's error code (invalid_grant, ...), never a secret.
    const providerCode = err instanceof OAuth2RequestError ? err.code : undefined;
    ctx.log.warn({ reason, providerCode, errorName: err instanceof Error ? err.name : undefined }, "single sign-on failed");
    return { location: SSO_FAILED_LOCATION, setCookie };
  }
}

async function completeCallback(ctx: Ctx, input: CallbackInput): Promise<string> {
  if (!isMethodAllowed(ctx.tenant, "OAUTH2")) throw new SsoFailure("OAUTH2 is not enabled");
  // The provider's error codes are a closed, harmless vocabulary (access_denied, ...).
  if (input.error) throw new SsoFailure(`provider error ${input.error.slice(0, 64)}`);
  if (!input.state || !input.cookieState) throw new SsoFailure("missing state or state cookie");
  if (!stringsEqual(input.state, input.cookieState)) throw new SsoFailure("state does not match the cookie");
  const row = await consumeOneTimeToken(ctx.db, { communityId: ctx.tenant.id, kind: "oauth_state", secret: input.state });
  if (!row) throw new SsoFailure("unknown, used or expired state");
  if (!input.code) throw new SsoFailure("missing code");
  const { codeVerifier, nonce, backTo } = row.data;
  if (typeof codeVerifier !== "string" || typeof nonce !== "string") throw new SsoFailure("state row is incomplete");

  const provider = await resolveOAuth2Provider(ctx);
  const client = new OAuth2Client(provider.clientId, provider.clientSecret, oauth2RedirectUri(ctx.tenant.url));
  const tokens = await client.validateAuthorizationCode(provider.tokenEndpoint, input.code, codeVerifier);
  let idToken: string;
  try {
    idToken = tokens.idToken();
  } catch {
    throw new SsoFailure("token response has no id_token");
  }
  const claims = await verifyIdToken(ctx, idToken, { jwksUrl: provider.jwksUri, issuer: provider.issuer, audience: provider.clientId });
  if (typeof claims.nonce !== "string" || !stringsEqual(claims.nonce, nonce)) throw new SsoFailure("nonce mismatch");

  const user = await findOrCreateExternalUser(ctx, identityFromClaims(claims));
  if (!user.enabled) throw new SsoFailure("account disabled");
  const code = await issueTransferCode(ctx, { userId: user.id, communityId: ctx.tenant.id, method: "OAUTH2" });
  const target = new URL(safeBackTo(typeof backTo === "string" ? backTo : null) ?? "/", "http://same.invalid");
  target.searchParams.set("token", code);
  target.searchParams.set("firstLogin", String(user.lastLoginAt === null));
  return `${target.pathname}${target.search}${target.hash}`;
}
