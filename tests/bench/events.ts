/**
 * `npm run bench:events`: a community with 5,000 events and 200,000 participations.
 *
 * Starts a scratch PostgreSQL (embedded in a temp dir, or a scratch database on DATABASE_URL's
 * server), migrates, bulk-loads members, events, organizers and participations in SQL, starts the
 * real app on a free port and drives it with a closed loop of 20 concurrent keep-alive clients
 * (load-worker.mjs, in its own thread) over three calls: the upcoming listing, the event page and
 * confirmed-participants paging; then the same loop against /healthz in the same run. Prints
 * p50/p95/p99 per call and overall, the throughput ratio to /healthz, and whether p95 < 30 ms.
 */
import { serve } from "@hono/node-server";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { Worker } from "node:worker_threads";
import pino from "pino";
import { applyTenants, createDeps, createSession, type Db, migrate, openPools, poolSizes, TenantConfigSchema, testConfig } from "@tuesday/platform";
import { createApp } from "@tuesday/platform/http";
import { scratchDatabase } from "../support/scratch-db.ts";
import { tenantFixture } from "../support/tenants.ts";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000);
const PARTICIPATIONS = Number(process.env.BENCH_PARTICIPATIONS ?? 200_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const TARGET_P95_MS = 30;
const TENANT = "bench";

type Sample = { kind: string; ms: number; status: number };

/** Deterministic PRNG (mulberry32), so every run asks the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Members, then events spread over two years around today in a few time zones (a fifth private,
 * some with a limit), one organizer each, and `PARTICIPATIONS` participations spread evenly over
 * the events: most CONFIRMED, the rest pending, cancelled or rejected.
 */
async function load(db: Db): Promise<{ viewerUserId: string }> {
  await db`
    insert into users (id, email, home_community_id, email_verified_at)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'bench-' || i || '@example.com', ${TENANT}, now()
    from generate_series(1, ${MEMBERS}) i`;
  await db`
    insert into participants (id, community_id, user_id, slug, role, moderation_status, first_name, last_name, avatar)
    select ('10000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, ${TENANT},
           ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'member-' || i,
           case when i = 1 then 'admin' else 'member' end, 'confirmed',
           (array['Anna','Ivan','Maria','John','Olga','Peter','Sara','Timur'])[1 + i % 8], 'Member' || i,
           case when i % 3 = 0 then jsonb_build_object('sizes', jsonb_build_object('256', '/media/bench/' || i || '/256.jpg')) end
    from generate_series(1, ${MEMBERS}) i`;
  await db`
    with e as (
      select i, (current_date + ((i * 7919) % 730 - 365))::date as d, (array['Europe/Berlin','Europe/Moscow','America/New_York','Asia/Tokyo','UTC'])[1 + i % 5] as tz
      from generate_series(1, ${EVENTS}) i)
    insert into events (id, community_id, created_by, slug, title, description, translations, event_date, start_time, end_time, time_zone,
                        starts_at, ends_at, address, latitude, longitude, country, region, city, postal_code, location_visibility, type,
                        visibility, approval_required, max_participants, organizer_contact)
    select ('20000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, ${TENANT}, '00000000-0000-4000-8000-000000000001'::uuid,
           'event-' || i, 'Event number ' || i, 'Talks, demos and conversations, edition ' || i,
           jsonb_build_object('ru', jsonb_build_object('title', 'Событие ' || i)), d, '18:30', '21:00', tz,
           (d + time '18:30') at time zone tz, (d + time '21:00') at time zone tz,
           'Main street ' || i, 52.5, 13.4, 'Germany', 'Berlin', 'Berlin', '10117',
           (array['FULL','CITY_ONLY','COUNTRY_CITY','PRIVATE','WITHOUT_STREET'])[1 + i % 5], 'OFFLINE',
           case when i % 5 = 0 then 'PRIVATE' else 'PUBLIC' end, i % 4 = 0, case when i % 3 = 0 then 200 end, 'events@example.com'
    from e`;
  await db`
    insert into event_responsibles (community_id, event_id, user_id)
    select ${TENANT}, ('20000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
           ('00000000-0000-4000-8000-' || lpad(to_hex(2 + i % 50), 12, '0'))::uuid
    from generate_series(1, ${EVENTS}) i`;
  const perEvent = Math.max(1, Math.floor(PARTICIPATIONS / EVENTS));
  await db`
    insert into event_participations (community_id, event_id, participant_id, status, pending_reason, joined_at, status_changed_at)
    select ${TENANT}, ('20000000-0000-4000-8000-' || lpad(to_hex(e), 12, '0'))::uuid,
           ('10000000-0000-4000-8000-' || lpad(to_hex(1 + (e * 131 + k) % ${MEMBERS}), 12, '0'))::uuid,
           s.status, case when s.status = 'PENDING' then 'APPROVAL' end, now() - (k || ' minutes')::interval, now() - (k || ' minutes')::interval
    from generate_series(1, ${EVENTS}) e, generate_series(1, ${perEvent}) k,
         lateral (select case when k % 20 < 16 then 'CONFIRMED' when k % 20 < 18 then 'PENDING' when k % 20 = 18 then 'CANCELLED' else 'REJECTED' end as status) s`;
  await db`vacuum (analyze) users, participants, events, event_responsibles, event_participations`;
  await db`checkpoint`.catch(() => console.log("  (no CHECKPOINT privilege)"));
  return { viewerUserId: "00000000-0000-4000-8000-000000000064" };
}

async function closedLoop(port: number, requests: { kind: string; path: string }[], headers: Record<string, string>) {
  const worker = new Worker(new URL("./load-worker.mjs", import.meta.url), { workerData: { port, headers, concurrency: CONCURRENCY, requests } });
  try {
    return await new Promise<{ samples: Sample[]; seconds: number; cpuMs: number | null }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** CPU time (ms) of the given PostgreSQL backends (this run's connections), from /proc (Linux); 0 elsewhere. */
async function postgresCpuMs(pids: readonly number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    const stat = (await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")).trim();
    const m = /^\d+ \(([^)]*)\) (.*)$/.exec(stat);
    if (!m) continue;
    const fields = (m[2] ?? "").split(" ");
    total += ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
  }
  return total;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summarise(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: ms.length, p50: pct(ms, 50), p95: pct(ms, 95), p99: pct(ms, 99), max: ms.at(-1) ?? Number.NaN };
}

const f1 = (x: number) => x.toFixed(1).padStart(7);

/** The request mix: a third each of the upcoming listing (first pages), event pages and confirmed-participant pages. */
function mix(n: number, seed: number): { kind: string; path: string }[] {
  const random = prng(seed);
  const eventId = () => `20000000-0000-4000-8000-${(1 + Math.floor(random() * EVENTS)).toString(16).padStart(12, "0")}`;
  return Array.from({ length: n }, (_, i) => {
    switch (i % 3) {
      case 0:
        return { kind: "upcoming listing", path: `/api/event/upcoming?page=${Math.floor(random() ** 2 * 10)}&size=20` };
      case 1:
        return { kind: "event page", path: `/api/event/${eventId()}` };
      default:
        return { kind: "confirmed participants", path: `/api/event/${eventId()}/participants/confirmed?page=${Math.floor(random() * 2)}&size=20` };
    }
  });
}

async function main(): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  let failed = false;
  try {
    console.log(`Events benchmark: ${EVENTS.toLocaleString("en")} events, ${PARTICIPATIONS.toLocaleString("en")} participations, ${CONCURRENCY} concurrent clients, ${REQUESTS} requests`);
    console.log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (shared machine)`);
    const url = await scratchDatabase("bench-events", cleanups);
    const sizes = poolSizes({ databasePoolSize: undefined, searchPoolSize: undefined }, true);
    const pools = openPools(url, sizes);
    cleanups.push(pools.end);
    await migrate(pools.db);
    await applyTenants(pools.db, [{ config: TenantConfigSchema.parse(tenantFixture(TENANT)), landing: {}, navigation: null, dir: "" }], { actor: { kind: "operator" } });
    const t = performance.now();
    const { viewerUserId } = await load(pools.db);
    const [counts] = await pools.db<{ events: number; participations: number }[]>`
      select (select count(*)::int from events) as events, (select count(*)::int from event_participations) as participations`;
    console.log(`loaded ${counts?.events} events and ${counts?.participations} participations in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const deps = await createDeps(testConfig({ logLevel: "silent", databaseUrl: url, devTools: false }), { ...pools, url, close: async () => {} }, pino({ level: "silent" }));
    cleanups.push(() => deps.jobs.stop(), () => deps.bus.close());
    const app = createApp(deps);
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    const { token } = await createSession(pools.db, { userId: viewerUserId, communityId: TENANT, authMethod: "EMAIL" });
    const headers = { host: `${TENANT}.localhost:${port}`, authorization: `Bearer ${token}`, connection: "keep-alive" };

    await closedLoop(port, mix(WARMUP, 7), headers);
    // The warm-up opened every pooled connection: their backends are this run's PostgreSQL work
    // (other clusters on a shared machine are left out).
    const backends = (await pools.db<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`).map((r) => r.pid);
    const cpuBefore = { node: process.cpuUsage(), postgres: await postgresCpuMs(backends) };
    const run = await closedLoop(port, mix(REQUESTS, 11), headers);
    const nodeCpu = process.cpuUsage(cpuBefore.node);
    // The load generator's thread lives in this process too: its own CPU is subtracted.
    const serverCpuMs = ((nodeCpu.user + nodeCpu.system) / 1000 - (run.cpuMs ?? 0)) / REQUESTS;
    const postgresCpuPerRequest = ((await postgresCpuMs(backends)) - cpuBefore.postgres) / REQUESTS;
    const health = Array.from({ length: REQUESTS }, () => ({ kind: "healthz", path: "/healthz" }));
    await closedLoop(port, health, headers);
    const hz = await closedLoop(port, health, headers);

    const all = summarise(run.samples);
    const h = summarise(hz.samples);
    const rps = all.n / run.seconds;
    const hRps = h.n / hz.seconds;
    const bad = run.samples.filter((s) => s.status !== 200).length;
    console.log("");
    console.log(`${CONCURRENCY} concurrent clients:`);
    console.log("  call                       n     p50 ms   p95 ms   p99 ms");
    for (const kind of ["upcoming listing", "event page", "confirmed participants"]) {
      const s = summarise(run.samples.filter((x) => x.kind === kind));
      console.log(`  ${kind.padEnd(24)} ${String(s.n).padStart(4)}  ${f1(s.p50)}  ${f1(s.p95)}  ${f1(s.p99)}`);
    }
    console.log(`  ${"all".padEnd(24)} ${String(all.n).padStart(4)}  ${f1(all.p50)}  ${f1(all.p95)}  ${f1(all.p99)}   max ${all.max.toFixed(1)} ms`);
    console.log(`  throughput ${rps.toFixed(0)} req/s; non-200 answers: ${bad}`);
    console.log(`  CPU per request: server ${serverCpuMs.toFixed(2)} ms, PostgreSQL ${postgresCpuPerRequest.toFixed(2)} ms: what a quiet machine would need, whatever the load`);
    console.log(`GET /healthz, ${CONCURRENCY} concurrent: p50 ${h.p50.toFixed(1)} ms, p95 ${h.p95.toFixed(1)} ms, ${hRps.toFixed(0)} req/s`);
    console.log(`ratio events / healthz throughput: ${(rps / hRps).toFixed(3)}; p95 ratio: ${(all.p95 / h.p95).toFixed(1)}x`);
    console.log(`p95 ${all.p95.toFixed(1)} ms vs target ${TARGET_P95_MS} ms: ${all.p95 <= TARGET_P95_MS ? "MET" : "MISSED"}`);
    console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    if (bad > 0) {
      console.log(`\nFAIL: ${bad} requests did not answer 200`);
      failed = true;
    }
  } finally {
    for (const fn of cleanups.reverse()) await fn().catch((err) => console.error("cleanup:", err));
  }
  if (failed) process.exitCode = 1;
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
