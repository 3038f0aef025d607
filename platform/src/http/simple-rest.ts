/**
 * react-admin's simple-REST list contract (ra-data-simple-rest): `sort`, `range` and `filter` come
 * as JSON in the query; the window's total goes back in Content-Range. Shared by the console's lists.
 */
import { z } from "@hono/zod-openapi";
import { validation } from "../lib/errors.ts";

/** At most this many rows in one window. */
export const MAX_WINDOW = 500;

/** `range=[first,last]`, inclusive, at most MAX_WINDOW rows. */
export const RangeSchema = z
  .tuple([z.number().int().min(0), z.number().int().min(0)])
  .refine(([a, b]) => b >= a && b - a < MAX_WINDOW, `At most ${MAX_WINDOW} rows`);

/** The raw query of a list call. */
export type SimpleRestQuery = { sort?: string | undefined; range?: string | undefined; filter?: string | undefined };

/** One JSON query parameter checked against its schema; a 400 `{code, msg}` naming the field otherwise. */
export function parseJson<T extends z.ZodType>(name: string, raw: string | undefined, schema: T): z.infer<T> | undefined {
  if (raw === undefined || raw === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw validation(`Invalid input: ${name}: not JSON`, { [name]: "Not JSON" });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue ? `${[name, ...issue.path].join(".")}: ${issue.message}` : name;
    throw validation(`Invalid input: ${message}`, { [name]: issue?.message ?? "Invalid" });
  }
  return parsed.data;
}
