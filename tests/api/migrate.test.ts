import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createDb, type Db, migrate, withDatabase } from "@tuesday/platform";

/** The migration runner on an empty database and a migrations folder of the test's own. */
const serverUrl = inject("pgServerUrl");
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
});

let n = 0;
let db: Db;
let dbUrl: string;
let dir: string;
beforeEach(async () => {
  const name = `m_${process.pid}_${Date.now().toString(36)}_${n++}`;
  const admin = createDb(serverUrl, { max: 1 });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  dbUrl = withDatabase(serverUrl, name);
  db = createDb(dbUrl, { max: 3 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-migrations-"));
  const [thisDb, thisDir] = [db, dir];
  cleanup.push(async () => {
    await thisDb.end({ timeout: 5 });
    const a = createDb(serverUrl, { max: 1 });
    await a.unsafe(`drop database if exists ${name} with (force)`);
    await a.end();
    await fs.rm(thisDir, { recursive: true, force: true });
  });
});

const write = (file: string, sql: string) => fs.writeFile(path.join(dir, file), sql);
const recorded = async () => (await db<{ name: string }[]>`select name from schema_migrations order by name`).map((r) => r.name);
const tables = async () =>
  (await db<{ t: string }[]>`select table_name as t from information_schema.tables where table_schema = 'public' order by 1`).map((r) => r.t);

describe("migrate", () => {
  it("runs each file in its own transaction: a failing file leaves nothing of itself, earlier files stay", async () => {
    await write("001_first.sql", "create table first (id int primary key);");
    await write("002_broken.sql", "create table second (id int primary key);\ninsert into second values (1);\ninsert into no_such_table values (1);");
    await write("003_later.sql", "create table third (id int);");

    await expect(migrate(db, undefined, dir)).rejects.toThrow(/002_broken\.sql.*no_such_table/);
    expect(await recorded()).toEqual(["001_first.sql"]);
    expect(await tables()).toEqual(["first", "schema_migrations"]);

    // Fixed, the next run goes on from the failed file.
    await write("002_broken.sql", "create table second (id int primary key);\ninsert into second values (1);");
    const applied: string[] = [];
    const result = await migrate(db, (f) => applied.push(f), dir);
    expect(result).toEqual({ applied: ["002_broken.sql", "003_later.sql"], current: "003_later.sql" });
    expect(applied).toEqual(result.applied);
    expect(await recorded()).toEqual(["001_first.sql", "002_broken.sql", "003_later.sql"]);
    expect(await db`select id from second`).toEqual([{ id: 1 }]);
    expect((await migrate(db, undefined, dir)).applied).toEqual([]);
  });

  it("runs a file marked no-transaction statement by statement, so CREATE INDEX CONCURRENTLY works", async () => {
    await write("001_table.sql", "create table items (id int primary key, a text, b text);\ninsert into items select g, 'a' || g, 'b;' || g from generate_series(1, 100) g;");
    await write(
      "002_indexes.sql",
      `-- migrate: no-transaction
-- Built without blocking writes; rerunnable.
create index concurrently if not exists items_a_idx on items (a);
create index concurrently if not exists items_b_idx on items (b) where b <> 'x;y';
`,
    );
    expect((await migrate(db, undefined, dir)).applied).toEqual(["001_table.sql", "002_indexes.sql"]);
    expect(await recorded()).toEqual(["001_table.sql", "002_indexes.sql"]);
    const indexes = await db<{ name: string; valid: boolean }[]>`
      select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'items'::regclass and c.relname <> 'items_pkey' order by 1`;
    expect(indexes).toEqual([
      { name: "items_a_idx", valid: true },
      { name: "items_b_idx", valid: true },
    ]);
  });

  it("refuses CREATE INDEX CONCURRENTLY in an unmarked file, and records nothing of it", async () => {
    await write("001_table.sql", "create table items (id int primary key, a text);");
    await write("002_index.sql", "create index concurrently items_a_idx on items (a);");
    await expect(migrate(db, undefined, dir)).rejects.toThrow(/002_index\.sql.*transaction block/);
    expect(await recorded()).toEqual(["001_table.sql"]);
  });

  it("lets one of two concurrent runs apply each file once", async () => {
    await write("001_table.sql", "create table once (id int primary key);\ninsert into once values (1);");
    const other = createDb(dbUrl, { max: 2 });
    try {
      const [a, b] = await Promise.all([migrate(db, undefined, dir), migrate(other, undefined, dir)]);
      expect([...a.applied, ...b.applied]).toEqual(["001_table.sql"]);
    } finally {
      await other.end({ timeout: 5 });
    }
  });

  it("records each file's checksum and refuses to run when an applied file was edited, applying nothing", async () => {
    await write("001_first.sql", "create table first (id int primary key);\n");
    await migrate(db, undefined, dir);
    const [row] = await db<{ checksum: string }[]>`select checksum from schema_migrations where name = '001_first.sql'`;
    expect(row?.checksum).toMatch(/^[0-9a-f]{64}$/);

    // The same text with CRLF line endings (a Windows checkout) is not an edit.
    await write("001_first.sql", "create table first (id int primary key);\r\n");
    expect((await migrate(db, undefined, dir)).applied).toEqual([]);

    await write("001_first.sql", "create table first (id int primary key, extra text);\n");
    await write("002_second.sql", "create table second (id int primary key);");
    await expect(migrate(db, undefined, dir)).rejects.toThrow(/001_first\.sql was edited after it was applied/);
    expect(await recorded()).toEqual(["001_first.sql"]);
    expect(await tables()).toEqual(["first", "schema_migrations"]);

    // Restored, the run goes on.
    await write("001_first.sql", "create table first (id int primary key);\n");
    expect((await migrate(db, undefined, dir)).applied).toEqual(["002_second.sql"]);
  });

  it("fills in the checksums of files applied before checksums were recorded", async () => {
    await db`create table schema_migrations (name text primary key, applied_at timestamptz not null default now())`;
    await write("001_old.sql", "create table old (id int primary key);");
    await db.unsafe("create table old (id int primary key)");
    await db`insert into schema_migrations (name) values ('001_old.sql')`;
    expect((await migrate(db, undefined, dir)).applied).toEqual([]);
    const [row] = await db<{ checksum: string | null }[]>`select checksum from schema_migrations where name = '001_old.sql'`;
    expect(row?.checksum).toMatch(/^[0-9a-f]{64}$/);
    await write("001_old.sql", "create table old (id int primary key, edited int);");
    await expect(migrate(db, undefined, dir)).rejects.toThrow(/001_old\.sql was edited/);
  });
});
