import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The closed set of error codes. 1000, 1005, 1011 and 1014 come from the product spec (section 8);
 * the rest extend it. Every error leaves the server as `{ code, msg, requestId, errors? }`.
 */
export const ErrorCode = {
  GENERIC: 1000,
  VALIDATION: 1001,
  NOT_FOUND: 1002,
  CONFLICT: 1003,
  UNAUTHENTICATED: 1004,
  ACCESS_DENIED: 1005,
  RATE_LIMITED: 1006,
  PAYLOAD_TOO_LARGE: 1007,
  AUTH_METHOD_NOT_ALLOWED: 1008,
  INVALID_CODE: 1009,
  INVALID_LINK: 1010,
  INVALID_CREDENTIALS: 1011,
  EMAIL_TAKEN: 1012,
  POLICY_REQUIRED: 1013,
  INVALID_PASSWORD: 1014,
  WEAK_PASSWORD: 1015,
  NO_RECOVERY_CODE: 1016,
  NOT_CONFIGURED: 1017,
  CREDITS_EXHAUSTED: 1018,
  UNSUPPORTED_MEDIA: 1019,
  UPSTREAM_FAILED: 1020,
  /** Signed in, but not a participant of the request's community. */
  NOT_A_PARTICIPANT: 1021,
  /** A state change the current state does not allow (an event participation's, spec 4.5). */
  ILLEGAL_TRANSITION: 1022,
  /** The event has no free place left. */
  EVENT_FULL: 1023,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  1000: 500,
  1001: 400,
  1002: 404,
  1003: 409,
  1004: 401,
  1005: 403,
  1006: 429,
  1007: 413,
  1008: 403,
  1009: 400,
  1010: 400,
  1011: 401,
  1012: 409,
  1013: 400,
  1014: 400,
  1015: 400,
  1016: 400,
  1017: 501,
  1018: 429,
  1019: 415,
  1020: 502,
  1021: 403,
  1022: 409,
  1023: 409,
  503: 503,
};

export function statusOf(code: ErrorCode): ContentfulStatusCode {
  return STATUS[code];
}

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(code: ErrorCode, msg: string, opts: { errors?: FieldErrors; headers?: Record<string, string> } = {}) {
    super(msg);
    this.name = "AppError";
    this.code = code;
    this.errors = opts.errors;
    this.headers = opts.headers;
  }
  get status(): ContentfulStatusCode {
    return statusOf(this.code);
  }
}

export const notFound = (what = "Not found") => new AppError(ErrorCode.NOT_FOUND, what);
export const accessDenied = (msg = "Access Denied") => new AppError(ErrorCode.ACCESS_DENIED, msg);
export const unauthenticated = (msg = "Authentication required") => new AppError(ErrorCode.UNAUTHENTICATED, msg);
export const validation = (msg: string, errors?: FieldErrors) => new AppError(ErrorCode.VALIDATION, msg, { errors });
export const conflict = (msg: string) => new AppError(ErrorCode.CONFLICT, msg);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(ErrorCode.RATE_LIMITED, `Too many attempts. Please try again later`, {
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
