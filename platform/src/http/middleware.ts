import type { Context, MiddlewareHandler } from "hono";
import type { Deps } from "../context.ts";
import { AppError, ErrorCode, accessDenied } from "../lib/errors.ts";
import { resolveContext } from "../realtime/context.ts";
import type { AppEnv } from "./env.ts";

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
