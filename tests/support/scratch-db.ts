import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDb, startEmbeddedPostgres, withDatabase } from "@tuesday/platform";

export type Cleanups = (() => Promise<void>)[];

/**
 * A throwaway database for a bench or an evaluation: a new database in a temp embedded cluster, or
 * on DATABASE_URL's server. Its removal goes onto `cleanups` (run them in reverse). `reuse` names
 * a database an earlier run kept (with DATABASE_URL); `keep` leaves this one behind.
 */
export async function scratchDatabase(prefix: string, cleanups: Cleanups, opts: { reuse?: string | undefined; keep?: boolean } = {}): Promise<string> {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `tuesday-${prefix}-`));
    await fs.chmod(dir, 0o755);
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const pg = await startEmbeddedPostgres(path.join(dir, "pg"), { persistent: false });
    cleanups.push(pg.stop);
    serverUrl = pg.url;
  }
  const reuse = process.env.DATABASE_URL ? opts.reuse : undefined;
  const dbName = reuse ?? `${prefix.replaceAll("-", "_")}_${Date.now().toString(36)}`;
  const admin = createDb(serverUrl, { max: 1 });
  if (!reuse) await admin.unsafe(`create database ${dbName}`);
  cleanups.push(async () => {
    if (reuse || (opts.keep && process.env.DATABASE_URL)) console.log(`kept database ${dbName}`);
    else await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });
  return withDatabase(serverUrl, dbName);
}
