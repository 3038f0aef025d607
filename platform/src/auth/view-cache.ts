/**
 * The signed-in member's own views (what GET /api/current-user and GET /api/participant/profile
 * read), kept in process per session for a few seconds, so the hottest signed-in reads make no
 * database round trip. What keeps it honest:
 * - an entry belongs to one session, and is served only to that session's user in that session's
 *   community (a session never reads outside the community it was made in);
 * - the database announces every change the views show (migration 038: a user's shown columns, any
 *   participant row of the user, a community's topics) on the bus channel `account.views` after
 *   commit, and every session change on `auth.sessions` (010); each process drops the entries at
 *   once, so another process or the CLI is seen within the bus's delay (milliseconds);
 * - this process drops them synchronously too: the actor's entries as soon as one of their own
 *   state-changing requests returns, and every entry after a state-changing request of a
 *   community's staff or an operator (they change other members), not waiting for the echo
 *   (requestContext), so a client reads its own writes;
 * - a load that began before an invalidation is not stored (generation counter), nothing is served
 *   or stored while the bus is not listening, and a gap in the bus empties the cache;
 * - an entry lives at most `ttlMs` (SESSION_CACHE_MS), the backstop for whatever no trigger sees.
 */
import { type Bus, followBus } from "../realtime/bus.ts";
import { SESSIONS_CHANGED } from "./session-cache.ts";

export const VIEWS_CHANGED = "account.views";

export type ViewCacheOptions = { ttlMs: number; maxEntries: number };

/** One kind of view; its name keys the entries, its type parameter types them. */
export type ViewKind<T> = { readonly name: string; readonly __value?: T };

export function viewKind<T>(name: string): ViewKind<T> {
  return { name };
}

/** Who reads: the session's user and the community the session was made in. */
export type ViewReader = { sessionId: string; userId: string; communityId: string };

/** A session's views, each with the time it was read. */
type Entry = { userId: string; communityId: string; views: Map<string, { at: number; value: unknown }> };

export class ViewCache {
  /** By session id. */
  readonly #entries = new Map<string, Entry>();
  /** Session ids by user, so a user's change drops only theirs. */
  readonly #byUser = new Map<string, Set<string>>();
  #generation = 0;

  constructor(
    readonly opts: ViewCacheOptions,
    private readonly isFed: () => boolean,
  ) {}

  /** Sessions with at least one view kept. */
  get size(): number {
    return this.#entries.size;
  }

  get enabled(): boolean {
    return this.opts.ttlMs > 0 && this.isFed();
  }

  /** The reader's fresh cached view, or undefined. */
  get<T>(kind: ViewKind<T>, reader: ViewReader): T | undefined {
    if (!this.enabled) return undefined;
    const entry = this.#entries.get(reader.sessionId);
    // Belt and braces: a session belongs to one user in one community.
    if (!entry || entry.userId !== reader.userId || entry.communityId !== reader.communityId) return undefined;
    const hit = entry.views.get(kind.name);
    return hit && Date.now() - hit.at < this.opts.ttlMs ? (hit.value as T) : undefined;
  }

  /** The cached view, else `load`'s answer, kept unless something changed while it loaded. */
  async read<T>(kind: ViewKind<T>, reader: ViewReader, load: () => Promise<T>): Promise<T> {
    const cached = this.get(kind, reader);
    if (cached !== undefined) return cached;
    if (!this.enabled) return load();
    const generation = this.#generation;
    const value = await load();
    if (generation === this.#generation && this.isFed()) this.#store(kind.name, reader, value);
    return value;
  }

  #store(name: string, reader: ViewReader, value: unknown): void {
    let entry = this.#entries.get(reader.sessionId);
    if (entry && (entry.userId !== reader.userId || entry.communityId !== reader.communityId)) {
      this.#drop(reader.sessionId);
      entry = undefined;
    }
    if (!entry) {
      entry = { userId: reader.userId, communityId: reader.communityId, views: new Map() };
      this.#entries.set(reader.sessionId, entry);
      let sessions = this.#byUser.get(reader.userId);
      if (!sessions) {
        sessions = new Set();
        this.#byUser.set(reader.userId, sessions);
      }
      sessions.add(reader.sessionId);
      if (this.#entries.size > this.opts.maxEntries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#drop(oldest);
      }
    }
    entry.views.set(name, { at: Date.now(), value });
  }

  #drop(sessionId: string): void {
    const entry = this.#entries.get(sessionId);
    if (!entry) return;
    this.#entries.delete(sessionId);
    const sessions = this.#byUser.get(entry.userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.#byUser.delete(entry.userId);
  }

  forgetUser(userId: string): void {
    this.#generation++;
    for (const sessionId of this.#byUser.get(userId) ?? []) this.#entries.delete(sessionId);
    this.#byUser.delete(userId);
  }

  forgetSession(sessionId: string): void {
    this.#generation++;
    this.#drop(sessionId);
  }

  forgetCommunity(communityId: string): void {
    this.#generation++;
    for (const [sessionId, entry] of this.#entries) if (entry.communityId === communityId) this.#drop(sessionId);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#byUser.clear();
  }
}

export function createViewCache(bus: Bus, opts: ViewCacheOptions): ViewCache {
  return new ViewCache(opts, () => bus.isListening());
}

/** Keeps `cache` in step with the database's announcements; a gap in the bus empties it. */
export function followViewChanges(bus: Bus, cache: ViewCache): Promise<() => Promise<void>> {
  return followBus(bus, () => cache.clear(), {
    [VIEWS_CHANGED]: ({ payload }) => {
      if (typeof payload?.userId === "string") cache.forgetUser(payload.userId);
      else if (typeof payload?.communityId === "string") cache.forgetCommunity(payload.communityId);
      else cache.clear();
    },
    [SESSIONS_CHANGED]: ({ payload }) => {
      if (typeof payload?.sessionId === "string") cache.forgetSession(payload.sessionId);
      else if (typeof payload?.userId === "string") cache.forgetUser(payload.userId);
      else cache.clear();
    },
  });
}
