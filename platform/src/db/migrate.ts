import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./client.ts";

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const LOCK_ID = 727272;
const NO_TRANSACTION_MARKER = "-- migrate: no-transaction";

export type MigrationResult = { applied: string[]; current: string | undefined };

/**
 * Applies forward-only numbered SQL migrations (`NNN_name.sql`) in order. Each file runs in its own
 * transaction together with its row in `schema_migrations`, so a failing file leaves nothing of
 * itself behind and the files before it stay applied. A session advisory lock, held on one
 * reserved connection for the whole run, keeps two starting servers from racing.
 *
 * A file whose first line is `-- migrate: no-transaction` runs outside a transaction instead, for
 * statements PostgreSQL refuses inside one (`CREATE INDEX CONCURRENTLY`). Its statements are sent
 * one at a time (several in one query string would again form one implicit transaction) and the
 * file is recorded after the last one. If it fails midway, the statements before stay applied and
 * the file is not recorded, so the next run repeats it from the start: write such files to be
 * rerunnable (`IF NOT EXISTS`, and `DROP INDEX CONCURRENTLY IF EXISTS` before re-creating an index
 * that a failed concurrent build may have left invalid). Keep them to those statements alone.
 *
 * Each applied file's SHA-256 is recorded beside its name (line endings normalised, so a checkout
 * with CRLF does not count as an edit). Before applying anything, every applied file still present
 * is compared with its record: an edited one stops the run with an error naming it, and nothing is
 * applied (decision 0130). Rows recorded before checksums existed get theirs on the first run.
 * A recorded name with no file (a branch's migration) is left alone.
 */
export async function migrate(db: Db, onApplied?: (name: string) => void, dir: string = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  // db.begin() would take another pooled connection: the transactions are opened on this one.
  const conn = await db.reserve();
  try {
    await conn`select pg_advisory_lock(${LOCK_ID})`;
    try {
      await conn`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`;
      await conn`alter table schema_migrations add column if not exists checksum text`;
      const rows = await conn<{ name: string; checksum: string | null }[]>`select name, checksum from schema_migrations`;
      const done = new Map(rows.map((r) => [r.name, r.checksum]));
      const texts = new Map<string, string>();
      for (const file of files) texts.set(file, await fs.readFile(path.join(dir, file), "utf8"));
      const edited = files.filter((f) => {
        const recorded = done.get(f);
        return recorded != null && recorded !== migrationChecksum(texts.get(f) ?? "");
      });
      if (edited.length > 0) {
        throw new Error(
          `migration ${edited.join(", ")} was edited after it was applied (its checksum differs from the one recorded in schema_migrations); restore the applied version and put the change in a new migration`,
        );
      }
      for (const file of files) {
        if (done.has(file) && done.get(file) === null) {
          await conn`update schema_migrations set checksum = ${migrationChecksum(texts.get(file) ?? "")} where name = ${file} and checksum is null`;
        }
      }
      for (const file of files) {
        if (done.has(file)) continue;
        const sqlText = texts.get(file) ?? "";
        const checksum = migrationChecksum(sqlText);
        try {
          if (isNoTransaction(sqlText)) {
            for (const statement of splitStatements(sqlText)) await conn.unsafe(statement);
            await conn`insert into schema_migrations (name, checksum) values (${file}, ${checksum})`;
          } else {
            await inTransaction(conn, async () => {
              await conn.unsafe(sqlText);
              await conn`insert into schema_migrations (name, checksum) values (${file}, ${checksum})`;
            });
          }
        } catch (err) {
          throw new Error(`migration ${file} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }
        applied.push(file);
        onApplied?.(file);
      }
    } finally {
      // A failed unlock must not hide the migration's own error; the lock ends with the session anyway.
      await conn`select pg_advisory_unlock(${LOCK_ID})`.catch(() => undefined);
    }
  } finally {
    conn.release();
  }
  return { applied, current: files.at(-1) };
}

/** SHA-256 (hex) of a migration file's text with CRLF line endings read as LF. */
export function migrationChecksum(sqlText: string): string {
  return createHash("sha256").update(sqlText.replace(/\r\n/g, "\n")).digest("hex");
}

async function inTransaction(conn: Db, fn: () => Promise<void>): Promise<void> {
  await conn.unsafe("begin");
  try {
    await fn();
  } catch (err) {
    await conn.unsafe("rollback");
    throw err;
  }
  await conn.unsafe("commit");
}

function isNoTransaction(sqlText: string): boolean {
  return sqlText.split("\n", 1)[0]?.trim() === NO_TRANSACTION_MARKER;
}

const DOLLAR_TAG = /^\$(?:[A-Za-z_]\w*)?\$/;

/**
 * Splits a SQL file at the semicolons that end statements, skipping those inside quotes, quoted
 * identifiers, dollar-quoted bodies and comments. Chunks holding only comments are dropped.
 */
export function splitStatements(sqlText: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const push = (end: number) => {
    if (hasCode) statements.push(sqlText.slice(start, end).trim());
    start = end + 1;
    hasCode = false;
  };
  while (i < sqlText.length) {
    const ch = sqlText[i];
    const next = sqlText[i + 1];
    if (ch === "-" && next === "-") {
      const eol = sqlText.indexOf("\n", i);
      i = eol === -1 ? sqlText.length : eol + 1;
    } else if (ch === "/" && next === "*") {
      const end = sqlText.indexOf("*/", i + 2);
      i = end === -1 ? sqlText.length : end + 2;
    } else if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < sqlText.length && !(sqlText[j] === ch && sqlText[j + 1] !== ch)) j += sqlText[j] === ch ? 2 : 1;
      hasCode = true;
      i = j + 1;
    } else if (ch === "$" && DOLLAR_TAG.test(sqlText.slice(i, i + 64))) {
      const tag = DOLLAR_TAG.exec(sqlText.slice(i, i + 64))?.[0] ?? "$$";
      const end = sqlText.indexOf(tag, i + tag.length);
      hasCode = true;
      i = end === -1 ? sqlText.length : end + tag.length;
    } else if (ch === ";") {
      push(i);
      i++;
    } else {
      if (ch !== undefined && !/\s/.test(ch)) hasCode = true;
      i++;
    }
  }
  push(sqlText.length);
  return statements;
}
