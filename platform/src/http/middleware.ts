import type { Context, MiddlewareHandler } from "hono";
import { isIPv4 } from "node:net";
import type { Deps } from "../context.ts";
import { AppError, ErrorCode, accessDenied, notFound, validation } from "../lib/errors.ts";
import { resolveContext } from "../realtime/context.ts";
import type { AppEnv } from "./env.ts";

// A reg-name or an IPv6 literal, then an optional port: what RFC 9110 allows in Host, and what
// the node adapter can turn into a URL.
const HOST_HEADER = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function isValidHostHeader(host: string): boolean {
  const m = HOST_HEADER.exec(host);
  return m !== null && (m[1] === undefined || Number(m[1]) <= 65535);
}

/**
 * A Host header that names no host ("a, b", "host:99999", "host/x") is refused before anything
 * reads it. A request without Host (an in-process caller) passes: tenancy falls back as usual.
 */
export function rejectMalformedHost(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const host = c.req.header("host");
    if (host !== undefined && !isValidHostHeader(host)) throw validation("Invalid Host header");
    await next();
  };
}

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: a client on this machine. */
export function isLoopbackAddress(addr: string | undefined): boolean {
  if (!addr) return false;
  const a = addr.toLowerCase();
  if (a === "::1") return true;
  const v4 = a.startsWith("::ffff:") ? a.slice("::ffff:".length) : a;
  return isIPv4(v4) && v4.startsWith("127.");
}

/**
 * /dev/* (the mail outbox, the SSO provider) shows every community's mail and signs anyone in, so
 * it answers only a client on this machine, whatever NODE_ENV says. Only the TCP peer counts: a
 * client writes X-Forwarded-For itself, and an unknown peer (no adapter address) is refused.
 */
export function loopbackOnly(getRemoteAddr: (c: Context<AppEnv>) => string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isLoopbackAddress(getRemoteAddr(c))) throw notFound();
    await next();
  };
}

/**
 * Resolves the tenant and the actor (realtime/context.ts resolveContext, shared with WebSocket
 * upgrades) and sets the request's service context. Used on /api, /community and the web apps;
 * every later handler reads `c.get("ctx")`.
 */
export function requestContext(deps: Deps, getRemoteAddr: (c: Context<AppEnv>) => string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ctx = await resolveContext(deps, c.req.raw.headers, getRemoteAddr(c), {
      requestId: c.get("requestId"),
      communityQuery: c.req.query("communityId"),
    });
    c.set("ctx", ctx);
    try {
      await next();
    } finally {
      // The actor's own change (a logout, a password, a join) is visible to their next request
      // here at once; other processes hear it from the database (auth/session-cache.ts).
      if (ctx.actor.kind === "user" && !SAFE_METHODS.has(c.req.method)) deps.sessions.forgetUser(ctx.actor.userId);
    }
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state-changing request, JSON included (Hono's csrf() only guards form
 * content types). A browser always sends Origin on such requests; it must be this host or one of
 * the tenant's configured domains. Non-browser clients (no Origin, no Sec-Fetch-Site) pass.
 */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    if (site === "cross-site") throw accessDenied("Cross-site request refused");
    if (origin !== undefined) {
      let originHost: string;
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        throw accessDenied("Cross-site request refused");
      }
      const host = (c.req.header("host") ?? "").toLowerCase();
      const tenant = c.get("ctx")?.tenant;
      const allowed = new Set([host, ...(tenant ? [tenant.domain, ...tenant.config.aliases, new URL(tenant.url).host] : [])]);
      if (!allowed.has(originHost)) throw accessDenied("Cross-site request refused");
    }
    return next();
  };
}

/** Security headers for every response. The web apps' CSP allows only same-origin code. */
export function securityHeaders(opts: { hsts: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    if (opts.hsts) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    h.set("X-Content-Type-Options", "nosniff");
    // Pages carry one-time tokens in their query (magic links, recovery); never leak them onward.
    h.set("Referrer-Policy", "no-referrer");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    if (!h.has("Content-Security-Policy")) {
      h.set(
        "Content-Security-Policy",
        // Google Identity Services (the GOOGLE sign-in button) is the one outside origin allowed.
        "default-src 'self'; script-src 'self' https://accounts.google.com/gsi/client; style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self' ws: wss: https://accounts.google.com/gsi/; frame-src https://accounts.google.com/gsi/; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
      );
    }
  };
}

export function payloadTooLarge(): never {
  throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, "Request body is too large");
}
