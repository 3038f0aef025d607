/**
 * The process's PostgreSQL LISTEN/NOTIFY bus: one dedicated connection listens on every channel
 * a module subscribes to; `publish` is a NOTIFY, so several server instances behave as one.
 *
 * postgres.js `sql.listen` re-listens when its connection closes, but drops the channel for good
 * when that one attempt fails (the database still restarting), and a throwing handler escapes into
 * its connection. This bus keeps retrying until every channel listens again, isolates handlers,
 * and tells `onGap` subscribers whenever messages may have been missed (connection lost, and
 * again once listening resumed), so caches fed by the bus can drop everything.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import postgres from "postgres";
import { afterCommit, type Db, socketPath } from "../db/client.ts";

/** NOTIFY refuses payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;
const CHANNEL = /^[a-z][a-z0-9_.:-]{0,62}$/;
const SYNC_TIMEOUT_MS = 1_000;

export type BusMessage<T = unknown> = { channel: string; payload: T; isOwn: boolean };
export type BusHandler<T = unknown> = (message: BusMessage<T>) => void;

export type Bus = {
  /**
   * Sends `payload` (JSON) to every subscriber of `channel` in every process. Through a
   * transaction (`db`), PostgreSQL delivers it only once that transaction commits, and never on
   * rollback; this process's own subscribers hear it right after the commit too.
   */
  publish: (channel: string, payload: unknown, db?: Db) => Promise<void>;
  /** Resolves once the channel listens; returns the unsubscribe. `ignoreOwn`: skip this process's messages. */
  subscribe: <T = unknown>(channel: string, handler: BusHandler<T>, opts?: { ignoreOwn?: boolean }) => Promise<() => Promise<void>>;
  /** Called whenever messages may have been missed: the connection dropped, and once it listens again. */
  onGap: (fn: () => void) => () => void;
  /** False while the listening connection is down (messages are being missed). */
  isListening: () => boolean;
  /**
   * Resolves once this process has heard every message committed before the call: PostgreSQL
   * delivers notifications in commit order, so a marker NOTIFY coming back is the barrier. A
   * request that changed what another actor's cached state shows awaits it before answering
   * (read-your-writes across actors in one process). Resolves at once while not listening (caches
   * are not served then), and gives up after `SYNC_TIMEOUT_MS`.
   */
  sync: () => Promise<void>;
  close: () => Promise<void>;
};

type Envelope = { o?: string; d: unknown };
type Subscriber = { handler: BusHandler; ignoreOwn: boolean };

export function encodeMessage(channel: string, payload: unknown, origin: string | undefined): string {
  if (!CHANNEL.test(channel)) throw new Error(`Bus channel "${channel}" is not a lowercase name of at most 63 characters`);
  const text = JSON.stringify(origin ? { o: origin, d: payload } : { d: payload });
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_PAYLOAD_BYTES) {
    throw new Error(`Bus message on "${channel}" is ${bytes} bytes; NOTIFY carries at most ${MAX_PAYLOAD_BYTES}: publish an id and read the rest`);
  }
  return text;
}

export function createBus(url: string, pool: Db, log: Logger, opts: { retryMs?: number } = {}): Bus {
  const origin = randomUUID();
  const channels = new Map<string, Set<Subscriber>>();
  const listening = new Set<string>();
  const gapListeners = new Set<() => void>();
  let closed = false;
  let connected = false;
  let retry: NodeJS.Timeout | undefined;
  let resubscribing: Promise<void> | undefined;
  // The process's own marker channel for sync(): only this process listens on it.
  const syncChannel = `bus.sync.${origin}`;
  const syncWaiters = new Map<string, () => void>();
  let syncSeq = 0;

  const parsed = new URL(url);
  const path = socketPath(parsed);
  parsed.searchParams.delete("host");
  // postgres.js delivers every NotificationResponse to `onnotify` (what its own listen uses; the
  // option is missing from its type declarations).
  const options: postgres.Options<Record<string, never>> & { onnotify: (channel: string, text: string) => void } = {
    ...(path ? { path } : {}),
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: 10,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: "tuesday-bus" },
    onnotify: (channel, text) => receive(channel, text),
    onclose: () => lost(),
  };
  const sql = postgres(parsed.toString(), options);
  // NOTIFYs outside a transaction go through one connection of their own: their commits queue on
  // the database-wide notify lock anyway, so one pipelined connection loses nothing, and they no
  // longer take request-pool connections from the statements (a chat message's insert) they follow.
  const notifier = postgres(parsed.toString(), {
    ...(path ? { path } : {}),
    max: 1,
    idle_timeout: 60,
    max_lifetime: null,
    connect_timeout: 10,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: "tuesday-bus-notify" },
  });

  function deliver(channel: string, payload: unknown, isOwn: boolean): void {
    for (const sub of channels.get(channel) ?? []) {
      if (isOwn && sub.ignoreOwn) continue;
      try {
        sub.handler({ channel, payload, isOwn });
      } catch (err) {
        log.error({ err, channel }, "bus handler failed");
      }
    }
  }

  function receive(channel: string, text: string): void {
    if (channel === syncChannel) {
      syncWaiters.get(text)?.();
      return;
    }
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      log.warn({ channel }, "bus message is not JSON; dropped");
      return;
    }
    // This process's own messages were delivered locally right after their commit.
    if (envelope.o === origin) return;
    deliver(channel, envelope.d, false);
  }

  function gap(): void {
    for (const fn of gapListeners) {
      try {
        fn();
      } catch (err) {
        log.error({ err }, "bus gap handler failed");
      }
    }
  }

  function lost(): void {
    if (closed || !connected) return;
    connected = false;
    listening.clear();
    log.warn("bus connection lost; listening again");
    gap();
    scheduleResubscribe(0);
  }

  function scheduleResubscribe(delay: number): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void resubscribe(delay);
    }, delay);
    retry.unref();
  }

  async function listenOn(channel: string): Promise<void> {
    await sql.unsafe(`listen "${channel}"`);
    listening.add(channel);
    connected = true;
  }

  async function resubscribe(lastDelay: number): Promise<void> {
    if (resubscribing) return resubscribing;
    resubscribing = (async () => {
      try {
        for (const channel of channels.keys()) if (!listening.has(channel)) await listenOn(channel);
        log.info("bus listening again");
        gap();
      } catch (err) {
        connected = false;
        listening.clear();
        const next = Math.min(Math.max((lastDelay || (opts.retryMs ?? 100)) * 2, opts.retryMs ?? 100), 5_000);
        log.warn({ err, retryInMs: next }, "bus cannot listen yet");
        resubscribing = undefined;
        scheduleResubscribe(next);
        return;
      }
      resubscribing = undefined;
    })();
    return resubscribing;
  }

  return {
    async publish(channel, payload, db) {
      const via = db ?? pool;
      const text = encodeMessage(channel, payload, origin);
      const own = () => deliver(channel, (JSON.parse(text) as Envelope).d, true);
      if (!("savepoint" in via)) {
        // Nothing to wait for: this process's subscribers hear it at once, the others once the
        // NOTIFY commits. A NOTIFY's commit holds a database-wide lock until its WAL is flushed,
        // so every notifying commit waits for the one before: alone in its transaction (nothing
        // else to keep), it commits without waiting for the flush. A crash may then lose the
        // notice, never data: listeners treat that as a gap.
        own();
        await notifier`select set_config('synchronous_commit', 'off', true), pg_notify(${channel}, ${text})`;
        return;
      }
      // A transaction opened outside withTx has no commit hook: the message then comes back
      // through PostgreSQL to this process like to any other.
      const hooked = afterCommit(via, own);
      await via`select pg_notify(${channel}, ${hooked ? text : encodeMessage(channel, payload, undefined)})`;
    },
    async subscribe(channel, handler, subOpts = {}) {
      if (closed) throw new Error("bus is closed");
      if (!CHANNEL.test(channel)) throw new Error(`Bus channel "${channel}" is not a lowercase name of at most 63 characters`);
      let subs = channels.get(channel);
      if (!subs) {
        subs = new Set();
        channels.set(channel, subs);
      }
      const sub: Subscriber = { handler: handler as BusHandler, ignoreOwn: subOpts.ignoreOwn ?? false };
      subs.add(sub);
      if (!listening.has(channel)) {
        try {
          await listenOn(channel);
        } catch (err) {
          log.warn({ err, channel }, "bus cannot listen yet");
          scheduleResubscribe(opts.retryMs ?? 100);
        }
      }
      return async () => {
        subs.delete(sub);
        if (subs.size > 0 || channels.get(channel) !== subs) return;
        channels.delete(channel);
        if (listening.delete(channel) && connected) await sql.unsafe(`unlisten "${channel}"`).catch(() => {});
      };
    },
    onGap(fn) {
      gapListeners.add(fn);
      return () => void gapListeners.delete(fn);
    },
    isListening: () => connected && !closed,
    async sync() {
      if (closed || !connected) return;
      if (!listening.has(syncChannel)) {
        // Kept through reconnects like any channel (resubscribe walks `channels`).
        if (!channels.has(syncChannel)) channels.set(syncChannel, new Set());
        try {
          await listenOn(syncChannel);
        } catch (err) {
          log.warn({ err }, "bus cannot listen for its sync marker");
          return;
        }
      }
      const marker = String(++syncSeq);
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        syncWaiters.set(marker, resolve);
        timer = setTimeout(() => {
          log.warn({ waitedMs: SYNC_TIMEOUT_MS }, "bus sync marker not heard back; going on");
          resolve();
        }, SYNC_TIMEOUT_MS);
        timer.unref();
      });
      try {
        await pool`select set_config('synchronous_commit', 'off', true), pg_notify(${syncChannel}, ${marker})`;
        await heard;
      } catch (err) {
        // The database went away meanwhile: the bus reports the gap, and the caches empty.
        log.warn({ err }, "bus sync marker not sent");
      } finally {
        clearTimeout(timer);
        syncWaiters.delete(marker);
      }
    },
    async close() {
      closed = true;
      connected = false;
      if (retry) clearTimeout(retry);
      await Promise.all([sql.end({ timeout: 1 }), notifier.end({ timeout: 1 })]);
    },
  };
}

/**
 * Keeps one process cache in step with the bus: each channel's messages go to its handler, and a
 * gap (messages may have been missed) empties the cache through `clear`. Resolves once every channel
 * listens; returns the stop. Every bus-invalidated cache (sessions, member views, matching models,
 * webhook subscriptions) follows the bus through this one function.
 */
export async function followBus(bus: Bus, clear: () => void, handlers: Record<string, BusHandler<Record<string, unknown> | null | undefined>>): Promise<() => Promise<void>> {
  const stopGap = bus.onGap(clear);
  const offs = await Promise.all(Object.entries(handlers).map(([channel, handler]) => bus.subscribe(channel, handler)));
  return async () => {
    stopGap();
    await Promise.all(offs.map((off) => off()));
  };
}
