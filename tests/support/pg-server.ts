import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDb } from "@tuesday/platform";
import { freePort } from "./net.ts";

/**
 * A PostgreSQL server from the operating system's packages (Debian's `postgresql-15`, binaries in
 * /usr/lib/postgresql/15/bin), not the embedded one: its own cluster made by `initdb` in a temp
 * directory, owned by an unprivileged user (as root: the `postgres` system user the package
 * creates), listening on 127.0.0.1 at a free port with trust authentication.
 *
 * `TEST_PG_BIN` names the binaries' directory; `systemPostgresBin()` finds the newest installed
 * major under /usr/lib/postgresql.
 */

export type SystemPostgres = { url: string; version: string; logDir: string; stop: () => Promise<void> };

export function systemPostgresBin(): string | undefined {
  if (process.env.TEST_PG_BIN) return process.env.TEST_PG_BIN;
  const base = "/usr/lib/postgresql";
  const majors = fs.existsSync(base) ? fs.readdirSync(base).filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(base, d, "bin", "initdb"))) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(base, newest, "bin") : undefined;
}

/** uid and gid of the unprivileged user PostgreSQL runs as when this process is root. */
function unprivileged(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
      if (uid > 0) return { uid, gid };
    } catch {
      // no such user
    }
  }
  throw new Error("running as root, and neither a `postgres` nor a `nobody` user exists to run PostgreSQL");
}

/**
 * `logStatements`: every statement a client sends, with its parameters, goes to a CSV log in
 * `logDir` (log_statement = all, csvlog): tests/api/citus-queries.test.ts reads it. `keepLog`: a
 * file the log is copied to when the server has stopped (the temp directory then goes).
 */
export async function startSystemPostgres(binDir: string, opts: { logStatements?: boolean; keepLog?: string } = {}): Promise<SystemPostgres> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "tuesday-pgserver-"));
  const data = path.join(dir, "data");
  const logDir = path.join(dir, "log");
  const user = unprivileged();
  if (user) {
    await fsp.chown(dir, user.uid, user.gid);
    // mkdtemp's parent is world-writable /tmp; the postgres user needs to reach `dir` only.
  }
  const as = user ? { uid: user.uid, gid: user.gid } : {};
  const version = execFileSync(path.join(binDir, "postgres"), ["--version"], { encoding: "utf8" }).trim();
  execFileSync(path.join(binDir, "initdb"), ["-D", data, "-U", "tuesday", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"], {
    ...as,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LC_ALL: "C.UTF-8" },
  });
  const port = await freePort();
  let log = "";
  const child: ChildProcess = spawn(
    path.join(binDir, "postgres"),
    [
      "-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${dir}`, "-c", "max_connections=200", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
      ...(opts.logStatements
        ? ["-c", "logging_collector=on", "-c", "log_destination=csvlog", "-c", `log_directory=${logDir}`, "-c", "log_filename=statements", "-c", "log_rotation_size=0", "-c", "log_statement=all", "-c", "log_parameter_max_length=200"]
        : []),
    ],
    { ...as, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (d) => (log = (log + String(d)).slice(-4000)));
  child.stderr?.on("data", (d) => (log = (log + String(d)).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `postgres://tuesday@127.0.0.1:${port}/postgres`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${version} exited at start:\n${log}`);
    const probe = createDb(url, { max: 1 });
    const ok = await probe`select 1`.then(() => true, () => false);
    await probe.end({ timeout: 1 });
    if (ok) break;
    if (Date.now() - started > 30_000) throw new Error(`${version} not ready after 30 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    version,
    logDir,
    stop: async () => {
      // A fast shutdown (what `pg_ctl stop -m fast` sends), then the directory goes.
      if (child.exitCode === null) {
        child.kill("SIGINT");
        await exited;
      }
      if (opts.logStatements && opts.keepLog) {
        const logs = fs.existsSync(logDir) ? fs.readdirSync(logDir).filter((f) => f.endsWith(".csv")) : [];
        await fsp.mkdir(path.dirname(opts.keepLog), { recursive: true });
        await fsp.rm(opts.keepLog, { force: true });
        for (const f of logs) await fsp.appendFile(opts.keepLog, await fsp.readFile(path.join(logDir, f)));
      }
      await fsp.rm(dir, { recursive: true, force: true }).catch(() => {});
    },
  };
}
