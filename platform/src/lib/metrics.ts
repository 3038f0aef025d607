/**
 * The process's Prometheus metrics (GET /metrics, app.ts): prom-client's default process metrics
 * (memory, CPU, event-loop delay, handles), request durations by route template, pg-boss jobs by
 * queue and state, STOMP sessions and mail sent / failed. One registry per process; what only a
 * running server knows (its database, its STOMP server) is handed in with `setMetricsSource`.
 * Database pools by name (main, search, work, probe, and pg-boss's own, jobs): connections in use,
 * queries waiting for one, and the pool's size, counted in process (db/client.ts poolStats).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: "tuesday_http_request_duration_seconds",
  help: "HTTP requests by method, route template and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const mailSent = new Counter({ name: "tuesday_mail_sent_total", help: "Mails handed to the SMTP server", registers: [metricsRegistry] });
export const mailFailed = new Counter({ name: "tuesday_mail_failed_total", help: "Mail send attempts that failed (each is retried)", registers: [metricsRegistry] });

export const stompFrames = new Counter({
  name: "tuesday_stomp_frames_total",
  help: "STOMP frames received from and sent to clients on this process",
  labelNames: ["direction"] as const,
  registers: [metricsRegistry],
});

export const matchingRunDuration = new Histogram({
  name: "tuesday_matching_run_duration_seconds",
  help: "Weekly matching runs (pairing and storing one community's week)",
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [metricsRegistry],
});

export const matchingMembersMatched = new Counter({
  name: "tuesday_matching_members_matched_total",
  help: "Members given a contact by stored weekly matching runs",
  registers: [metricsRegistry],
});

export type JobCount = { queue: string; state: string; count: number };
export type QueueAge = { queue: string; oldestSeconds: number };
export type PoolCount = { pool: string; max: number; inUse: number; waiting: number };
type Sources = { jobCounts?: () => Promise<JobCount[]>; queueAges?: () => Promise<QueueAge[]>; stompSessions?: () => number; pools?: () => PoolCount[] };
const sources: Sources = {};

/** Where the gauges read from; the last caller wins (one server per process). */
export function setMetricsSource<K extends keyof Sources>(name: K, source: Sources[K]): void {
  sources[name] = source;
}

new Gauge({
  name: "tuesday_stomp_sessions",
  help: "Open STOMP sessions on this process",
  registers: [metricsRegistry],
  collect() {
    this.set(sources.stompSessions?.() ?? 0);
  },
});

new Gauge({
  name: "tuesday_jobs",
  help: "pg-boss jobs by queue and state (created, retry, active, completed, cancelled, failed)",
  labelNames: ["queue", "state"] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!sources.jobCounts) return;
    for (const r of await sources.jobCounts()) this.set({ queue: r.queue, state: r.state }, r.count);
  },
});

new Gauge({
  name: "tuesday_jobs_oldest_waiting_seconds",
  help: "Age of the oldest job of each queue that is due and not yet started (created or retry)",
  labelNames: ["queue"] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!sources.queueAges) return;
    for (const r of await sources.queueAges()) this.set({ queue: r.queue }, r.oldestSeconds);
  },
});

/** The three pool gauges read one snapshot per scrape, so in use and waiting belong together. */
let poolSnapshot: PoolCount[] = [];
function poolGauge(name: string, help: string, value: (p: PoolCount) => number, takeSnapshot: boolean): void {
  new Gauge({
    name,
    help,
    labelNames: ["pool"] as const,
    registers: [metricsRegistry],
    collect() {
      if (takeSnapshot) poolSnapshot = sources.pools?.() ?? [];
      this.reset();
      for (const p of poolSnapshot) this.set({ pool: p.pool }, value(p));
    },
  });
}
poolGauge("tuesday_db_pool_in_use", "Database connections in use (connecting, running statements or held by a transaction) by pool", (p) => p.inUse, true);
poolGauge("tuesday_db_pool_waiting", "Queries and transactions waiting for a database connection by pool", (p) => p.waiting, false);
poolGauge("tuesday_db_pool_max", "Database connections a pool may open", (p) => p.max, false);
