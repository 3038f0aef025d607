import postgres from "postgres";

export type Db = postgres.Sql;

export type DbOptions = {
  max?: number;
  debugName?: string;
  /**
   * Plan every statement for its parameter values (plan_cache_mode=force_custom_plan). For
   * statements whose best plan depends on the values, such as a directory search, where a broad word
   * is best read sequentially up to the candidate cap and a rare one through its index. Others keep
   * PostgreSQL's default: after five runs a statement may reuse one generic plan, which for a
   * session lookup saves ten times its execution (0.3 ms of planning for 0.03 ms of work).
   */
  customPlans?: boolean;
};

/**
 * The Unix socket a libpq-style URL names with `?host=/socket/dir` (e.g.
 * `postgres://me@localhost:5432/app?host=/var/run/postgresql`), which postgres.js does not read
 * from URLs itself. A local socket skips the loopback TCP stack on every round trip.
 */
export function socketPath(url: string | URL): string | undefined {
  const parsed = typeof url === "string" ? new URL(url) : url;
  const dir = parsed.searchParams.get("host");
  if (!dir?.startsWith("/")) return undefined;
  return `${dir.replace(/\/$/, "")}/.s.PGSQL.${parsed.port || "5432"}`;
}

/** `url` naming database `database` instead (its query, e.g. a socket `?host=`, kept). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A postgres.js pool. Timestamps come back as Date, bigint as number where safe (counts). */
export function createDb(url: string, opts: DbOptions = {}): Db {
  const parsed = new URL(url);
  const path = socketPath(parsed);
  parsed.searchParams.delete("host");
  return postgres(parsed.toString(), {
    ...(path ? { path } : {}),
    max: opts.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    connection: {
      application_name: opts.debugName ?? "tuesday",
      ...(opts.customPlans ? { plan_cache_mode: "force_custom_plan" } : {}),
    },
    types: {
      // COUNT(*) and other int8 values used as numbers in this code base stay below 2^53.
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  });
}

/** A pool's live counts: its size, connections in use and queries or transactions waiting for one. */
export type PoolStats = { max: number; inUse: number; waiting: number };

/**
 * The live counts of a postgres.js pool, which the library keeps but does not expose: read
 * through `sql.stats()`, added by patches/postgres+3.4.9+001+pool-stats.patch (connections
 * connecting, running statements or held by a transaction; queries and transactions queued for a
 * connection). Undefined for a transaction's handle. A plain query may also wait behind another on
 * a busy connection (postgres.js pipelines them): that wait is not counted.
 */
export function poolStats(db: Db): PoolStats | undefined {
  const stats = (db as unknown as { stats?: unknown }).stats;
  return typeof stats === "function" ? (stats as () => PoolStats)() : undefined;
}

/**
 * Runs `fn` in a transaction, or inside the caller's transaction when `db` already is one, so a
 * service verb can be composed into a bigger unit of work without knowing it.
 */
export async function withTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if ("savepoint" in db) return fn(db);
  const hooks: (() => void)[] = [];
  const result = (await db.begin((tx) => {
    commitHooks.set(tx, hooks);
    return fn(tx as unknown as Db);
  })) as T;
  for (const hook of hooks) hook();
  return result;
}

const commitHooks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` once `db`'s work is durable: at once on a pool, after COMMIT inside a transaction
 * that withTx opened (never on rollback). Returns false for a transaction withTx did not open
 * (`db.begin` called directly), whose commit this module cannot see.
 */
export function afterCommit(db: Db, fn: () => void): boolean {
  const hooks = commitHooks.get(db);
  if (hooks) {
    hooks.push(fn);
    return true;
  }
  if ("savepoint" in db) return false;
  fn();
  return true;
}

/** True when the error is a PostgreSQL unique violation, optionally on a named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (!(err instanceof postgres.PostgresError) || err.code !== "23505") return false;
  return constraint === undefined || err.constraint_name === constraint;
}

/** postgres.js's own codes for a connection that could not be made or was lost. */
const CONNECTION_ERROR_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);
/** Socket errors of a connection attempt (TCP or Unix socket: a stopped cluster removes its socket file, ENOENT). */
const SOCKET_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOENT", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * True when `err` says the database cannot be reached right now (refused, lost, starting, full),
 * as opposed to a statement that failed: the request may succeed if retried later. postgres.js
 * reconnects by itself on the next query, so nothing has to be reset.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof postgres.PostgresError) return err.code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(err.code);
  if (!(err instanceof Error)) return false;
  const { code, syscall } = err as Error & { code?: unknown; syscall?: unknown };
  if (typeof code !== "string") return false;
  if (CONNECTION_ERROR_CODES.has(code)) return true;
  // Only a failed connect or a broken socket: an ENOENT of a file read is no outage.
  return SOCKET_ERROR_CODES.has(code) && (syscall === "connect" || syscall === "read" || syscall === "write" || syscall === "getaddrinfo");
}

const probes = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether `db` answers `select 1` within `timeoutMs`. A frozen server (stopped, swapping, its disk
 * hung) accepts connections and statements and answers none, and neither postgres.js nor a
 * server-side statement_timeout ends the wait; this deadline is the client's own. Callers that ask
 * while a probe is in flight share it, so a thousand waiting requests send one statement; a probe
 * that never returns stays one query queued on the pool until the server resumes.
 */
export function probeDatabase(db: Db, timeoutMs: number): Promise<boolean> {
  const inFlight = probes.get(db);
  if (inFlight) return inFlight;
  let timer: NodeJS.Timeout | undefined;
  const answer = Promise.race([
    db`select 1`.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(resolve, timeoutMs, false);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    probes.delete(db);
  });
  probes.set(db, answer);
  return answer;
}
