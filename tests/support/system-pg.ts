import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { allJobs, createDb, Jobs, migrate, withDatabase } from "@tuesday/platform";
import { freePort } from "./net.ts";

export type SystemPostgres = { url: string; major: number; stop: () => Promise<void> };

/** The newest PostgreSQL server installed from Debian packages (/usr/lib/postgresql/N/bin), if any. */
export function systemPostgresBin(): { dir: string; major: number } | undefined {
  if (!existsSync("/usr/lib/postgresql")) return undefined;
  const found = readdirSync("/usr/lib/postgresql")
    .map((v) => ({ dir: `/usr/lib/postgresql/${v}/bin`, major: Number(v) }))
    .filter((b) => Number.isInteger(b.major) && existsSync(path.join(b.dir, "postgres")) && existsSync(path.join(b.dir, "pg_dump")))
    .sort((a, b) => b.major - a.major);
  return found[0];
}

/**
 * A throw-away cluster of the system's PostgreSQL (Debian's `postgresql-NN`), on a Unix socket in a
 * temporary folder, with `tuesday_template` migrated as the suite's global setup makes it. As
 * root the server runs as the `postgres` system user. For tests that need the server's own client
 * programs (pg_dump) when the suite's server is newer than any installed.
 */
export async function startSystemPostgres(): Promise<SystemPostgres> {
  const bin = systemPostgresBin();
  if (!bin) throw new Error("no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql-15)");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-syspg-"));
  await fs.chmod(dir, 0o755);
  const isRoot = process.getuid?.() === 0;
  const ids = isRoot
    ? { uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })) }
    : {};
  if (isRoot) await fs.chown(dir, ids.uid as number, ids.gid as number);
  const data = path.join(dir, "data");
  execFileSync(path.join(bin.dir, "initdb"), ["-D", data, "-U", "tuesday", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"], { ...ids, stdio: "ignore" });
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.join(bin.dir, "postgres"),
    ["-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=", "-c", "fsync=off", "-c", "max_connections=100"],
    { ...ids, stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `postgres://tuesday@localhost:${port}/postgres?host=${dir}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGINT");
      await exited;
    }
    await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
  };
  try {
    for (let i = 0; ; i++) {
      const probe = createDb(url, { max: 1 });
      try {
        await probe`select 1`;
        break;
      } catch (err) {
        if (i > 100 || child.exitCode !== null) throw err;
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        await probe.end();
      }
    }
    const admin = createDb(url, { max: 1 });
    await admin.unsafe("create database tuesday_template");
    await admin.end();
    const templateUrl = withDatabase(url, "tuesday_template");
    const db = createDb(templateUrl, { max: 2 });
    await migrate(db);
    await db.end();
    const jobs = await Jobs.start(templateUrl, pino({ level: "silent" }), allJobs);
    await jobs.stop();
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, major: bin.major, stop };
}
