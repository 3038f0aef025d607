import type { Context, MiddlewareHandler } from "hono";
import { randomUUID } from "node:crypto";
import { isIPv4 } from "node:net";
import type { Logger } from "pino";
import type { Actor, Ctx, Deps, UserActor } from "../context.ts";
import { type Db, probeDatabase } from "../db/client.ts";
import { AppError, ErrorCode, accessDenied, notFound, validation } from "../lib/errors.ts";
import { resolveContext } from "./request-context.ts";
import { EnvelopedResponse, envelopeHeaders, setEnvelopeHeaders } from "./enveloped-response.ts";
import type { AppEnv, NodeBindings } from "./env.ts";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "./error-handler.ts";
import { httpRequestDuration } from "../lib/metrics.ts";
import { type RequestLog, requestLogOf } from "../lib/request-log.ts";

// A reg-name or an IPv6 literal, then an optional port: what RFC 9110 allows in Host, and what
// the node adapter can turn into a URL.
const HOST_HEADER = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

export function isValidHostHeader(host: string): boolean {
  const m = HOST_HEADER.exec(host);
  return m !== null && (m[1] === undefined || Number(m[1]) <= 65535);
}

// The middleware that only check the request are plain functions: Hono catches what they throw
// as it catches a rejection, and an async frame per middleware cost a kilobyte of garbage a
// request (bench:api).

/**
 * A Host header that names no host ("a, b", "host:99999", "host/x") is refused before anything
 * reads it. A request without Host (an in-process caller) passes: tenancy falls back as usual.
 */
export function rejectMalformedHost(c: Context<AppEnv>): void {
  const host = c.req.header("host");
  if (host !== undefined && !isValidHostHeader(host)) throw validation("Invalid Host header");
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
  return (c, next) => {
    if (!isLoopbackAddress(getRemoteAddr(c))) throw notFound();
    return next();
  };
}

/**
 * Resolves the tenant and the actor (request-context.ts resolveContext, shared with WebSocket
 * upgrades) and sets the request's service context; a state-changing request then passes the
 * origin check (checkOrigin), in the same layer: each layer of hono's chain is a promise and a
 * microtask more for every request. Used on /api, /community and /dev; every later handler reads
 * `c.get("ctx")`.
 */
export function requestContext(deps: Deps, getRemoteAddr: (c: Context<AppEnv>) => string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ctx = await resolveContext(deps, c.req.raw.headers, getRemoteAddr(c), {
      requestId: c.get("requestId"),
      communityQuery: c.req.query("communityId"),
    });
    c.set("ctx", ctx);
    if (SAFE_METHODS.has(c.req.method)) return next();
    checkOrigin(c, ctx.tenant);
    try {
      await next();
    } finally {
      await afterWrite(deps, ctx.actor, c.res.status < 400);
    }
  };
}

/**
 * After a state-changing request, before it answers: the process's caches (sessions, member
 * views) must not serve what the request changed. The actor's own change (a logout, a password,
 * a join, a profile edit) is dropped here at once; other processes hear it from the database
 * (auth/session-cache.ts, auth/view-cache.ts). A request that may have changed other members (by
 * staff, an operator, or anonymous: a confirmed e-mail, a reset password) and succeeded waits
 * until this process has heard every announcement committed so far (bus.sync, a fraction of a
 * millisecond); a refused one changed nothing, and a flood of junk requests must not become a
 * flood of NOTIFYs (their commits queue on one lock).
 */
async function afterWrite(deps: Deps, actor: Actor, succeeded: boolean): Promise<void> {
  if (actor.kind === "user") {
    deps.sessions.forgetUser(actor.userId);
    deps.views.forgetUser(actor.userId);
    if (!changesOthers(actor)) return;
  }
  if (succeeded && (deps.sessions.size > 0 || deps.views.size > 0)) await deps.bus.sync();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** An operator, a community's admin or moderator, or one whose participant was not read with the session (unknown: assume so). */
function changesOthers(actor: UserActor): boolean {
  return actor.isOperator || actor.participant === undefined || (actor.participant !== null && actor.participant.role !== "member");
}

/**
 * CSRF defence for every state-changing request, JSON included (Hono's csrf() only guards form
 * content types). A browser always sends Origin on such requests; it must be this host or one of
 * the tenant's configured domains. Non-browser clients (no Origin, no Sec-Fetch-Site) pass.
 */
export function checkOrigin(c: Context<AppEnv>, tenant: Ctx["tenant"]): void {
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  if (site === "cross-site") throw accessDenied("Cross-site request refused");
  if (origin === undefined) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    throw accessDenied("Cross-site request refused");
  }
  const host = (c.req.header("host") ?? "").toLowerCase();
  const allowed = new Set([host, tenant.domain, ...tenant.config.aliases, new URL(tenant.url).host]);
  if (!allowed.has(originHost)) throw accessDenied("Cross-site request refused");
}

// Google Identity Services (the GOOGLE sign-in button) is the one outside origin allowed.
export const DEFAULT_CSP =
  "default-src 'self'; script-src 'self' https://accounts.google.com/gsi/client; style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self' ws: wss: https://accounts.google.com/gsi/; frame-src https://accounts.google.com/gsi/; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/**
 * The policy of an API answer (JSON, a CSV, an image's bytes): it is never a page, so it may load
 * nothing and be framed by nothing (what GitHub's API sends). 40 bytes instead of DEFAULT_CSP's
 * 430 on every answer, which its client reads and node checks character by character.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Whether a path answers with data, not a page: the API, except its documentation page and that page's files. */
export function isApiPath(path: string): boolean {
  return path.startsWith("/api/") && !path.startsWith("/api/docs");
}

/**
 * The security headers of every response: a page's (the web apps', whose CSP allows only
 * same-origin code) or an API answer's (API_CSP).
 */
export function securityHeaderList(opts: { hsts: boolean; api?: boolean }): readonly (readonly [string, string])[] {
  return Object.freeze([
    ...(opts.hsts ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const] : []),
    ["X-Content-Type-Options", "nosniff"],
    // Pages carry one-time tokens in their query (magic links, recovery); never leak them onward.
    ["Referrer-Policy", "no-referrer"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    // A response may bring its own, stricter policy (tenant assets, uploaded media: sandbox).
    ["Content-Security-Policy", opts.api ? API_CSP : DEFAULT_CSP],
  ] as const);
}

/** A client's X-Request-Id is kept when it is a plain token (it ends up in log lines), else a fresh UUID. */
const CLIENT_REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * The envelope of every request, outermost: its id (c.var.requestId), X-Request-Id and the
 * security headers on the response, whatever produced it (a handler, onError, notFound), one
 * log line, and its duration in /metrics by method, route template (never the raw path, so ids
 * do not make new series) and status. One middleware and one clock for the three: each layer of
 * hono's chain is a promise and a microtask more for every request. A header the response set
 * itself is kept (tenant assets and media bring their own CSP).
 *
 * Served by the product's server (node-server.ts), the headers ride on its ServerResponse and join
 * the response's own in writeHead (http/enveloped-response.ts); served through node otherwise, they
 * go onto the ServerResponse with setHeader, which the adapter's writeHead merges with the
 * response's own. Touching `c.res.headers` would turn the adapter's lightweight response into a
 * fetch `Headers` (undici) that it copies back out header by header, 13 us of a 165 us signed-in
 * read (bench:api). Elsewhere (app.request in tests) they go onto the Response itself.
 */
export function requestEnvelope(log: Logger, opts: { hsts: boolean }): MiddlewareHandler<AppEnv> {
  const pageEnvelope = envelopeHeaders(securityHeaderList(opts));
  const apiEnvelope = envelopeHeaders(securityHeaderList({ ...opts, api: true }));
  // The request line's fields are fixed and hold no secret (the path without its query, an id, a
  // method, a status, a duration): it skips the logger's redaction, which walks every line's
  // values looking for tokens and doubled the cost of writing it (9 against 18 us of CPU a line,
  // all threads, on the 2-core development machine under load; bench:api prints the request
  // log's share of a request). The process logger's request lines are made in one template and
  // buffered (lib/request-log.ts, runtime.ts createLogger).
  // Made at the first request: building the app only to read its routes (openapi) needs no logger.
  let requestLog: RequestLog | undefined;
  return async (c, next) => {
    requestLog ??= requestLogOf(log);
    const started = performance.now();
    const clientId = c.req.header("x-request-id");
    const requestId = clientId !== undefined && CLIENT_REQUEST_ID.test(clientId) ? clientId : randomUUID();
    c.set("requestId", requestId);
    await next();
    const envelope = isApiPath(c.req.path) ? apiEnvelope : pageEnvelope;
    const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
    if (outgoing instanceof EnvelopedResponse && !outgoing.headersSent) {
      // Added to the headers the response is written with (http/enveloped-response.ts).
      outgoing.envelopeId = requestId;
      outgoing.envelope = envelope;
    } else if (outgoing && !outgoing.headersSent) {
      setEnvelopeHeaders(outgoing, requestId, envelope);
    } else {
      const h = c.res.headers;
      h.set("X-Request-Id", requestId);
      for (const { name, value } of envelope) if (!h.has(name)) h.set(name, value);
    }
    // The path only: queries may carry one-time tokens, which never reach a log line. Nothing of
    // the line is built when it would not be written (LOG_LEVEL above info).
    const ms = performance.now() - started;
    const status = c.res.status;
    httpRequestDuration.observe({ method: c.req.method, route: c.req.routePath, status: String(status) }, ms / 1000);
    if (requestLog.enabled) requestLog.write({ requestId, method: c.req.method, path: c.req.path, status, ms: Math.round(ms) });
  };
}

export function payloadTooLarge(): never {
  throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, "Request body is too large");
}

/** How long a request waits before the database is asked whether it still answers, and how long that probe may take. */
export type DatabaseWatch = { checkAfterMs: number; probeTimeoutMs: number };
export const DATABASE_WATCH: DatabaseWatch = { checkAfterMs: 3_000, probeTimeoutMs: 1_000 };

/**
 * Ends a request that is waiting on a database that no longer answers with the 503 the error
 * handler gives a refused connection (Retry-After included). Every request in flight is known to
 * one watcher; about once a second (only while requests are in flight) it looks for those
 * running `checkAfterMs` or more since they started or were last found merely slow, and probes the
 * request pool for them (one probe shared by every waiting request): when the probe answers, they
 * are merely slow (an export, a large upload) and go on; when it does not within
 * `probeTimeoutMs`, they answer 503. Their statements stay queued and finish, or fail, when the
 * server resumes; nothing awaits them. One shared ticker, not a timer per request: arming and
 * clearing a timer for every request was a few per cent of a signed-in read (bench:api).
 */
export function databaseWatch(db: Db, watch: DatabaseWatch = DATABASE_WATCH): MiddlewareHandler<AppEnv> {
  // The requests in flight, newest first, linked through themselves: adding and removing one is a
  // few stores (a Set rehashed itself in V8's runtime as it shrank after every burst).
  type Waiter = { since: number; downstream: Promise<void>; reject: (err: AppError) => void; newer: Waiter | undefined; older: Waiter | undefined; done: boolean };
  let newest: Waiter | undefined;
  let inFlight = 0;
  const unlink = (w: Waiter): void => {
    if (w.newer) w.newer.older = w.older;
    else newest = w.older;
    if (w.older) w.older.newer = w.newer;
    w.newer = undefined;
    w.older = undefined;
    w.done = true;
    inFlight--;
  };
  let ticker: NodeJS.Timeout | undefined;
  let probing = false;
  const unavailable = () => new AppError(ErrorCode.UNAVAILABLE, "Server is unavailable", { headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } });
  const tick = async () => {
    if (inFlight === 0) {
      clearInterval(ticker);
      ticker = undefined;
      return;
    }
    if (probing) return;
    const now = performance.now();
    const due: Waiter[] = [];
    for (let w = newest; w; w = w.older) if (now - w.since >= watch.checkAfterMs) due.push(w);
    if (due.length === 0) return;
    probing = true;
    const alive = await probeDatabase(db, watch.probeTimeoutMs).finally(() => {
      probing = false;
    });
    const checked = performance.now();
    for (const w of due) {
      if (w.done) continue;
      if (alive) {
        w.since = checked;
        continue;
      }
      // The abandoned downstream may still reject when the server resumes: observed, not rethrown.
      w.downstream.catch(() => {});
      w.reject(unavailable());
    }
  };
  return async (_c, next) => {
    if (ticker === undefined) {
      ticker = setInterval(() => void tick(), Math.min(1_000, watch.checkAfterMs / 3));
      ticker.unref();
    }
    const downstream = next();
    let waiter: Waiter | undefined;
    try {
      // The waiter is made whole in one literal: a version that gave it its abort function after
      // making it had every request's objects outlive V8's young generation (a full collection
      // every 2 s under bench:api, a fifth of the server's CPU; seen with --trace-gc).
      await new Promise<void>((resolve, reject) => {
        waiter = { since: performance.now(), downstream, reject, newer: undefined, older: newest, done: false };
        if (newest) newest.newer = waiter;
        newest = waiter;
        inFlight++;
        downstream.then(resolve, reject);
      });
    } finally {
      if (waiter) unlink(waiter);
    }
  };
}
