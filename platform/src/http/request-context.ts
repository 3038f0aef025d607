import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { parse as parseCookies } from "hono/utils/cookie";
import type { Logger } from "pino";
import type { Actor, Ctx, Deps } from "../context.ts";
import { isApiKeyToken, resolveApiKey } from "../authz/api-keys.ts";
import { notFound } from "../lib/errors.ts";
import { SESSION_COOKIE } from "./session-cookie.ts";

/** What resolveContext reads of a request: the Fetch `Headers`, or nodeHeaders(req.headers) on an upgrade. */
export type HeaderSource = { get: (name: string) => string | null | undefined };

export type ResolveOptions = {
  requestId?: string;
  /** The `communityId` query parameter, the tenant's last resort after Host and X-Community. */
  communityQuery?: string | undefined;
  /** A token from elsewhere than the headers (`/api/ws?token=`); wins over them. */
  token?: string | undefined;
};

/** Node's header object (an upgrade request's) seen through HeaderSource. */
export function nodeHeaders(headers: IncomingHttpHeaders): HeaderSource {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/**
 * The client address for rate limits: the TCP peer, or, only when the operator says a proxy sets
 * it (TRUST_PROXY=1), the first X-Forwarded-For hop. Otherwise a client could pick its own IP.
 */
export function clientIp(headers: HeaderSource, remote: string | undefined, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const fwd = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (fwd) return fwd;
  }
  return remote || undefined;
}

function bearerToken(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

/** The session token a request carries: Bearer, else the session cookie. */
export function sessionToken(headers: HeaderSource): string | undefined {
  const bearer = bearerToken(headers.get("authorization"));
  if (bearer) return bearer;
  const cookie = headers.get("cookie");
  return cookie ? parseCookies(cookie, SESSION_COOKIE)[SESSION_COOKIE] : undefined;
}

/**
 * The tenant and actor of a request, and the service context built from them: the one path for
 * HTTP requests (requestContext), WebSocket upgrades and event streams alike. Throws NotFound when
 * no community answers to the request.
 */
export async function resolveContext(deps: Deps, headers: HeaderSource, remoteAddr: string | undefined, opts: ResolveOptions = {}): Promise<Ctx> {
  const requestId = opts.requestId ?? randomUUID();
  const host = (deps.config.trustProxy && headers.get("x-forwarded-host")) || headers.get("host") || undefined;
  const tenant =
    deps.tenants.cachedByHost(host) ??
    (await deps.tenants.resolve({ host, communityHeader: headers.get("x-community") ?? undefined, communityQuery: opts.communityQuery }));
  if (!tenant) throw notFound("Community not found");
  let actor: Actor = { kind: "anonymous" };
  const token = opts.token ?? sessionToken(headers);
  const ip = clientIp(headers, remoteAddr, deps.config.trustProxy);
  if (token && isApiKeyToken(token)) {
    const key = await resolveApiKey(deps.db, token, tenant.id, ip);
    if (key) {
      const { participant, createdBy, ...apiKey } = key;
      actor = { kind: "user", userId: createdBy, sessionId: `api-key:${key.id}`, isOperator: false, participant, apiKey };
    }
  } else if (token) {
    const cached = deps.sessions.cached(token, tenant.id);
    const result = cached !== undefined ? cached : await deps.sessions.validate(deps.db, token, tenant.id);
    if (result) {
      actor = { kind: "user", userId: result.user.id, sessionId: result.session.id, isOperator: result.user.isOperator, participant: result.participant };
    }
  }
  const userId = actor.kind === "user" ? actor.userId : undefined;
  return {
    tenant,
    actor,
    requestId,
    log: lazyLogger(() => deps.log.child({ requestId, communityId: tenant.id, ...(userId !== undefined ? { userId } : {}) })),
    db: deps.db,
    deps,
    ip,
  };
}

/**
 * The request's child logger, made on first use: most reads never log, and making one (its
 * bindings serialised up front) took 2.7 us of every request in bench:api's profile. A stand-in
 * that makes it when first touched, held in a plain property: with a getter instead (`get log()`,
 * a new closure every request), V8 kept every request's context as a dictionary, not as an object
 * of one shape, so every later read of its tenant, actor or db was a slow lookup,
 * and making the context alone cost a runtime call (decision 0222). A spread copy (`{ ...ctx, db }`)
 * shares the stand-in, so its logger too.
 */
export function lazyLogger(make: () => Logger): Logger {
  return new Proxy<LazyLogger>({ make, real: undefined }, LAZY_LOGGER) as unknown as Logger;
}

type LazyLogger = { make: () => Logger; real: Logger | undefined };

/**
 * One handler for every stand-in, its state on the target: a closure made for each request gets
 * its name set by the TypeScript loader (esbuild's keepNames: an Object.defineProperty a closure),
 * which is what the stand-in is here to spare.
 */
const LAZY_LOGGER: ProxyHandler<LazyLogger> = {
  get(target, prop) {
    target.real ??= target.make();
    const value: unknown = Reflect.get(target.real, prop, target.real);
    return typeof value === "function" ? value.bind(target.real) : value;
  },
  set(target, prop, value) {
    target.real ??= target.make();
    return Reflect.set(target.real, prop, value);
  },
  has(target, prop) {
    target.real ??= target.make();
    return Reflect.has(target.real, prop);
  },
};
