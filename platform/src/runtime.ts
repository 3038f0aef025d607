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
 * Connections per pool. PostgreSQL does the most work with a few busy connections per core: at 20
 * concurrent directory searches on 2 cores, a pool of 20 served 270 requests a second and a pool
 * of 5, 440 (fewer context switches, warmer caches). For the embedded database the cores are this
 * machine's; for another server DATABASE_POOL_SIZE says, else 10. The search pool gets half.
 */
export function poolSizes(config: Pick<AppConfig, "databasePoolSize">, embedded: boolean): { main: number; search: number } {
  const main = config.databasePoolSize ?? (embedded ? Math.max(4, 2 * os.availableParallelism() + 1) : 10);
  return { main, search: Math.max(2, Math.ceil(main / 2)) };
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
