import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REFERENCE, REFERENCE_WITH_COMMUNITY } from "../support/citus.ts";
import { testEnvForFile } from "../support/harness.ts";

/**
 * Citus readiness (docs/operations.md, "Past one database"): tenant tables are distributed by
 * community_id, so every primary key and unique constraint of a tenant table must include
 * community_id, and every foreign key between tenant tables must carry it on both sides. Global
 * tables become reference tables (copied to every node): a tenant table may point at them freely.
 * Read from the live catalogue of a migrated database.
 */
const env = await testEnvForFile();


/**
 * Gaps the test tolerates: none since migration 068. A key or foreign key of a tenant table without
 * community_id fails the test.
 */
const KNOWN_KEY_GAPS: string[] = [];

type Constraint = { table: string; name: string; type: "p" | "u" | "f"; columns: string[]; refTable: string | null; refColumns: string[] | null };

async function catalogue() {
  const tables = await env.db<{ table: string; hasCommunity: boolean }[]>`
    select c.relname as table, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'community_id' and not a.attisdropped) as "hasCommunity"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`;
  const constraints = await env.db<Constraint[]>`
    select c.relname as table, k.conname as name, k.contype as type,
           array(select a.attname::text from unnest(k.conkey) with ordinality x(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.n order by x.i) as columns,
           r.relname as "refTable",
           case when k.contype = 'f' then array(select a.attname::text from unnest(k.confkey) with ordinality x(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.n order by x.i) end as "refColumns"
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_class r on r.oid = k.confrelid
    where n.nspname = 'public' and k.contype in ('p', 'u', 'f') order by 1, 2`;
  // Unique indexes that are not constraints count too (Citus needs the distribution column in them).
  const uniqueIndexes = await env.db<{ table: string; name: string; columns: string[] }[]>`
    select c.relname as table, ic.relname as name,
           array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality x(n, i) join pg_attribute a on a.attrelid = i.indrelid and a.attnum = x.n order by x.i) as columns
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and i.indisunique
      -- Indexes of primary keys and unique constraints are read as constraints above. A foreign key's
      -- conindid names the index it points at (in another table): that one counts here.
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x')) order by 1, 2`;
  return { tables, constraints, uniqueIndexes };
}

const KNOWN_FK_GAPS: string[] = [];

describe("Citus readiness of the schema", () => {
  it("every public table is either a tenant table (with community_id) or listed as a reference table", async () => {
    const { tables } = await catalogue();
    const unlisted = tables.filter((t) => !t.hasCommunity && !REFERENCE.includes(t.table)).map((t) => t.table);
    expect(unlisted).toEqual([]);
  });

  it("every tenant table's primary key, unique constraints and unique indexes include community_id", async () => {
    const { tables, constraints, uniqueIndexes } = await catalogue();
    const tenant = new Set(tables.filter((t) => t.hasCommunity && !REFERENCE.includes(t.table) && !REFERENCE_WITH_COMMUNITY.includes(t.table)).map((t) => t.table));
    const keyed = [...constraints.filter((k) => k.type !== "f"), ...uniqueIndexes.map((u) => ({ ...u, type: "u" as const }))];
    const missing = keyed.filter((k) => tenant.has(k.table) && !k.columns.includes("community_id")).map((k) => `${k.table}.${k.name} (${k.columns.join(", ")})`);
    const noKey = [...tenant].filter((t) => !constraints.some((k) => k.table === t && k.type === "p"));
    expect({ missing: missing.sort(), noKey }).toEqual({ missing: [...KNOWN_KEY_GAPS].sort(), noKey: [] });
  });

  it("every foreign key between tenant tables joins on community_id", async () => {
    const { tables, constraints } = await catalogue();
    const tenant = new Set(tables.filter((t) => t.hasCommunity && !REFERENCE.includes(t.table) && !REFERENCE_WITH_COMMUNITY.includes(t.table)).map((t) => t.table));
    const bad = constraints
      .filter((k) => k.type === "f" && tenant.has(k.table) && k.refTable && tenant.has(k.refTable))
      .filter((k) => {
        const i = k.columns.indexOf("community_id");
        return i < 0 || k.refColumns?.[i] !== "community_id";
      })
      .map((k) => `${k.table}.${k.name} (${k.columns.join(", ")}) -> ${k.refTable} (${k.refColumns?.join(", ")})`);
    expect(bad.sort()).toEqual([...KNOWN_FK_GAPS].sort());
  });

  it("docs/operations.md distributes every tenant table after the tables it points at, and copies every other one", async () => {
    const { tables, constraints } = await catalogue();
    const doc = await fs.readFile(path.join(import.meta.dirname, "../../docs/operations.md"), "utf8");
    const referenced = [...doc.matchAll(/create_reference_table\('(\w+)'\)/g)].map((m) => m[1]);
    const distributed = [...doc.matchAll(/create_distributed_table\('(\w+)', 'community_id'/g)].map((m) => m[1] as string);
    const reference = new Set([...REFERENCE, ...REFERENCE_WITH_COMMUNITY]);
    expect(referenced.sort()).toEqual([...reference].sort());
    expect([...distributed].sort()).toEqual(tables.filter((t) => !reference.has(t.table)).map((t) => t.table).sort());
    const early = constraints
      .filter((k) => k.type === "f" && k.refTable && k.refTable !== k.table && distributed.includes(k.refTable))
      .filter((k) => distributed.indexOf(k.refTable as string) > distributed.indexOf(k.table))
      .map((k) => `${k.table} before ${k.refTable}`);
    expect(early).toEqual([]);
  });

  it("no reference table has a foreign key to a tenant table (Citus refuses one)", async () => {
    const { tables, constraints } = await catalogue();
    const reference = new Set([...REFERENCE, ...REFERENCE_WITH_COMMUNITY]);
    const tenant = new Set(tables.filter((t) => t.hasCommunity && !reference.has(t.table)).map((t) => t.table));
    const bad = constraints
      .filter((k) => k.type === "f" && reference.has(k.table) && k.refTable && tenant.has(k.refTable))
      .map((k) => `${k.table}.${k.name} (${k.columns.join(", ")}) -> ${k.refTable} (${k.refColumns?.join(", ")})`);
    expect(bad).toEqual([]);
  });
});
