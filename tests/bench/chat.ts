/**
 * `npm run bench:chat`: the chat socket under connections and fan-out.
 *
 * Starts a scratch PostgreSQL, a community of BENCH_CONNECTIONS (5,000) members with sessions and
 * one 100-member group chat, and the real server (app, STOMP endpoint with the product's
 * 10000 ms heart-beats, bus, presence) in this process. Client processes (forked, separate from
 * the server) then:
 * 1. hold one STOMP connection per member, idle but for heart-beats: the server's RSS growth per
 *    connection, next to a bare `ws` server (its own process) holding as many plain connections in
 *    the same run;
 * 2. with those still open, the 100 chat members subscribe to the chat and all of them SEND 200
 *    messages a second in all for BENCH_SECONDS (10): each message is stored, published through
 *    the bus and delivered to all 100; latency from SEND to each MESSAGE, p50 / p99.
 * Targets: under 50 KiB per idle connection, p99 under 50 ms.
 */
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import pino from "pino";
import { applyTenants, createDeps, createSession, migrate, openPools, poolSizes, TenantConfigSchema, testConfig } from "@tuesday/platform";
import { attachRealtime, createApp, createHttpServer, createStompServer, STOMP_PATH, type SendTrace } from "@tuesday/platform/http";
import { scratchDatabase } from "../support/scratch-db.ts";
import { tenantFixture } from "../support/tenants.ts";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 5_000);
const CLIENT_PROCESSES = 4;
/** The group's receiving sockets are spread over this many processes; the senders have one of their own. */
const RECEIVER_PROCESSES = Number(process.env.BENCH_RECEIVERS ?? 4);
const GROUP = Number(process.env.BENCH_GROUP ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TENANT = "bench";
const TARGET_KIB = 50;
const TARGET_P99_MS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const gc = (globalThis as { gc?: () => void }).gc;

async function settledRss(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await sleep(300);
  }
  return process.memoryUsage().rss;
}

function child(script: string): ChildProcess {
  return fork(new URL(script, import.meta.url), [], { execArgv: ["--expose-gc"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
}

function ask<T>(proc: ChildProcess, msg: unknown, timeoutMs = 300_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(msg).slice(0, 60)}`)), timeoutMs);
    proc.once("message", (answer: { error?: string }) => {
      clearTimeout(timer);
      if (answer && typeof answer === "object" && "error" in answer && answer.error) reject(new Error(answer.error));
      else resolve(answer as T);
    });
    if (msg !== undefined) proc.send(msg as object);
  });
}

/** Opens `urls` spread over CLIENT_PROCESSES processes; resolves with them once every socket is open. */
async function holdConnections(urls: string[], stomp: boolean): Promise<ChildProcess[]> {
  const procs = Array.from({ length: CLIENT_PROCESSES }, () => child("./chat-clients.mjs"));
  const share = Math.ceil(urls.length / procs.length);
  const ready = await Promise.all(procs.map((p, i) => ask<{ ready: number }>(p, { cmd: "idle", stomp, urls: urls.slice(i * share, (i + 1) * share) })));
  const total = ready.reduce((n, r) => n + r.ready, 0);
  if (total !== urls.length) throw new Error(`only ${total} of ${urls.length} connections opened`);
  return procs;
}

function release(procs: ChildProcess[]): void {
  for (const p of procs) p.send({ cmd: "close" });
}

const kib = (bytes: number) => bytes / 1024;
const loadavg = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** "p50 / p99" of the values, in ms. */
function spread(values: number[]): string {
  values.sort((a, b) => a - b);
  return `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)}`;
}

/** CPU time (ms) of the given PostgreSQL backends, from /proc (Linux); 0 elsewhere. */
async function postgresCpuMs(pids: readonly number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    const stat = (await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")).trim();
    const fields = (/^\d+ \([^)]*\) (.*)$/.exec(stat)?.[1] ?? "").split(" ");
    if (fields.length > 12) total += ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
  }
  return total;
}

type Health = { loop: { p99: number; max: number }; cpuMs: number };

async function main(): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    console.log(`Chat benchmark: ${CONNECTIONS} idle STOMP connections, then a ${GROUP}-member group at ${RATE} messages/s for ${SECONDS} s`);
    console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (shared machine)`);
    if (!gc) console.log("note: run with --expose-gc (npm run bench:chat does) for settled RSS figures");
    const url = await scratchDatabase("bench-chat", cleanups);
    const pools = openPools(url, poolSizes({ databasePoolSize: process.env.BENCH_POOL ? Number(process.env.BENCH_POOL) : undefined, searchPoolSize: undefined }, true));
    cleanups.push(pools.end);
    const { db } = pools;
    await migrate(db);
    await applyTenants(db, [{ config: TenantConfigSchema.parse(tenantFixture(TENANT)), landing: {}, navigation: null, dir: "" }], { actor: { kind: "operator" } });
    const members = await db<{ id: string; userId: string }[]>`
      with u as (
        insert into users (email, home_community_id, email_verified_at, policy_agreed_at)
        select 'member' || i || '@bench.example', ${TENANT}, now(), now() from generate_series(1, ${CONNECTIONS}) i
        returning id, email)
      insert into participants (community_id, user_id, first_name, last_name, moderation_status)
      select ${TENANT}, id, 'Member', split_part(email, '@', 1), 'confirmed' from u
      returning id, user_id as "userId"`;
    const tokens: string[] = [];
    for (let i = 0; i < members.length; i += 100) {
      const batch = members.slice(i, i + 100);
      const made = await Promise.all(batch.map((m) => createSession(db, { userId: m.userId, communityId: TENANT, authMethod: "EMAIL" })));
      tokens.push(...made.map((s) => s.token));
    }
    const group = members.slice(0, GROUP);
    const [chat] = await db<{ id: string }[]>`insert into chats (community_id, kind, name) values (${TENANT}, 'GROUP', 'bench') returning id`;
    if (!chat) throw new Error("no chat");
    await db`insert into chat_members (community_id, chat_id, participant_id) select ${TENANT}, ${chat.id}, unnest(${group.map((m) => m.id)}::uuid[])`;

    const log = pino({ level: "silent" });
    // Every member sends 2 messages a second, the per-chat send limit exactly (20 in 10 s): scaled up so window edges never trip it.
    const config = testConfig({ logLevel: "silent", databaseUrl: url, devTools: false, sessionCacheMs: 5_000, rateLimitScale: 10 });
    const deps = await createDeps(config, { ...pools, url, close: async () => {} }, log);
    cleanups.push(
      () => deps.jobs.stop(),
      () => deps.bus.close(),
    );
    const server = createHttpServer(createApp(deps));
    // Every chat SEND's stages, on the server's monotonic clock (performance.now(); the clients stamp
    // CLOCK_MONOTONIC, which performance.timeOrigin offsets).
    const traces: SendTrace[] = [];
    let tracing = false;
    const stomp = await createStompServer(deps, {
      trace: (t) => {
        if (tracing) traces.push(t);
      },
    });
    cleanups.push(() => stomp.close());
    attachRealtime(server).route(STOMP_PATH, stomp.handleUpgrade);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const port = (server.address() as AddressInfo).port;
    const urlOf = (token: string) => `ws://127.0.0.1:${port}${STOMP_PATH}?communityId=${TENANT}&token=${encodeURIComponent(token)}`;

    // 1. Idle connections: the server's RSS growth, then a bare ws server's.
    const before = await settledRss();
    let started = Date.now();
    const idle = await holdConnections(tokens.map(urlOf), true);
    const openedIn = (Date.now() - started) / 1000;
    await sleep(2_000);
    const after = await settledRss();
    const perConnection = (after - before) / CONNECTIONS;
    console.log(`server: ${CONNECTIONS} STOMP connections open in ${openedIn.toFixed(1)} s, ${stomp.sessionCount()} sessions; RSS ${(before / 2 ** 20).toFixed(0)} -> ${(after / 2 ** 20).toFixed(0)} MiB`);

    const bare = child("./chat-bare.mjs");
    const { port: barePort } = await ask<{ port: number }>(bare, undefined);
    const bareBefore = (await ask<{ rss: number }>(bare, { cmd: "rss" })).rss;
    started = Date.now();
    const bareClients = await holdConnections(
      tokens.map(() => `ws://127.0.0.1:${barePort}/`),
      false,
    );
    const bareOpenedIn = (Date.now() - started) / 1000;
    await sleep(2_000);
    const bareAfter = (await ask<{ rss: number }>(bare, { cmd: "rss" })).rss;
    const barePer = (bareAfter - bareBefore) / CONNECTIONS;
    release(bareClients);
    bare.send({ cmd: "close" });
    console.log(`bare ws: ${CONNECTIONS} connections open in ${bareOpenedIn.toFixed(1)} s; RSS ${(bareBefore / 2 ** 20).toFixed(0)} -> ${(bareAfter / 2 ** 20).toFixed(0)} MiB`);
    console.log(
      `per idle connection: server ${kib(perConnection).toFixed(1)} KiB, bare ws ${kib(barePer).toFixed(1)} KiB, ratio ${(perConnection / barePer).toFixed(2)}; target < ${TARGET_KIB} KiB: ${kib(perConnection) < TARGET_KIB ? "met" : "MISSED"}`,
    );

    // 2. Fan-out with the idle connections still open, once their presence is written (each
    //    first socket of a member is a small transaction; a backlog of them would be measured too).
    const presenceFrom = Date.now();
    for (;;) {
      const [row] = await db<{ n: number }[]>`select count(*)::int as n from presence_nodes`;
      if ((row?.n ?? 0) >= stomp.sessionCount() || Date.now() - presenceFrom > 120_000) break;
      await sleep(200);
    }
    console.log(`presence of ${stomp.sessionCount()} members written ${((Date.now() - presenceFrom) / 1000).toFixed(1)} s after the last connection`);
    // The group's receiving sockets spread over RECEIVER_PROCESSES, its sending sockets (a second
    // socket of each member: presence counts a member once) in a process of their own, so no
    // client process parses 20,000 frames a second while pacing its sends.
    const groupUrls = group.map((_, i) => urlOf(tokens[i] ?? ""));
    const receivers = Array.from({ length: RECEIVER_PROCESSES }, () => child("./chat-clients.mjs"));
    const share = Math.ceil(GROUP / RECEIVER_PROCESSES);
    await Promise.all(receivers.map((p, i) => ask(p, { cmd: "receive", urls: groupUrls.slice(i * share, (i + 1) * share), chatId: chat.id })));
    const sender = child("./chat-clients.mjs");
    const serverLoop = monitorEventLoopDelay({ resolution: 5 });
    serverLoop.enable();
    // The server's garbage-collection pauses, to tell them from the machine's stalls in the event-loop delay.
    const gcPauses: number[] = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) gcPauses.push(e.duration);
    });
    gcObserver.observe({ entryTypes: ["gc"] });
    const serverCpu = process.cpuUsage();
    // Every backend of this database (the pools, the bus and its notifier): PostgreSQL's share per message.
    const backends = (await db<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`).map((r) => r.pid);
    const postgresCpu = await postgresCpuMs(backends);
    tracing = true;
    console.log(`fan-out starts at load average ${loadavg()}`);
    const sending = await ask<{ sent: number; lag: { p50: number; p99: number } } & Health>(sender, { cmd: "send", urls: groupUrls, chatId: chat.id, rate: RATE, seconds: SECONDS });
    const expected = sending.sent * GROUP;
    // Only counts cross the IPC channel (parsed in this, the server's, process) until the last
    // deliveries arrived; the latencies come once, after.
    for (const deadline = Date.now() + 10_000; ; ) {
      await sleep(200);
      const counts = await Promise.all(receivers.map((p) => ask<{ received: number }>(p, { cmd: "count" })));
      if (counts.reduce((n, r) => n + r.received, 0) >= expected || Date.now() > deadline) break;
    }
    const reports = await Promise.all(receivers.map((p) => ask<{ received: number; latencies: number[] } & Health>(p, { cmd: "report" })));
    tracing = false;
    serverLoop.disable();
    gcObserver.disconnect();
    const cpu = process.cpuUsage(serverCpu);
    const postgresMs = (await postgresCpuMs(backends)) - postgresCpu;
    for (const p of [...receivers, sender]) p.send({ cmd: "close" });
    const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const received = reports.reduce((n, r) => n + r.received, 0);
    const stored = await db<{ n: number }[]>`select count(*)::int as n from chat_messages where chat_id = ${chat.id}`;
    const p99 = percentile(latencies, 99);
    console.log(`fan-out ends at load average ${loadavg()}`);
    console.log(
      `fan-out: ${sending.sent} messages sent (${stored[0]?.n ?? 0} stored), ${received} of ${expected} deliveries; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms; target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? "met" : "MISSED"}`,
    );
    // Where a message's time went, p50 / p99 per stage (ms), from the server's traces.
    // The clients' stamps are CLOCK_MONOTONIC (process.hrtime); the traces performance.now().
    const offset = Number(process.hrtime.bigint()) / 1e6 - performance.now();
    const sentAt = (t: SendTrace) => Number(t.text.slice(2)) - offset;
    console.log(
      `  server stages (p50 / p99 ms): client send -> frame parsed ${spread(traces.map((t) => t.parsed - sentAt(t)))}, queued ${spread(traces.map((t) => t.started - t.parsed))}, ` +
        `stored ${spread(traces.map((t) => t.stored - t.started))}, delivered here ${spread(traces.map((t) => t.delivered - t.stored))}, NOTIFY sent ${spread(traces.map((t) => t.notified - t.delivered))}`,
    );
    const secs = SECONDS + 1;
    console.log(
      `  server: event-loop delay p99 ${(serverLoop.percentile(99) / 1e6).toFixed(1)} ms, max ${(serverLoop.max / 1e6).toFixed(1)} ms; GC pauses ${gcPauses.length}, longest ${Math.max(0, ...gcPauses).toFixed(1)} ms, ${gcPauses.reduce((a, b) => a + b, 0).toFixed(0)} ms in all; CPU ${((cpu.user + cpu.system) / 1000 / secs / 10).toFixed(0)}% of a core, ` +
        `${((cpu.user + cpu.system) / 1000 / sending.sent).toFixed(2)} ms per message (${GROUP} deliveries); PostgreSQL backends ${(postgresMs / sending.sent).toFixed(2)} ms per message`,
    );
    console.log(
      `  clients: sender lag behind schedule p50 / p99 ${sending.lag.p50.toFixed(1)} / ${sending.lag.p99.toFixed(1)} ms, its event-loop delay p99 ${sending.loop.p99.toFixed(1)} ms; ` +
        `receivers' event-loop delay p99 ${reports.map((r) => r.loop.p99.toFixed(1)).join(", ")} ms, CPU ${reports.map((r) => (r.cpuMs / secs / 10).toFixed(0)).join(", ")}% of a core`,
    );
    release(idle);
    await sleep(500);
  } finally {
    for (const fn of cleanups.reverse()) await fn().catch((err) => console.error(err));
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
