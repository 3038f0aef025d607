import { type ApiError, createApiClient, toApiError } from "@tuesday/api-client";
import { knownPublicIp, PUBLIC_IP_HEADER } from "../app/public-ip.ts";
import { reportAppError } from "../lib/app-errors.ts";
import { session } from "../lib/session.ts";
import { storage } from "../lib/storage.ts";

/** A failed call, always in the platform's `{code, msg}` shape (spec 8). */
export class ApiFailure extends Error {
  readonly code: number;
  readonly status: number;
  readonly fields: Record<string, string>;
  constructor(error: ApiError, status: number) {
    // Square brackets are stripped from server messages (spec 8).
    super(error.msg.replace(/[[\]]/g, ""));
    this.name = "ApiFailure";
    this.code = error.code;
    this.status = status;
    this.fields = error.errors ?? {};
  }
}

/** The platform's answer to a signed-in user who has not joined the community (403). */
export const NOT_A_PARTICIPANT_CODE = 1021;

export const SESSION_EXPIRED_EVENT = "tuesday:session-expired";
export const SERVER_UNAVAILABLE_EVENT = "tuesday:server-unavailable";

/** The one API client of the app: the generated, typed one. */
// A call that has not answered in 30 s is given up and shown as "Server is unavailable" (issue 27).
// The interface's language (kept on <html lang>) goes with every call, not the browser's: the
// reasons of the admin's score-match screen are written in it (decision 0233).
export const api = createApiClient({ getToken: () => storage.token(), timeoutMs: 30_000, lang: () => document.documentElement.lang || null });

api.use({
  // Spec 7: the public-IP header, once the configured lookup has answered (never waited for).
  onRequest({ request }) {
    const ip = knownPublicIp();
    if (ip) request.headers.set(PUBLIC_IP_HEADER, ip);
    return request;
  },
  onResponse({ request, response }) {
    // A stored session the server no longer accepts: forget it and go to the login page (spec 8).
    if (response.status === 401 && request.headers.has("Authorization")) {
      session.expire();
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
    if (response.status === 503) window.dispatchEvent(new Event(SERVER_UNAVAILABLE_EVENT));
    // The server's own failure (500, "Internal error"): nothing the member did explains it, so
    // the app says "Oops!" (spec 8) whatever the page shows for the failed call.
    else if (response.status >= 500) reportAppError();
    return response;
  },
});

type Result<T> = { data?: T; error?: unknown; response: Response };

/** Unwraps an openapi-fetch result: the data, or an ApiFailure. Network failures become 503. */
export async function call<T>(promise: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await promise;
  } catch {
    window.dispatchEvent(new Event(SERVER_UNAVAILABLE_EVENT));
    throw new ApiFailure({ code: 503, msg: "Server is unavailable" }, 503);
  }
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiFailure(toApiError(result.error, result.response.status), result.response.status);
  }
  return result.data as T;
}

export function isApiFailure(err: unknown): err is ApiFailure {
  return err instanceof ApiFailure;
}
