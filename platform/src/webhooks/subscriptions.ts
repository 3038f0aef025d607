/**
 * Which event types each community's enabled endpoints take, kept in process so that emitting an
 * event nobody subscribed to (the usual case, on hot paths: joining, answering an intro, a weekly
 * run's thousand pairs) costs no database round trip. What keeps it honest:
 * - only "no endpoint takes this type" skips work; a cached "taken" still goes through the insert,
 *   which reads the endpoints in the change's transaction and decides;
 * - the database announces every change of an endpoint's events or enabled state (migration 060)
 *   on the bus channel `webhooks.endpoints` after commit; each process drops the community's entry.
 *   The writing process drops it itself once its transaction commits, not waiting for the echo;
 * - a load that began before an invalidation is not stored (generation counter); nothing is
 *   served or stored while the bus is not listening; an entry is reloaded after `ttlMs` anyway.
 * So another process starts sending a new endpoint's events within the bus's latency of its commit
 * (docs/decisions/0143).
 */
import type { Db } from "../db/client.ts";
import { type Bus, followBus } from "../realtime/bus.ts";

export const ENDPOINTS_CHANGED = "webhooks.endpoints";
export const SUBSCRIPTIONS_TTL_MS = 60_000;

type Entry = { at: number; types: ReadonlySet<string> };

export class WebhookSubscriptions {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly isFed: () => boolean,
  ) {}

  /** False only when no enabled endpoint of the community takes `type`. */
  async wants(db: Db, communityId: string, type: string): Promise<boolean> {
    const usable = this.ttlMs > 0 && this.isFed();
    const hit = usable ? this.#entries.get(communityId) : undefined;
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.types.has(type);
    const generation = this.#generation;
    const at = Date.now();
    const rows = await db<{ type: string }[]>`
      select distinct unnest(events) as type from webhook_endpoints where community_id = ${communityId} and enabled`;
    const types = new Set(rows.map((r) => r.type));
    if (usable && generation === this.#generation && this.isFed()) this.#entries.set(communityId, { at, types });
    return types.has(type);
  }

  forget(communityId: string): void {
    this.#generation++;
    this.#entries.delete(communityId);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}

export function createWebhookSubscriptions(bus: Bus, ttlMs = SUBSCRIPTIONS_TTL_MS): WebhookSubscriptions {
  return new WebhookSubscriptions(ttlMs, () => bus.isListening());
}

/** Keeps `cache` in step with the database's announcements; a gap in the bus empties it. */
export function followWebhookSubscriptions(bus: Bus, cache: WebhookSubscriptions): Promise<() => Promise<void>> {
  return followBus(bus, () => cache.clear(), {
    [ENDPOINTS_CHANGED]: ({ payload }) => {
      if (typeof payload?.communityId === "string") cache.forget(payload.communityId);
      else cache.clear();
    },
  });
}
