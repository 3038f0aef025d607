import path from "node:path";
import pino, { type Logger } from "pino";
import type { AppConfig } from "./config.ts";
import type { Deps } from "./context.ts";
import { createDb, type Db } from "./db/client.ts";
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

export type Database = { url: string; db: Db; close: () => Promise<void> };

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
    url = embedded.url.replace(/\/postgres$/, "/tuesday");
  }
  const db = createDb(url, { max: 20 });
  const { applied } = await migrate(db, (name) => log.info({ migration: name }, "migration applied"));
  if (applied.length === 0) log.debug("database schema up to date");
  return {
    url,
    db,
    close: async () => {
      await db.end({ timeout: 5 });
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
  return { db: database.db, config, tenants, jobs, log };
}
