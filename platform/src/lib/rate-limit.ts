import type { Db } from "../db/client.ts";
import { AppError, rateLimited } from "./errors.ts";

export type Limit = { limit: number; windowSeconds: number };

let scale = 1;

/**
 * Multiplies every limit in this process (config.rateLimitScale, set when the server starts): 1 in
 * production; the browser tests raise it because one machine plays all their users from one IP.
 */
export function setRateLimitScale(factor: number): void {
  scale = Math.max(1, Math.floor(factor));
}

/** The limit as this process enforces it (times the scale): for callers that count hits in their own statement. */
export function scaledLimit(limit: number): number {
  return limit * scale;
}

/** Counts one hit in `key`'s fixed window (a new window once the last is over): the hits so far and the seconds left. */
async function countHit(db: Db, key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number } | undefined> {
  const [row] = await db<{ hits: number; retryAfter: number }[]>`
    insert into rate_limits as r (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when r.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else r.hits + 1 end,
      window_start = case when r.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else r.window_start end
    returning hits, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))::float8 as "retryAfter"`;
  return row;
}

/**
 * Fixed-window counter in PostgreSQL, so every server instance shares it. Counts one hit and
 * throws 429 (with Retry-After) once the window holds more than `limit` hits.
 */
export async function consumeRateLimit(db: Db, key: string, { limit, windowSeconds }: Limit): Promise<void> {
  const row = await countHit(db, key, windowSeconds);
  if (row && row.hits > limit * scale) throw rateLimited(row.retryAfter);
}

/** Throws 429 when the window is already full, without counting a hit (for "failures only" limits). */
export async function assertUnderRateLimit(db: Db, key: string, { limit, windowSeconds }: Limit): Promise<void> {
  const [row] = await db<{ hits: number; retryAfter: number }[]>`
    select hits, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))::float8 as "retryAfter"
    from rate_limits where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`;
  if (row && row.hits >= limit * scale) throw rateLimited(row.retryAfter);
}

/** Counts a hit without throwing (used to record a failure after the fact). */
export async function recordRateLimitHit(db: Db, key: string, limit: Limit): Promise<void> {
  await consumeRateLimit(db, key, { ...limit, limit: Number.MAX_SAFE_INTEGER });
}

export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db`delete from rate_limits where key = ${key}`;
}

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number; windowSeconds: number };

/**
 * Counts one hit like `consumeRateLimit` and says where the window stands, for the RateLimit-*
 * headers (IETF draft) a key's answers carry; throws 429 with those headers and Retry-After once
 * the window is over its limit.
 */
export async function consumeRateLimitState(db: Db, key: string, { limit, windowSeconds }: Limit): Promise<RateLimitState> {
  const row = await countHit(db, key, windowSeconds);
  const scaled = limit * scale;
  const hits = row?.hits ?? 1;
  const state = { limit: scaled, remaining: Math.max(0, scaled - hits), resetSeconds: Math.max(1, Math.ceil(row?.retryAfter ?? windowSeconds)), windowSeconds };
  if (hits > scaled) {
    const err = rateLimited(state.resetSeconds);
    throw new AppError(err.code, err.message, { headers: { ...err.headers, ...rateLimitHeaders(state) } });
  }
  return state;
}

export function rateLimitHeaders(s: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Limit": String(s.limit),
    "RateLimit-Remaining": String(s.remaining),
    "RateLimit-Reset": String(s.resetSeconds),
    "RateLimit-Policy": `${s.limit};w=${s.windowSeconds}`,
  };
}
