import { createApiClient, toApiError } from "@tuesday/api-client";
import { i18nProvider } from "./i18n.ts";

/** The same `token` key as the member app: one session per browser and domain. */
export const TOKEN_KEY = "token";

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  if (token === null) localStorage.removeItem(TOKEN_KEY);
  else localStorage.setItem(TOKEN_KEY, token);
}

/** The generated, typed client: every console call to /api goes through it. */
// A call that has not answered in 60 s (exports and previews included) is given up (issue 27).
// The console's current language goes with every call: the pairs' reasons are written in it.
export const api = createApiClient({ getToken: readToken, timeoutMs: 60_000, lang: () => i18nProvider.getLocale() });

/** A failed call with its HTTP status, which react-admin's checkError reads. */
export class ConsoleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number,
    /** The platform's field errors (`errors` keyed by field), for forms. */
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ConsoleApiError";
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response };

export async function call<T>(promise: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await promise;
  } catch {
    // No answer (network down, or the call timed out): the platform's own words for it.
    throw new ConsoleApiError("Server is unavailable", 503, 503);
  }
  if (result.error !== undefined || !result.response.ok) {
    const err = toApiError(result.error, result.response.status);
    const fields = (result.error as { errors?: Record<string, string> } | undefined)?.errors;
    throw new ConsoleApiError(err.msg, result.response.status, err.code, fields ?? {});
  }
  return result.data as T;
}
