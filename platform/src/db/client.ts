import postgres from "postgres";

export type Db = postgres.Sql;

/** Word similarity a typo'd name needs to match a member's full name ("Lovelcae" ~ "Ada Lovelace"). */
export const NAME_SIMILARITY_THRESHOLD = "0.5";

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
      // The directory's fuzzy name search (`<%`, served by the trigram GIN index) reads its
      // threshold from this setting; one value per connection spares every search a round trip.
      "pg_trgm.word_similarity_threshold": NAME_SIMILARITY_THRESHOLD,
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
