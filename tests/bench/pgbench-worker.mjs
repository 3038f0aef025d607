// The in-process equivalent of `pgbench -S -c <clients> -T <seconds>` (the embedded PostgreSQL
// ships no pgbench binary): each client is one connection running pgbench's select-only script,
// `select abalance from pgbench_accounts where aid = :aid` with a uniformly random aid, back to
// back. In its own thread, as pgbench is its own process. workerData: {url, path, clients,
// seconds, accounts}; posts back {transactions, seconds, p99, meanMs}.
import { parentPort, workerData } from "node:worker_threads";
import postgres from "postgres";

const { url, path, clients, seconds, accounts } = workerData;
const conns = Array.from({ length: clients }, () =>
  postgres(url, { ...(path ? { path } : {}), max: 1, fetch_types: false, onnotice: () => {}, connection: { application_name: "bench-pgbench" } }),
);
for (const sql of conns) await sql`select 1`;
const latencies = [];
let transactions = 0;
const started = performance.now();
const until = started + seconds * 1000;
await Promise.all(
  conns.map(async (sql) => {
    while (performance.now() < until) {
      const aid = 1 + Math.floor(Math.random() * accounts);
      const t0 = performance.now();
      await sql`select abalance from pgbench_accounts where aid = ${aid}`;
      latencies.push(performance.now() - t0);
      transactions++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
await Promise.all(conns.map((sql) => sql.end({ timeout: 1 })));
latencies.sort((a, b) => a - b);
const mean = latencies.reduce((s, x) => s + x, 0) / latencies.length;
parentPort.postMessage({ transactions, seconds: elapsed, p99: latencies[Math.ceil(0.99 * latencies.length) - 1] ?? Number.NaN, meanMs: mean });
