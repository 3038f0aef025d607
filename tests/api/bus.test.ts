import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTx } from "@tuesday/platform";
import { type Bus, type BusMessage, createBus } from "@tuesday/platform/http";
import { createPeer, type PeerApp, testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile();
let peer: PeerApp;
const extraBuses: Bus[] = [];
beforeAll(async () => {
  peer = await createPeer(env);
});
afterAll(async () => {
  await Promise.all(extraBuses.map((b) => b.close()));
  await peer?.close();
});

const silent = pino({ level: "silent" });

function newBus(retryMs = 50): Bus {
  const bus = createBus(env.dbUrl, env.db, silent, { retryMs });
  extraBuses.push(bus);
  return bus;
}

/** Listens on `channel` (resolved once LISTEN is in place); `message` is the first one, or rejects after `ms`. */
async function listenOnce<T>(bus: Bus, channel: string, ms = 2000): Promise<{ message: Promise<BusMessage<T>> }> {
  let resolve: (m: BusMessage<T>) => void = () => {};
  const message = new Promise<BusMessage<T>>((res, reject) => {
    resolve = res;
    setTimeout(() => reject(new Error(`no message on ${channel} within ${ms} ms`)), ms);
  });
  await bus.subscribe<T>(channel, (m) => resolve(m));
  return { message };
}

async function until<T>(fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the bus", () => {
  it("carries JSON to every process, this one included, and ignores own messages on request", async () => {
    const a = newBus();
    const b = newBus();
    const got: BusMessage[] = [];
    const ignored: BusMessage[] = [];
    await a.subscribe("test.hello", (m) => got.push(m));
    await a.subscribe("test.hello", (m) => ignored.push(m), { ignoreOwn: true });
    const atB = (await listenOnce<{ n: number }>(b, "test.hello")).message;
    await a.publish("test.hello", { n: 1 });
    expect((await atB).payload).toEqual({ n: 1 });
    expect((await atB).isOwn).toBe(false);
    expect(got).toEqual([{ channel: "test.hello", payload: { n: 1 }, isOwn: true }]);
    await b.publish("test.hello", { n: 2 });
    await until(async () => (got.length === 2 ? true : undefined), 1000);
    expect(got[1]).toEqual({ channel: "test.hello", payload: { n: 2 }, isOwn: false });
    expect(ignored).toEqual([{ channel: "test.hello", payload: { n: 2 }, isOwn: false }]);
  });

  it("sync() resolves only once every message committed before it has been handled here", async () => {
    const warnings: string[] = [];
    const bus = createBus(env.dbUrl, env.db, pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) }), { retryMs: 50 });
    extraBuses.push(bus);
    const heard = new Set<number>();
    await bus.subscribe<number>("test.sync", ({ payload }) => void heard.add(payload));
    // Another connection commits a message, then this process syncs: the message is handled by then.
    for (let n = 0; n < 30; n++) {
      await env.db`select pg_notify('test.sync', ${JSON.stringify({ d: n })})`;
      await bus.sync();
      expect(heard.has(n)).toBe(true);
    }
    // Not listening: sync() sends no marker it cannot hear back (one sent would be waited for, then
    // logged as unheard; a listen that fails is logged too).
    await bus.close();
    await bus.sync();
    expect(warnings.filter((w) => w.includes("sync marker"))).toEqual([]);
  });

  it("outside a transaction hands a message to this process's subscribers at once and sends the NOTIFY on a connection of its own", async () => {
    const a = newBus();
    const b = newBus();
    const got: unknown[] = [];
    await a.subscribe("test.local", (m) => got.push(m.payload));
    const atB = (await listenOnce<number>(b, "test.local")).message;
    const sent = a.publish("test.local", 7);
    // Delivered here before the NOTIFY's round trip (the publish has not resolved yet).
    expect(got).toEqual([7]);
    await sent;
    expect((await atB).payload).toBe(7);
    expect(got).toEqual([7]);
    // The NOTIFYs went through the bus's notifier, not the request pool.
    const notifiers = await env.db<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'tuesday-bus-notify'`;
    expect(notifiers[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it("refuses a payload NOTIFY cannot carry, and a bad channel name", async () => {
    const a = newBus();
    await expect(a.publish("test.big", { text: "x".repeat(8000) })).rejects.toThrow(/bytes; NOTIFY carries at most 7999/);
    await expect(a.publish("Bad Channel", {})).rejects.toThrow(/channel/);
  });

  it("keeps delivering when a handler throws", async () => {
    const a = newBus();
    const got: unknown[] = [];
    await a.subscribe("test.throw", () => {
      throw new Error("handler bug");
    });
    await a.subscribe("test.throw", (m) => got.push(m.payload));
    await a.publish("test.throw", 1);
    await a.publish("test.throw", 2);
    expect(got).toEqual([1, 2]);
  });

  it("delivers a message published in a transaction only after its commit, and never on rollback", async () => {
    const a = newBus();
    const b = newBus();
    const localSeen: unknown[] = [];
    const remoteSeen: unknown[] = [];
    await a.subscribe("test.tx", (m) => localSeen.push(m.payload));
    await b.subscribe("test.tx", (m) => remoteSeen.push(m.payload));
    await withTx(env.db, async (tx) => {
      await a.publish("test.tx", "committed", tx);
      // Everything committed so far has reached b: the uncommitted message has not.
      await b.sync();
      expect(localSeen).toEqual([]);
      expect(remoteSeen).toEqual([]);
    });
    expect(localSeen).toEqual(["committed"]);
    await withTx(env.db, async (tx) => {
      await a.publish("test.tx", "rolled back", tx);
      throw new Error("rollback");
    }).catch(() => {});
    // Both transactions have ended: whatever they sent has reached b by its sync.
    await b.sync();
    expect(remoteSeen).toEqual(["committed"]);
    expect(localSeen).toEqual(["committed"]);
  });

  it("listens again after its connection is killed, and reports the gap", async () => {
    const a = newBus(20);
    const b = newBus();
    const got: unknown[] = [];
    let gaps = 0;
    a.onGap(() => gaps++);
    await a.subscribe("test.again", (m) => got.push(m.payload));
    const killed = await env.db`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name = 'tuesday-bus' and query ilike 'listen "test.again"%'`;
    expect(killed.length).toBe(1);
    await until(async () => (gaps >= 2 && a.isListening() ? true : undefined), 5000);
    await b.publish("test.again", "after");
    await until(async () => (got.includes("after") ? true : undefined), 2000);
  });
});

describe("the engine's model cache across processes", () => {
  it("a profile change through app A reaches app B's model within a second", async () => {
    const member = await createUser(env);
    const id = member.participantId ?? "";
    const first = await peer.deps.models.load(peer.deps.db, "alpha");
    expect(await peer.deps.models.load(peer.deps.db, "alpha")).toBe(first);
    expect(first.byId.get(id)?.tags).toEqual([]);
    const res = await env.request("POST", "/api/participant/update-profile", { token: member.token, body: { tags: ["fintech"] } });
    expect(res.status).toBe(200);
    const started = Date.now();
    const seen = await until(async () => {
      const m = await peer.deps.models.load(peer.deps.db, "alpha");
      return m.byId.get(id)?.tags.includes("fintech") ? m : undefined;
    }, 1000);
    expect(seen).not.toBe(first);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("a pause published inside its transaction clears app B's model after the commit", async () => {
    const member = await createUser(env);
    const first = await peer.deps.models.load(peer.deps.db, "alpha");
    const res = await env.request("POST", "/api/matching/pause", { token: member.token, body: { weeks: 1 } });
    expect(res.status).toBe(200);
    await until(async () => {
      const m = await peer.deps.models.load(peer.deps.db, "alpha");
      return m !== first ? m : undefined;
    }, 1000);
  });
});
