import type { Logger } from "pino";

/**
 * Server-side error reporting to a Sentry-compatible service (SENTRY_DSN): a request that ended in
 * a 500 (an error nothing handled) and a failed background job, each one event with what finds it
 * in the logs (request id, route template, community; queue and job id). Without a DSN nothing is
 * loaded and nothing is sent.
 *
 * Built on @sentry/core's server client with a fetch transport, not @sentry/node: that SDK starts
 * OpenTelemetry and instruments modules at import (about 3x @sentry/core's import time on the
 * development machine), for tracing this product does not use. The SDK is imported only when a
 * DSN is set, so a start without one pays nothing. Each reporter is its own client (never the
 * SDK's global one): a test process builds several apps.
 */
export type ErrorContext = {
  requestId?: string | undefined;
  /** The route template (`/api/event/{id}`), never the raw path: it may carry ids and tokens. */
  route?: string | undefined;
  method?: string | undefined;
  communityId?: string | undefined;
  userId?: string | undefined;
  queue?: string | undefined;
  jobId?: string | undefined;
  /**
   * Where an error outside a request and a job surfaced: `uncaughtException`, `unhandledRejection`
   * (lib/process-errors.ts), `pg-boss` (its own `error` event), `stomp` (a socket's frame or upgrade).
   */
  source?: string | undefined;
};

export type ErrorReporter = {
  /** Queues one event for `err` (never throws, never waits on the network). */
  capture: (err: unknown, context: ErrorContext) => void;
  /** Waits up to `timeoutMs` for queued events to be sent; false when some were not. */
  flush: (timeoutMs?: number) => Promise<boolean>;
  close: (timeoutMs?: number) => Promise<void>;
};

/** The reporter of a process without SENTRY_DSN. */
export const noErrorReporter: ErrorReporter = {
  capture: () => {},
  flush: async () => true,
  close: async () => {},
};

/** How long one envelope may take to reach the service. */
const SEND_TIMEOUT_MS = 5_000;

export async function createErrorReporter(
  dsn: string | undefined,
  opts: {
    log: Logger;
    environment?: string | undefined;
    release?: string | undefined;
    /** The process's role (`server`, `cli`), a tag of every event it sends. */
    role?: string | undefined;
  },
): Promise<ErrorReporter> {
  if (!dsn) return noErrorReporter;
  const { createStackParser, createTransport, Scope } = await import("@sentry/core");
  const { ServerRuntimeClient, nodeStackLineParser } = await import("@sentry/core/server");
  const log = opts.log;
  const client = new ServerRuntimeClient({
    dsn,
    ...(opts.environment ? { environment: opts.environment } : {}),
    ...(opts.release ? { release: opts.release } : {}),
    platform: "node",
    runtime: { name: "node", version: process.version },
    // Errors only: no tracing, no sessions, no default integrations (breadcrumbs, console capture).
    integrations: [],
    traceLifecycle: "static",
    sendDefaultPii: false,
    stackParser: createStackParser(nodeStackLineParser()),
    transport: (transportOptions) =>
      createTransport(transportOptions, async (request) => {
        try {
          const res = await fetch(transportOptions.url, {
            method: "POST",
            body: request.body as BodyInit,
            headers: { "content-type": "application/x-sentry-envelope" },
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          await res.arrayBuffer().catch(() => undefined);
          return {
            statusCode: res.status,
            headers: { "retry-after": res.headers.get("retry-after"), "x-sentry-rate-limits": res.headers.get("x-sentry-rate-limits") },
          };
        } catch (err) {
          // An unreachable error service must not become an error of the product: logged, dropped.
          log.warn({ reason: err instanceof Error ? err.message : String(err) }, "error report not sent");
          throw err;
        }
      }),
  });
  client.init();
  return {
    capture(err, context) {
      try {
        const scope = new Scope();
        const tags: Record<string, string> = opts.role ? { role: opts.role } : {};
        for (const [key, value] of Object.entries(context)) if (value !== undefined) tags[key] = value;
        scope.setTags(tags);
        // The process ends after it (lib/process-errors.ts).
        if (context.source === "uncaughtException") scope.setLevel("fatal");
        if (context.userId) scope.setUser({ id: context.userId });
        if (context.route) scope.setTransactionName(`${context.method ?? ""} ${context.route}`.trim());
        else if (context.queue) scope.setTransactionName(`job ${context.queue}`);
        else if (context.source) scope.setTransactionName(context.source);
        client.captureException(err, { originalException: err }, scope);
      } catch (reportErr) {
        log.warn({ reason: reportErr instanceof Error ? reportErr.message : String(reportErr) }, "error report not queued");
      }
    },
    flush: async (timeoutMs = 2_000) => await client.flush(timeoutMs),
    close: async (timeoutMs = 2_000) => {
      await client.close(timeoutMs);
    },
  };
}
