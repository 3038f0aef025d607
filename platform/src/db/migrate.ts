import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./client.ts";

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type MigrationResult = { applied: string[]; current: string | undefined };

/**
 * Applies forward-only numbered SQL migrations (`NNN_name.sql`) in order, each in its own
 * transaction, recorded in `schema_migrations`. An advisory lock keeps two starting servers from
 * racing.
 */
export async function migrate(db: Db, onApplied?: (name: string) => void): Promise<MigrationResult> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await db.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(727272)`;
    await tx`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`;
    const done = new Set((await tx<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sqlText = await fs.readFile(path.join(MIGRATIONS_DIR, file), "utf8");
      await tx.unsafe(sqlText);
      await tx`insert into schema_migrations (name) values (${file})`;
      applied.push(file);
      onApplied?.(file);
    }
  });
  return { applied, current: files.at(-1) };
}
