import createClient, { type Middleware } from "openapi-fetch";
import type { components, paths } from "./schema.d.ts";

export type { components, paths };
export type ApiError = components["schemas"]["Error"];

export type ApiClientOptions = {
  /** Origin of the platform; "" for same-origin (the web apps). */
  baseUrl?: string;
  /** A fixed bearer token, sent as `Authorization: Bearer <token>`: a community API key or a session token. */
  token?: string;
  /** The token read on every call (wins over `token`): the web apps' stored session. */
  getToken?: () => string | null | undefined;
  /** Sent as X-Community when the host alone does not name the community (a community id). */
  community?: string | (() => string | null | undefined);
  /** Sent as Accept-Language on every call: the app's current language (staff screens' reasons are written in it). */
  lang?: () => string | null | undefined;
  fetch?: typeof fetch;
  /**
   * Gives up on a call after this many milliseconds (the promise rejects with a TimeoutError, as a
   * network failure does); a caller's own abort signal still works. Unset: no limit.
   */
  timeoutMs?: number;
};

/** `base`, with every request abandoned after `ms` (besides its own signal). */
export function withTimeout(base: typeof fetch, ms: number): typeof fetch {
  return (input, init) => {
    const own = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    // One controller and a timer, not AbortSignal.any/timeout: Node may collect the sources of an
    // AbortSignal.any while the request waits, and the timeout never fires.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${ms} ms`, "TimeoutError")), ms);
    const follow = () => controller.abort(own?.reason);
    if (own?.aborted) follow();
    else own?.addEventListener("abort", follow, { once: true });
    return base(input, { ...init, signal: controller.signal }).finally(() => {
      clearTimeout(timer);
      own?.removeEventListener("abort", follow);
    });
  };
}

/**
 * The typed client both web apps and integrators use for every call: `client.GET(path, {params})`,
 * `client.POST(path, {body})`, each answering `{data, error, response}` typed from openapi.json.
 */
export function createApiClient(opts: ApiClientOptions = {}) {
  const base = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const fetcher = opts.timeoutMs ? withTimeout(base, opts.timeoutMs) : opts.fetch;
  const client = createClient<paths>({ baseUrl: opts.baseUrl ?? "", ...(fetcher ? { fetch: fetcher } : {}) });
  const auth: Middleware = {
    onRequest({ request }) {
      const token = opts.getToken ? opts.getToken() : opts.token;
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      const community = typeof opts.community === "function" ? opts.community() : opts.community;
      if (community) request.headers.set("X-Community", community);
      const lang = opts.lang?.();
      if (lang) request.headers.set("Accept-Language", lang);
      return request;
    },
  };
  client.use(auth);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Narrows an unknown error body to the platform's `{ code, msg }` shape (code 1000 when absent, as the spec says). */
export function toApiError(body: unknown, status?: number): ApiError {
  if (body && typeof body === "object" && "code" in body && "msg" in body) return body as ApiError;
  return { code: status === 503 ? 503 : 1000, msg: "Server is unavailable" };
}
