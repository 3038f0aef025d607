import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import type { TestProject } from "vitest/node";
import { allJobs, createDb, Jobs, migrate, startEmbeddedPostgres, withDatabase } from "@tuesday/platform";
import { startSystemPostgres, systemPostgresBin } from "./pg-server.ts";

export const TEMPLATE_DB = "tuesday_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL, or with TEST_PG_SERVER=system
 * a cluster of the operating system's PostgreSQL server started for the run: pg-server.ts), with a
 * template database that is migrated and has pg-boss installed. Each test file clones it (see
 * harness.ts).
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!serverUrl && process.env.TEST_PG_SERVER === "system") {
    const bin = systemPostgresBin();
    if (!bin) throw new Error("TEST_PG_SERVER=system: no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql-15) and no TEST_PG_BIN");
    // TEST_PG_STATEMENT_LOG=<folder>: the server logs every statement with its parameters, and the
    // log is kept there as <project>.csv when the run ends (tests/api/citus-queries.test.ts reads it).
    const logTo = process.env.TEST_PG_STATEMENT_LOG;
    const pg = await startSystemPostgres(bin, logTo ? { logStatements: true, keepLog: path.resolve(logTo, `${project.name}.csv`) } : {});
    console.log(`integration tests on ${pg.version} (${bin})${logTo ? `, every statement logged to ${logTo}` : ""}`);
    serverUrl = pg.url;
    stop = pg.stop;
  }
  if (!serverUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-test-pg-"));
    await fs.chmod(dir, 0o755);
    const pg = await startEmbeddedPostgres(path.join(dir, "pg"), { persistent: false });
    serverUrl = pg.url;
    stop = pg.stop;
  }
  const admin = createDb(serverUrl, { max: 1 });
  await admin.unsafe(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.unsafe(`create database ${TEMPLATE_DB}`);
  const templateUrl = withDatabase(serverUrl, TEMPLATE_DB);
  const db = createDb(templateUrl, { max: 2 });
  await migrate(db);
  await db.end();
  const jobs = await Jobs.start(templateUrl, pino({ level: "silent" }), allJobs);
  await jobs.stop();
  await admin.end();
  project.provide("pgServerUrl", serverUrl);
  return async () => {
    if (stop) await stop().catch(() => {});
    if (dir) await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
  };
}
