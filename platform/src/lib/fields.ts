import { z } from "@hono/zod-openapi";

/**
 * Field helpers shared by every module's schemas, so a rule about a kind of field (a page number,
 * a person's name) holds on every route that has one.
 */

const DECIMAL_INTEGER = /^\d+$/;

/**
 * A non-negative integer query parameter written in plain decimal digits. `z.coerce.number()`
 * would take "1e2", "0x10", " 1", "1.0" and "+1" through Number(); an integration sending those
 * has a bug we want it to see.
 */
export function queryInteger(bounds: { min: number; max?: number }, defaultValue: number) {
  const n = z.number().int().min(bounds.min);
  return z
    .string()
    .regex(DECIMAL_INTEGER, "Must be a decimal integer")
    .transform(Number)
    .pipe(bounds.max === undefined ? n : n.max(bounds.max))
    .default(defaultValue);
}

/** `page` of every paged list: 0-based. */
export function pageParam(max?: number) {
  return queryInteger(max === undefined ? { min: 0 } : { min: 0, max }, 0).openapi({
    type: "integer",
    description: "0-based page number",
    example: 0,
  });
}

/** `size` of every paged list. */
export function sizeParam(max: number, defaultValue: number) {
  return queryInteger({ min: 1, max }, defaultValue).openapi({ type: "integer", description: `Page size, 1..${max}`, example: defaultValue });
}

const LETTER = /\p{L}/u;

/**
 * A person's name (first name, last name): trimmed, 1..max characters, at least one letter. Trim
 * leaves zero-width characters, so "\u200b" or "..." would otherwise pass as a name and show as a
 * blank card.
 */
export function personName(max: number) {
  const length = `Must be between 1 and ${max} characters`;
  return z.string().trim().min(1, length).max(max, length).refine((s) => LETTER.test(s), "Must contain a letter");
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}

/**
 * The path of the first string (value or key) in validated input that holds a lone UTF-16
 * surrogate: JSON can carry "\ud800", which is no character, and UTF-8 (PostgreSQL, e-mail) has
 * no way to write it, so it would be stored as U+FFFD or refused deep in a query.
 */
export function findLoneSurrogate(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === "string") return hasLoneSurrogate(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findLoneSurrogate(item, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasLoneSurrogate(key)) return [...path, key];
      const found = findLoneSurrogate(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
