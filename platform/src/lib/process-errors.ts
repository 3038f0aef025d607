import type { Logger } from "pino";
import type { ErrorContext, ErrorReporter } from "./error-reporting.ts";

/**
 * Errors outside a request and a job (a timer, a socket's event handler, a promise nobody awaits)
 * reach the process's `uncaughtException` and `unhandledRejection` events. Both are logged and, with
 * SENTRY_DSN, reported as one event tagged with the process's role and `source`:
 *
 * - an unhandled rejection: the process goes on (pg-boss completes and fails jobs in promises
 *   nobody awaits; when PostgreSQL dies under a running job they reject, and Node's default would
 *   end the process and the embedded database's supervisor with it);
 * - an uncaught exception: the process ends with exit code 1 as Node's default does, after the
 *   report had `flushMs` to leave (the process's state is unknown after it).
 *
 * The same error text from the same source is reported once a minute at most (a dead database
 * makes the same background promise fail every second); every occurrence is logged.
 */
export type ProcessErrorOptions = {
  log: Logger;
  /** The reporter, read when an error happens (the server builds it after the database opened). */
  reporter: () => ErrorReporter | undefined;
  /** How long an uncaught exception's report may take to leave before the process exits. */
  flushMs?: number;
  /** Exits the process (replaced only where the process must not end). */
  exit?: (code: number) => void;
};

export function watchProcessErrors(opts: ProcessErrorOptions): () => void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const report = throttledReport(opts.reporter);
  let ending = false;
  const onRejection = (reason: unknown) => {
    opts.log.error({ err: errorFields(reason), source: "unhandledRejection" }, "a background promise failed; the process goes on");
    report(reason, { source: "unhandledRejection" });
  };
  const onException = (err: unknown) => {
    // A second one while the first one's report leaves: the process is ending anyway.
    if (ending) return;
    ending = true;
    opts.log.fatal({ err: errorFields(err), source: "uncaughtException" }, "uncaught exception; the process ends");
    // What Node itself prints before it exits on an uncaught exception.
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    report(err, { source: "uncaughtException" }, { always: true });
    const flushMs = opts.flushMs ?? 2_000;
    // The flush is bounded itself; the timer bounds a reporter that never answers.
    const hard = setTimeout(() => exit(1), flushMs + 500);
    void Promise.resolve(opts.reporter()?.flush(flushMs))
      .catch(() => false)
      .finally(() => {
        clearTimeout(hard);
        exit(1);
      });
  };
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}

const REPEAT_MS = 60_000;

/**
 * capture() with the same source and error text sent at most once per minute (logging stays
 * per occurrence): for errors that repeat while something outside is down (pg-boss's error event
 * every poll of every queue while PostgreSQL is unreachable).
 */
export function throttledReport(reporter: () => ErrorReporter | undefined, now: () => number = Date.now) {
  const last = new Map<string, number>();
  return (err: unknown, context: ErrorContext, opts: { always?: boolean } = {}): void => {
    const key = `${context.source ?? ""}\0${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
    const t = now();
    const seen = last.get(key);
    if (!opts.always && seen !== undefined && t - seen < REPEAT_MS) return;
    last.set(key, t);
    if (last.size > 1_000) last.clear();
    reporter()?.capture(err, context);
  };
}

/** An error's own fields for a log line (node-postgres errors carry their whole client along). */
export function errorFields(err: unknown): unknown {
  return err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err;
}
