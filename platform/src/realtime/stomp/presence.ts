/**
 * Presence of the members connected to this process, kept with every other process's through
 * presence_nodes (and this process's liveness in presence_processes, one row refreshed every 20 s): a member is ONLINE from their first socket on any process until their last one
 * closed everywhere and the grace period passed (a reload or a reconnect to another process within
 * it publishes nothing). Changes are published on `community/{id}/presence`.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Db } from "../../db/client.ts";
import type { Bus } from "../bus.ts";
import { forgetProcess, holdPresence, PRESENCE_REFRESH_SECONDS, refreshPresence, releasePresence, sweepStalePresence } from "../presence-queries.ts";
import { presenceTopic, publishTopic } from "../topics.ts";

export type PresenceStatus = "ONLINE" | "OFFLINE";
/** What the presence topic carries. */
export type PresenceBody = { type: "PRESENCE"; participantId: string; status: PresenceStatus; at: string };

type Entry = { communityId: string; participantId: string; sockets: number; grace: NodeJS.Timeout | undefined; held: boolean; queue: Promise<void> };

export class PresenceTracker {
  /** This process's id in presence_nodes. */
  readonly node = randomUUID();
  private readonly entries = new Map<string, Entry>();
  private readonly refresh: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: Logger,
    private readonly graceMs: number,
  ) {
    this.refresh = setInterval(() => void this.refreshAndSweep(), PRESENCE_REFRESH_SECONDS * 1000);
    this.refresh.unref();
  }

  /** A socket of the member opened on this process. */
  connected(communityId: string, participantId: string): void {
    const key = `${communityId}\0${participantId}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { communityId, participantId, sockets: 0, grace: undefined, held: false, queue: Promise.resolve() };
      this.entries.set(key, entry);
    }
    entry.sockets++;
    if (entry.grace) {
      clearTimeout(entry.grace);
      entry.grace = undefined;
    }
    if (!entry.held) {
      entry.held = true;
      this.enqueue(entry, async () => {
        if (await holdPresence(this.db, communityId, participantId, this.node)) await this.publish(communityId, participantId, "ONLINE");
      });
    }
  }

  /** A socket of the member closed on this process. */
  disconnected(communityId: string, participantId: string): void {
    const key = `${communityId}\0${participantId}`;
    const entry = this.entries.get(key);
    if (!entry || entry.sockets === 0) return;
    entry.sockets--;
    if (entry.sockets > 0 || this.closed) return;
    entry.grace = setTimeout(() => {
      entry.grace = undefined;
      if (entry.sockets > 0) return;
      this.release(key, entry);
    }, this.graceMs);
    entry.grace.unref();
  }

  private release(key: string, entry: Entry): void {
    entry.held = false;
    this.enqueue(entry, async () => {
      if (await releasePresence(this.db, entry.communityId, entry.participantId, this.node)) {
        await this.publish(entry.communityId, entry.participantId, "OFFLINE");
      }
      if (entry.sockets === 0 && !entry.held && this.entries.get(key) === entry) this.entries.delete(key);
    });
  }

  /** One member's database steps run in order, so a quick close and reopen cannot cross. */
  private enqueue(entry: Entry, step: () => Promise<void>): void {
    entry.queue = entry.queue.then(step).catch((err) => this.log.error({ err, participantId: entry.participantId }, "presence update failed"));
  }

  private publish(communityId: string, participantId: string, status: PresenceStatus): Promise<void> {
    const body: PresenceBody = { type: "PRESENCE", participantId, status, at: new Date().toISOString() };
    return publishTopic(this.bus, { communityId, topic: presenceTopic(communityId), body });
  }

  /** Keeps this process's rows live and takes members held only by dead processes offline (every PRESENCE_REFRESH_SECONDS). */
  async refreshAndSweep(): Promise<void> {
    try {
      await refreshPresence(this.db, this.node);
      for (const gone of await sweepStalePresence(this.db)) await this.publish(gone.communityId, gone.participantId, "OFFLINE");
    } catch (err) {
      this.log.warn({ err }, "presence refresh failed");
    }
  }

  /** On shutdown: every member held here is released at once (no grace), offline unless held elsewhere. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.refresh);
    for (const [key, entry] of this.entries) {
      if (entry.grace) clearTimeout(entry.grace);
      entry.sockets = 0;
      if (entry.held) this.release(key, entry);
    }
    await Promise.all([...this.entries.values()].map((e) => e.queue));
    await forgetProcess(this.db, this.node).catch((err) => this.log.warn({ err }, "presence process row not removed"));
  }
}
