import type { Logger } from "pino";

/**
 * The logger that writes the one line per request (http/middleware.ts requestEnvelope), by the
 * process logger it belongs to. runtime.ts createLogger registers one with a buffered destination
 * of its own; a logger made elsewhere (a test's pino()) gets its plain child, unredacted as the
 * registered one is: the request line's fields are fixed and hold no secret.
 */
const requestLoggers = new WeakMap<Logger, Logger>();

export function registerRequestLogger(log: Logger, requestLog: Logger): void {
  requestLoggers.set(log, requestLog);
}

export function requestLoggerOf(log: Logger): Logger {
  return requestLoggers.get(log) ?? log.child({}, { redact: [] });
}
