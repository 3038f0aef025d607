import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { AppError, ErrorCode, type FieldErrors } from "../lib/errors.ts";
import { findLoneSurrogate } from "../lib/fields.ts";
import type { AppEnv } from "./env.ts";
import { MemoRouter } from "./memo-router.ts";

export const ErrorSchema = z
  .object({
    code: z.number().int().openapi({ example: 1011 }),
    msg: z.string().openapi({ example: "Invalid login or password" }),
    requestId: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional().openapi({ description: "Problems by field, for forms" }),
  })
  .openapi("Error");

const errorContent = { "application/json": { schema: ErrorSchema } };

/** Error responses for a route's `responses`: `...errors(400, 401)`. */
export function errors(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 501 | 502 | 503)[]) {
  const text: Record<number, string> = {
    400: "Invalid input",
    401: "Not signed in, or the session expired, or wrong credentials",
    403: "Not allowed",
    404: "Not found (also for another community's ids)",
    409: "Conflict",
    413: "Body too large",
    415: "Unsupported media type",
    429: "Rate limited; see Retry-After",
    501: "Not configured",
    502: "Upstream service failed",
    503: "The database is unreachable; see Retry-After",
  };
  return Object.fromEntries(statuses.map((s) => [s, { description: text[s] ?? "Error", content: errorContent }])) as {
    [K in (typeof statuses)[number]]: { description: string; content: typeof errorContent };
  };
}

/** A required JSON request body (without `required`, a wrong content type would skip validation). */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { "application/json": { schema } } } as const;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

export const OkSchema = z.object({ ok: z.literal(true) }).openapi("Ok");

/** Turns a zod failure into the one error shape, with problems keyed by field path. */
export function validationError(issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[]): AppError {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  const first = issues[0];
  const where = first?.path.length ? `${first.path.map(String).join(".")}: ` : "";
  return new AppError(ErrorCode.VALIDATION, `Invalid input: ${where}${first?.message ?? "bad request"}`, { errors: fields });
}

/**
 * Every module builds its router with this, so validation failures share one hook. The hook also
 * refuses lone surrogates in any validated string (body, query, path), whatever the field's schema.
 */
export function createRouter(opts: { isRoot?: boolean } = {}): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    // Only the root app matches requests; mounted routers hand their routes to it.
    ...(opts.isRoot ? { router: new MemoRouter() } : {}),
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error.issues);
      const path = findLoneSurrogate(result.data);
      if (path) throw validationError([{ path, message: "Must not contain a lone UTF-16 surrogate" }]);
    },
  });
}

export function ctxOf(c: Context<AppEnv>) {
  return c.get("ctx");
}

const serialised = new WeakMap<object, string>();
const JSON_HEADERS = { "content-type": "application/json" } as const;

/**
 * `c.json(value, 200)` for an answer kept in memory (the member view cache's own profile):
 * serialised once per kept object rather than on every request (JSON.stringify was 6 of the 37 µs
 * a cached profile read cost the server, bench:api). The value must never change once answered.
 */
export function keptJson<T extends object>(c: Context<AppEnv>, value: T): Response & TypedResponse<JSONParsed<T>, 200, "json"> {
  let text = serialised.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    serialised.set(value, text);
  }
  // The same response c.json builds; only its type parameter (the body as parsed JSON) differs.
  return c.body(text, 200, JSON_HEADERS) as unknown as Response & TypedResponse<JSONParsed<T>, 200, "json">;
}

/** A CSV file download (the body as exported: a string or a stream), never cached. */
export function csvFile(c: Context<AppEnv>, file: { filename: string; body: string | ReadableStream<Uint8Array> }): Response {
  return c.body(file.body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${encodeURIComponent(file.filename)}"`,
    "cache-control": "no-store",
  });
}
