import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "pino";
import postgres from "postgres";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "../db/client.ts";
import type { ErrorReporter } from "../lib/error-reporting.ts";
import { AppError, ErrorCode, statusOf } from "../lib/errors.ts";
import type { AppEnv } from "./env.ts";
import { validationError } from "./openapi.ts";

function fromHttpException(err: HTTPException): AppError {
  switch (err.status) {
    case 400:
      return new AppError(ErrorCode.VALIDATION, err.message || "Bad request");
    case 401:
      return new AppError(ErrorCode.UNAUTHENTICATED, err.message || "Authentication required");
    case 403:
      return new AppError(ErrorCode.ACCESS_DENIED, err.message || "Access Denied");
    case 404:
      return new AppError(ErrorCode.NOT_FOUND, err.message || "Not found");
    case 413:
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, "Request body is too large");
    case 415:
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA, err.message || "Unsupported media type");
    default:
      return new AppError(err.status >= 500 ? ErrorCode.GENERIC : ErrorCode.VALIDATION, err.message || "Request failed");
  }
}

/**
 * PostgreSQL refuses NUL characters in text and jsonb (22021, 22P05). They only arrive from
 * client input, so they are the client's mistake: a 400, wherever in the code they surface.
 */
function isUnstorableText(err: unknown): boolean {
  return err instanceof postgres.PostgresError && (err.code === "22021" || err.code === "22P05");
}

/** Seconds a client is asked to wait when the database is unreachable: about one restart of it. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The one place errors become responses: `{ code, msg, requestId, errors? }`. An error nothing
 * handled (a 500, or an AppError of code GENERIC) also goes to `reporter` (SENTRY_DSN), with the
 * request id, route template and community; 4xx answers, an unreachable database (503) and a
 * failed upstream (502) are the client's or an outage's, not a fault to report.
 */
export function errorHandler(rootLog: Logger, reporter?: ErrorReporter): ErrorHandler<AppEnv> {
  return (err, c) => {
    const requestId = c.get("requestId");
    let appErr: AppError;
    if (err instanceof AppError) appErr = err;
    else if (err instanceof ZodError) appErr = validationError(err.issues);
    else if (err instanceof HTTPException) appErr = fromHttpException(err);
    else if (isUnstorableText(err)) appErr = new AppError(ErrorCode.VALIDATION, "Invalid input: text must not contain NUL characters");
    else if (err instanceof SyntaxError) appErr = new AppError(ErrorCode.VALIDATION, "Malformed JSON in request body");
    else if (isDatabaseUnavailable(err)) {
      const code = (err as { code?: unknown }).code;
      (c.get("ctx")?.log ?? rootLog).warn({ requestId, code, reason: err.message }, "database unavailable");
      appErr = new AppError(ErrorCode.UNAVAILABLE, "Server is unavailable", { headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } });
    }
    else {
      (c.get("ctx")?.log ?? rootLog).error({ err, requestId }, "unhandled error");
      appErr = new AppError(ErrorCode.GENERIC, "Server side error. Please try again later");
    }
    if (reporter && appErr.code === ErrorCode.GENERIC) {
      const ctx = c.get("ctx");
      reporter.capture(err, {
        requestId,
        method: c.req.method,
        route: c.req.routePath,
        communityId: ctx?.tenant.id,
        userId: ctx?.actor.kind === "user" ? ctx.actor.userId : undefined,
      });
    }
    const body = { code: appErr.code, msg: appErr.message, requestId, ...(appErr.errors ? { errors: appErr.errors } : {}) };
    return c.json(body, statusOf(appErr.code), appErr.headers);
  };
}
