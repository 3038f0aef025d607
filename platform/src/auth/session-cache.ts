/**
 * Validated sessions, kept in process for a few seconds so a signed-in request skips the session
 * lookup. What keeps it honest:
 * - the token's secret is compared in constant time on every hit (the entry holds it for its few
 *   seconds, as the request held it: hashing it again on every hit was a few per cent of a
 *   signed-in read in bench:api), and a hit counts only in the community the session was made in;
 * - the database announces every change a lookup would see (migration 010: a session deleted, a
 *   user disabled, deleted or made operator, a participant created, removed, or its role, status
 *   or completion changed) on the bus channel `auth.sessions` after commit; each process drops
 *   the entries at once. The own process also drops the actor's entries as soon as one of its
 *   own state-changing requests returns (requestContext), not waiting for its echo;
 * - a load that began before an invalidation is not stored (generation counter), and nothing is
 *   served or stored while the bus is not listening, when announcements may be missed;
 * - sliding renewal and expiry still go through the database: an entry due for renewal or past a
 *   limit is a miss.
 */
import type { Db } from "../db/client.ts";
import { secretsEqual } from "../lib/crypto.ts";
import { type Bus, followBus } from "../realtime/bus.ts";
import { SESSION_ABSOLUTE_MS, SESSION_INACTIVITY_MS, SESSION_RENEW_AFTER_MS, type ValidSession, validateSessionToken } from "./session.ts";

export const SESSIONS_CHANGED = "auth.sessions";

export type SessionCacheOptions = { ttlMs: number; maxEntries: number };

type Entry = { at: number; secret: Buffer; value: ValidSession };

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  constructor(
    readonly opts: SessionCacheOptions,
    private readonly isFed: () => boolean,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The answer `validate` would give from a fresh entry, without a promise (a signed-in request's
   * usual path); undefined when there is none and the database must be asked.
   */
  cached(token: string, communityId: string): ValidSession | null | undefined {
    if (this.opts.ttlMs <= 0 || !this.isFed()) return undefined;
    const dot = token.indexOf(".");
    const now = Date.now();
    const hit = dot > 0 ? this.#entries.get(token.slice(0, dot)) : undefined;
    if (!hit || now - hit.at >= this.opts.ttlMs || !isCurrent(hit.value, now)) return undefined;
    if (!secretsEqual(Buffer.from(token.slice(dot + 1)), hit.secret)) return null;
    // A session is bound to the community it was made in; elsewhere it is worth nothing.
    return hit.value.session.communityId === communityId ? hit.value : null;
  }

  async validate(db: Db, token: string, communityId: string): Promise<ValidSession | null> {
    const cached = this.cached(token, communityId);
    if (cached !== undefined) return cached;
    if (this.opts.ttlMs <= 0 || !this.isFed()) return validateSessionToken(db, token, communityId);
    const dot = token.indexOf(".");
    const id = token.slice(0, dot);
    const generation = this.#generation;
    const value = await validateSessionToken(db, token, communityId);
    if (value && generation === this.#generation && this.isFed()) {
      this.#entries.delete(id);
      this.#entries.set(id, { at: Date.now(), secret: Buffer.from(token.slice(dot + 1)), value });
      if (this.#entries.size > this.opts.maxEntries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
    } else if (!value) this.#entries.delete(id);
    return value;
  }

  forgetSession(sessionId: string): void {
    this.#generation++;
    this.#entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.#generation++;
    for (const [id, entry] of this.#entries) if (entry.value.user.id === userId) this.#entries.delete(id);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}

/** Not due for renewal and within both limits: otherwise the database decides. */
function isCurrent(value: ValidSession, now: number): boolean {
  const idle = now - value.session.lastVerifiedAt.getTime();
  return idle < SESSION_RENEW_AFTER_MS && idle < SESSION_INACTIVITY_MS && now - value.session.createdAt.getTime() < SESSION_ABSOLUTE_MS;
}

export function createSessionCache(bus: Bus, opts: SessionCacheOptions): SessionCache {
  return new SessionCache(opts, () => bus.isListening());
}

/** Keeps `cache` in step with the database's announcements; a gap in the bus empties it. */
export function followSessionChanges(bus: Bus, cache: SessionCache): Promise<() => Promise<void>> {
  return followBus(bus, () => cache.clear(), {
    [SESSIONS_CHANGED]: ({ payload }) => {
      if (typeof payload?.sessionId === "string") cache.forgetSession(payload.sessionId);
      else if (typeof payload?.userId === "string") cache.forgetUser(payload.userId);
      else cache.clear();
    },
  });
}
