import { setRateLimitScale } from "./lib/rate-limit.ts";
import os from "node:os";
import path from "node:path";
import pino, { type Logger } from "pino";
import type { AppConfig } from "./config.ts";
import type { Deps } from "./context.ts";
import { createDb, type Db, withDatabase } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { allJobs } from "./job-registry.ts";
import { Jobs } from "./jobs/jobs.ts";
import { createErrorReporter, type ErrorReporter } from "./lib/error-reporting.ts";
import { bufferedRequestLog, type ByteDestination, promptStream, registerRequestLog, requestLogOf } from "./lib/request-log.ts";
import { followCaches, openRealtime } from "./realtime/index.ts";
import { TenantDirectory } from "./tenancy/service.ts";

/**
 * The process's logger: JSON lines on stdout (or `destination`: a file descriptor or a path;
 * bench:api writes to a file) through one asynchronous pino destination, so no line is written
 * synchronously on a request's path (the one line per request cost about 40% of a signed-in read's
 * throughput written synchronously; issue 25).
 *
 * Request lines (http/middleware.ts requestEnvelope) are made into bytes and gathered in front of
 * the destination (lib/request-log.ts bufferedRequestLog, decision 0225), which writes them once
 * LOG_BATCH bytes have gathered, and at least every LOG_FLUSH_MS: one write()
 * per about 180 lines, handed to libuv's thread pool. Every other line (a warning, a job's info)
 * is written at once, after the request lines before it (lib/request-log.ts promptStream). One
 * destination for both, so a write of any size never interleaves with another of this process;
 * with a destination each, writes had to stay within PIPE_BUF (4 KiB, atomic on a pipe), one per
 * 17 request lines. Under bench:api's load the process now makes 0.019 write() calls a request
 * against 0.123, and a third of the futex calls (strace -c; decision 0222). pino's exit handler
 * writes what is still gathered when the process exits.
 */
export function createLogger(config: Pick<AppConfig, "logLevel">, destination: number | string = 1): Logger {
  const base = { service: "tuesday" };
  const out = pino.destination({ dest: destination, sync: false, contentMode: "buffer", minLength: LOG_BATCH, maxWrite: LOG_MAX_WRITE, periodicFlush: LOG_FLUSH_MS });
  const bytes = out as unknown as ByteDestination;
  const log = pino(
    {
      level: config.logLevel,
      base,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token", "*.code", "*.url_auth_token", "*.secret"],
        censor: "[redacted]",
      },
    },
    promptStream(bytes),
  );
  registerRequestLog(log, bufferedRequestLog(bytes, base, log.isLevelEnabled("info"), LOG_BATCH));
  return log;
}

/** Bytes of request lines gathered before they are written (about 180 lines). */
export const LOG_BATCH = 32 * 1024;
/** The most one write() carries; a burst above it is written in several. */
const LOG_MAX_WRITE = 64 * 1024;
/** The longest a request line waits for its write. */
export const LOG_FLUSH_MS = 250;

/** Writes what the process logger (createLogger) holds, and resolves once written. */
export async function flushLogs(log: Logger): Promise<void> {
  await new Promise<void>((resolve) => log.flush(() => resolve()));
  await new Promise<void>((resolve) => requestLogOf(log).flush(resolve));
}

/**
 * The pools of one database: `db` for requests, `searchDb` for directory searches (planned for
 * their values), `workDb` for background work (jobs, the demo seed), so a job holding a transaction
 * while an SMTP server answers never takes a connection a request is waiting for. `probeDb` is one
 * connection of its own for the liveness probe (`/readyz`, the database watch): a probe sent
 * through `db` queues behind the requests it is judging, so a burst of slow requests on a busy but
 * healthy server looked like a dead one and answered 503.
 */
export type Pools = { db: Db; searchDb: Db; workDb: Db; probeDb: Db };
export type Database = Pools & { url: string; close: () => Promise<void> };

export type PoolSizes = { main: number; search: number; work: number };

/**
 * Connections per pool. PostgreSQL does the most with about one busy backend per core; more
 * runnable backends only add context switches and colder caches, and requests wait their turn in
 * the pool instead. At 20 concurrent directory searches on 2 cores: one pool of 20, 270 requests a
 * second; a main pool of 10 beside a search pool of 2, 510; of 3 and 2, 555, with a lower tail.
 * For the embedded database the cores are this machine's: the main pool gets one per core plus
 * one (at least 3), the search pool one per core (at least 2). For another server,
 * DATABASE_POOL_SIZE (else 10) and DATABASE_SEARCH_POOL_SIZE (else 4). Background work has 8:
 * the mail lanes (two per SMTP connection, 6) each hold one while the SMTP server answers, and
 * other jobs (a mailing's chunks, matching) need theirs meanwhile.
 */
export function poolSizes(config: Pick<AppConfig, "databasePoolSize" | "searchPoolSize">, embedded: boolean): PoolSizes {
  const cores = os.availableParallelism();
  const main = config.databasePoolSize ?? (embedded ? Math.max(3, cores + 1) : 10);
  const search = config.searchPoolSize ?? (embedded ? cores : 4);
  return { main, search: Math.max(2, search), work: 8 };
}

export function openPools(url: string, sizes: PoolSizes): Pools & { end: () => Promise<void> } {
  const pools = {
    db: createDb(url, { max: sizes.main }),
    searchDb: createDb(url, { max: sizes.search, customPlans: true, debugName: "tuesday-search" }),
    workDb: createDb(url, { max: sizes.work, debugName: "tuesday-work" }),
    probeDb: createDb(url, { max: 1, debugName: "tuesday-probe" }),
  };
  const end = async () => {
    await Promise.all([pools.db, pools.searchDb, pools.workDb, pools.probeDb].map((pool) => pool.end({ timeout: 5 })));
  };
  return { ...pools, end };
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR/pg (creating the
 * `tuesday` database on first run), then applies migrations (unless `migrate: false`: `tuesday db
 * status` only reads them).
 */
export async function openDatabase(config: AppConfig, log: Logger, opts: { migrate?: boolean } = {}): Promise<Database> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const dir = path.join(config.dataDir, "pg");
    log.info({ dir }, "starting embedded PostgreSQL");
    // Development only (no DATABASE_URL): a production start never loads the embedded database.
    const { startEmbeddedPostgres } = await import("./db/embedded.ts");
    const embedded = await startEmbeddedPostgres(dir, { log: (line) => log.debug({ pg: line }, "postgres"), supervise: log });
    stopEmbedded = embedded.stop;
    const admin = createDb(embedded.url, { max: 1 });
    const [exists] = await admin`select 1 from pg_database where datname = 'tuesday'`;
    if (!exists) await admin`create database tuesday`;
    await admin.end();
    url = withDatabase(embedded.url, "tuesday");
  }
  const { db, searchDb, workDb, probeDb, end } = openPools(url, poolSizes(config, stopEmbedded !== undefined));
  if (opts.migrate !== false) {
    const { applied } = await migrate(db, (name) => log.info({ migration: name }, "migration applied"));
    if (applied.length === 0) log.debug("database schema up to date");
  }
  return {
    url,
    db,
    searchDb,
    workDb,
    probeDb,
    close: async () => {
      await end();
      if (stopEmbedded) await stopEmbedded();
    },
  };
}

/** The error reporter of a process (SENTRY_DSN; none without it), its events tagged with `role`. */
export async function processErrorReporter(config: AppConfig, log: Logger, role: string): Promise<ErrorReporter> {
  return createErrorReporter(config.browser.errorDsn, { log, role, environment: config.isProduction ? "production" : "development" });
}

/** Builds the long-lived collaborators shared by the HTTP app, the workers and the CLI. */
export async function createDeps(
  config: AppConfig,
  database: Database,
  log: Logger,
  opts: {
    schedule?: boolean;
    /** The process's role, a tag of its error reports (SENTRY_DSN): `server`, `cli`. */
    role?: string;
    /** A reporter the process built already (server.ts, before the database opened). */
    errors?: ErrorReporter;
  } = {},
): Promise<Deps> {
  setRateLimitScale(config.rateLimitScale);
  const errors = opts.errors ?? (await processErrorReporter(config, log, opts.role ?? "server"));
  const jobs = await Jobs.start(database.url, log, allJobs, { schedule: opts.schedule ?? false, errors });
  const tenants = new TenantDirectory(database.db, {
    urlTemplate: config.tenantUrlTemplate,
    port: config.port,
    defaultTenant: config.defaultTenant,
  });
  return followCaches({ db: database.db, searchDb: database.searchDb, probeDb: database.probeDb, workDb: database.workDb, config, tenants, jobs, log, errors, ...openRealtime(database.url, database.db, log, config) });
}
