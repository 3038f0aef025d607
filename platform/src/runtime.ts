import os from "node:os";
import path from "node:path";
import pino, { type Logger } from "pino";
import type { AppConfig } from "./config.ts";
import type { Deps } from "./context.ts";
import { createDb, type Db, withDatabase } from "./db/client.ts";
import { startEmbeddedPostgres } from "./db/embedded.ts";
import { migrate } from "./db/migrate.ts";
import { allJobs } from "./jobs/registry.ts";
import { Jobs } from "./jobs/jobs.ts";
import { TenantDirectory } from "./tenancy/service.ts";

export function createLogger(config: Pick<AppConfig, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    base: { service: "tuesday" },
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token", "*.code", "*.url_auth_token", "*.secret"],
      censor: "[redacted]",
    },
  });
}

export type Database = { url: string; db: Db; searchDb: Db; close: () => Promise<void> };

/**
 * Connections per pool. The main pool serves short statements (a session lookup runs in 0.03 ms)
 * and transactions that may wait on the network (a mail job holds one while SMTP answers), so it
 * is roomy: DATABASE_POOL_SIZE, else 10. The search pool is admission control for the expensive
 * statements: PostgreSQL does the most with one busy backend per core, and extra searches wait
 * their turn in the pool. At 20 concurrent directory searches on 2 cores, one pool of 20 served 270
 * requests a second, of 8 460, and a search pool of 2 beside a main one of 10 510 (of 3, 450), with
 * a lower tail. DATABASE_SEARCH_POOL_SIZE, else the cores of this machine for the embedded
 * database, else 4; at least 2.
 */
export function poolSizes(
  config: Pick<AppConfig, "databasePoolSize" | "searchPoolSize">,
  embedded: boolean,
): { main: number; search: number } {
  const main = config.databasePoolSize ?? 10;
  const search = config.searchPoolSize ?? (embedded ? os.availableParallelism() : 4);
  return { main, search: Math.max(2, search) };
}

/** The two pools of a database URL: the main one and the search one (createDb customPlans). */
export function openPools(url: string, sizes: { main: number; search: number }): { db: Db; searchDb: Db } {
  return {
    db: createDb(url, { max: sizes.main }),
    searchDb: createDb(url, { max: sizes.search, customPlans: true, debugName: "tuesday-search" }),
  };
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR/pg (creating the
 * `tuesday` database on first run), then applies migrations.
 */
export async function openDatabase(config: AppConfig, log: Logger): Promise<Database> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const dir = path.join(config.dataDir, "pg");
    log.info({ dir }, "starting embedded PostgreSQL");
    const embedded = await startEmbeddedPostgres(dir, { log: (line) => log.debug({ pg: line }, "postgres") });
    stopEmbedded = embedded.stop;
    const admin = createDb(embedded.url, { max: 1 });
    const [exists] = await admin`select 1 from pg_database where datname = 'tuesday'`;
    if (!exists) await admin`create database tuesday`;
    await admin.end();
    url = withDatabase(embedded.url, "tuesday");
  }
  const { db, searchDb } = openPools(url, poolSizes(config, stopEmbedded !== undefined));
  const { applied } = await migrate(db, (name) => log.info({ migration: name }, "migration applied"));
  if (applied.length === 0) log.debug("database schema up to date");
  return {
    url,
    db,
    searchDb,
    close: async () => {
      await Promise.all([db.end({ timeout: 5 }), searchDb.end({ timeout: 5 })]);
      if (stopEmbedded) await stopEmbedded();
    },
  };
}

/** Builds the long-lived collaborators shared by the HTTP app, the workers and the CLI. */
export async function createDeps(
  config: AppConfig,
  database: Database,
  log: Logger,
  opts: { schedule?: boolean } = {},
): Promise<Deps> {
  const jobs = await Jobs.start(database.url, log, allJobs, { schedule: opts.schedule ?? false });
  const tenants = new TenantDirectory(database.db, {
    urlTemplate: config.tenantUrlTemplate,
    port: config.port,
    defaultTenant: config.defaultTenant,
  });
  return { db: database.db, searchDb: database.searchDb, config, tenants, jobs, log };
}
