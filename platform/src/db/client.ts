import postgres from "postgres";

export type Db = postgres.Sql;

export type DbOptions = { max?: number; debugName?: string };

/** A postgres.js pool. Timestamps come back as Date, bigint as number where safe (counts). */
export function createDb(url: string, opts: DbOptions = {}): Db {
  return postgres(url, {
    max: opts.max ?? 10,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    connection: {
      application_name: opts.debugName ?? "tuesday",
      // Every statement is planned for its parameter values. postgres.js prepares each statement,
      // and after five runs PostgreSQL may switch to a generic plan that is blind to the values: for
      // the directory that meant reading all 39,000 members matching "ai" through an index where
      // the first 201 of a sequential read will do (21 ms instead of 1). Planning the statements of
      // this code base costs tenths of a millisecond; a wrong generic plan costs far more.
      plan_cache_mode: "force_custom_plan",
    },
    types: {
      // COUNT(*) and other int8 values used as numbers in this code base stay below 2^53.
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  });
}

/**
 * Runs `fn` in a transaction, or inside the caller's transaction when `db` already is one, so a
 * service verb can be composed into a bigger unit of work without knowing it.
 */
export async function withTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if ("savepoint" in db) return fn(db);
  return (await db.begin((tx) => fn(tx as unknown as Db))) as T;
}

/** True when the error is a PostgreSQL unique violation, optionally on a named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (!(err instanceof postgres.PostgresError) || err.code !== "23505") return false;
  return constraint === undefined || err.constraint_name === constraint;
}
