import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { type AccessLevel, authorize, authorizeFromActor } from "../authz/index.ts";
import { type ApiKeyAccess, noteScopeUse } from "../authz/api-keys.ts";
import type { UserActor } from "../context.ts";
import { hashHex } from "../lib/crypto.ts";
import { AppError, accessDenied, ErrorCode } from "../lib/errors.ts";
import { claimIdempotencyKey, keepIdempotentAnswer, releaseIdempotencyKey } from "../lib/idempotency.ts";
import { consumeRateLimitState, rateLimitHeaders } from "../lib/rate-limit.ts";
import type { AppEnv } from "./env.ts";
import { errors } from "./openapi.ts";

/** The OpenAPI extension carrying a route's access level; the generated security suite reads it. */
export const ACCESS_EXTENSION = "x-access";
/** The OpenAPI extension carrying what a community API key may do at a route: false, "any" or its scope. */
export const API_KEY_EXTENSION = "x-api-key-scope";
/** The OpenAPI security scheme of community API keys. */
export const API_KEY_SCHEME = "apiKey";

export const API_KEY_NOT_ALLOWED = "API keys cannot call this route";

function accessGuard(level: AccessLevel): MiddlewareHandler<AppEnv> {
  // Decided from the session's actor without a promise on nearly every request; a promise and an
  // async frame per middleware were a kilobyte of garbage each (bench:api).
  return (c, next) => {
    const ctx = c.get("ctx");
    return authorizeFromActor(ctx, level) ? next() : authorize(ctx, level).then(next);
  };
}

function keyOf(c: Context<AppEnv>): (UserActor & { apiKey: NonNullable<UserActor["apiKey"]> }) | undefined {
  const actor = c.get("ctx").actor;
  return actor.kind === "user" && actor.apiKey ? (actor as UserActor & { apiKey: NonNullable<UserActor["apiKey"]> }) : undefined;
}

/**
 * The answers any route can give, whatever it does: 400 (a malformed Host header or community
 * hint is refused before the route runs), 403 for a write from another site (the origin check),
 * 413 for a body over the limit, 415 for a body that is not the declared media type, 503 while the
 * database is unreachable.
 */
function everyRouteErrors(route: Omit<RouteConfig, "path">) {
  const takesBody = route.method !== "get" && route.method !== "head";
  return { ...errors(400, 503), ...(takesBody ? errors(403, 413) : {}), ...(route.request?.body ? errors(415) : {}) };
}

/**
 * A request made with a community API key, before the access level is checked: a signed-in route
 * the key may not call answers 403; a public one serves the key's caller as anyone signed out (a
 * key never sees more there than its scopes give). Then the key's rate limit (RateLimit-* headers
 * on every answer, 429 with Retry-After over it), the audit of a scope's first use, and
 * Idempotency-Key on the POSTs that create things.
 */
function keyGuard(access: AccessLevel, keyAccess: ApiKeyAccess, creates: boolean): MiddlewareHandler<AppEnv> {
  const keyed = keyedRequest(access, keyAccess, creates);
  // Most requests carry no key: no async frame of their own.
  return (c, next) => {
    const actor = keyOf(c);
    return actor ? keyed(c, next, actor) : next();
  };
}

function keyedRequest(access: AccessLevel, keyAccess: ApiKeyAccess, creates: boolean) {
  return async (c: Context<AppEnv>, next: () => Promise<void>, actor: UserActor & { apiKey: NonNullable<UserActor["apiKey"]> }): Promise<Response | undefined | void> => {
    const ctx = c.get("ctx");
    const allowed = keyAccess === "any" || (keyAccess !== false && actor.apiKey.scopes.includes(keyAccess));
    if (!allowed) {
      if (access === "public") {
        c.set("ctx", { ...ctx, actor: { kind: "anonymous" } });
        return next();
      }
      throw accessDenied(keyAccess === false ? API_KEY_NOT_ALLOWED : `This API key lacks the scope ${keyAccess}`);
    }
    const state = await consumeRateLimitState(ctx.db, `api-key:${actor.apiKey.id}`, { limit: ctx.deps.config.apiKeyRateLimit, windowSeconds: 60 });
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) c.header(name, value);
    if (keyAccess !== "any" && !actor.apiKey.usedScopes.includes(keyAccess)) {
      await noteScopeUse(ctx.db, ctx.tenant.id, { id: actor.apiKey.id, createdBy: actor.userId }, keyAccess, ctx.requestId);
    }
    const idempotencyKey = creates && c.req.method === "POST" ? c.req.header("idempotency-key") : undefined;
    if (!idempotencyKey) return next();
    return idempotent(c, next, actor.apiKey.id, idempotencyKey);
  };
}

/**
 * The first answer to a (key, Idempotency-Key) is kept for a day and given again to a retry with the
 * same request; another request under the same key, or a retry while the first still runs, is a 409.
 * An answer that is an error is not kept, so the retry runs again.
 */
async function idempotent(c: Context<AppEnv>, next: () => Promise<void>, keyId: string, idempotencyKey: string): Promise<Response | undefined> {
  const ctx = c.get("ctx");
  if (idempotencyKey.length > 200) throw new AppError(ErrorCode.VALIDATION, "Idempotency-Key is longer than 200 characters");
  const requestHash = hashHex(`${c.req.method} ${c.req.path}\n${await c.req.text()}`);
  const scope = { communityId: ctx.tenant.id, keyId, idempotencyKey };
  const claim = await claimIdempotencyKey(ctx.db, scope, requestHash);
  if (claim.kind === "mismatch") throw new AppError(ErrorCode.CONFLICT, "This Idempotency-Key was used with another request");
  if (claim.kind === "running") throw new AppError(ErrorCode.CONFLICT, "A request with this Idempotency-Key is still running");
  if (claim.kind === "replay") {
    c.header("Idempotent-Replayed", "true");
    return c.json(claim.body as object, claim.status as 200);
  }
  let kept = false;
  try {
    await next();
    if (c.res.status < 300 && !c.error) {
      await keepIdempotentAnswer(ctx.db, scope, c.res.status, await c.res.clone().json());
      kept = true;
    }
  } finally {
    if (!kept) await releaseIdempotencyKey(ctx.db, scope);
  }
  return undefined;
}

/**
 * Every route is declared with its access level and with what an API key may do there (`apiKey`:
 * false, "any" or the scope it needs; there is no default). The level is enforced before the
 * request is validated (so a signed-out caller learns nothing about the input), published in
 * openapi.json as `x-access`, and turned into the route's security requirement and its 401/403
 * answers; the key's part is published as `x-api-key-scope` and as the `apiKey` security
 * requirement with that scope.
 */
export function defineRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P; access: AccessLevel; apiKey: ApiKeyAccess }>(config: R) {
  const { access, apiKey, ...route } = config;
  const signedIn = access !== "public";
  const keyScopes = apiKey === false ? undefined : apiKey === "any" ? [] : [apiKey];
  const creates = route.method === "post" && Object.keys(route.responses).includes("201");
  const security: Record<string, string[]>[] = signedIn
    ? [{ bearer: [] }, ...(keyScopes ? [{ [API_KEY_SCHEME]: keyScopes }] : [])]
    : // A public route takes anyone; a session (or a key), when sent, may still shape the answer.
      [...((route.security as Record<string, string[]>[] | undefined) ?? [{}, { bearer: [] }]), ...(keyScopes ? [{ [API_KEY_SCHEME]: keyScopes }] : [])];
  const guarded = {
    ...route,
    [ACCESS_EXTENSION]: access,
    [API_KEY_EXTENSION]: apiKey,
    ...(creates && apiKey !== false ? { "x-idempotency-key": true } : {}),
    security,
    responses: {
      ...everyRouteErrors(route),
      // 403 on every signed-in route: a key is refused where it may not call, whatever the level.
      ...(signedIn ? errors(401, 403) : {}),
      ...(apiKey !== false ? errors(429) : {}),
      ...(creates && apiKey !== false ? errors(409) : {}),
      ...route.responses,
    },
    // The key's check, then the access check run first, before the route's own middleware.
    middleware: [keyGuard(access, apiKey, creates), ...(signedIn ? [accessGuard(access)] : []), ...[route.middleware ?? []].flat()],
  };
  return createRoute(guarded as unknown as R) as ReturnType<typeof createRoute<P, R>>;
}
