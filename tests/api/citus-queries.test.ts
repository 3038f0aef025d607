import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, withDatabase } from "@tuesday/platform";
import { CITUS_WORKLOAD } from "../../vitest.config.ts";
import { type Catalogue, looseGroups, loadParser, parseCsv, parseParameters, prepare, REFERENCE_WITH_COMMUNITY } from "../support/citus.ts";
import { TEMPLATE_DB } from "../support/global-setup.ts";
import { systemPostgresBin } from "../support/pg-server.ts";

/**
 * Citus readiness of the queries (docs/operations.md, "Past one database"): a statement that joins
 * two tenant tables must tie their community_id together (`a.community_id = b.community_id`, both
 * equal to one parameter or constant, `using (community_id)`, an INSERT ... SELECT's community_id
 * column), or Citus cannot route it to one node.
 *
 * Which statements: those the API test files in CITUS_WORKLOAD (vitest.config.ts) send, run on a
 * cluster of the system's PostgreSQL logging every statement with its parameters (log_statement =
 * all, csvlog; global-setup.ts with TEST_PG_STATEMENT_LOG). `npm test` runs them so in its
 * PostgreSQL server pass, before this file, and hands over that pass's log (CITUS_STATEMENT_LOG)
 * and its report (CITUS_WORKLOAD_REPORT: every workload file must have passed in it); run by hand,
 * this file runs them itself in a child `vitest` (one worker: beside this run's own two, more
 * starved other files' tests into timeouts). A log is read rather than pg_stat_statements: the
 * embedded PostgreSQL has no pg_stat_statements, and the log keeps each execution's parameter
 * values, so `$1` and `$2` both 'alpha' count as one community (postgres.js numbers every
 * interpolation anew). Statements run inside PL/pgSQL functions (the directory's triggers) are not
 * logged; migration 068 names their key. Each statement is parsed by libpg-query (PostgreSQL's own
 * parser, as WebAssembly).
 */

/**
 * Statements allowed to leave tenant tables untied, each with its reason: a part of the statement
 * text (normalised whitespace) and the reason.
 */
const EXCEPTIONS: { contains: string; reason: string }[] = [
  {
    contains: "insert into participants (community_id, user_id, first_name, last_name, moderation_status) select $1, user_id, first_name, last_name, moderation_status from participants where community_id = $2",
    reason: "a test's arrangement (account-disable.test.ts), not the product's: it copies a member into a second community; on Citus such an INSERT ... SELECT across shards runs through the coordinator",
  },
];

const root = path.resolve(import.meta.dirname, "../..");

describe("the analysis of a statement", () => {
  beforeAll(loadParser);
  const tables: Catalogue = new Map([
    ["participants", { tenant: true, hasCommunity: true }],
    ["chats", { tenant: true, hasCommunity: true }],
    ["chat_members", { tenant: true, hasCommunity: true }],
    ["users", { tenant: false, hasCommunity: false }],
    ["sessions", { tenant: false, hasCommunity: true }],
  ]);
  const loose = (sql: string, params?: Map<number, string>) => looseGroups(prepare(sql, tables), params);

  it("finds a join of tenant tables on ids alone, in a join, a subquery, a derived table and a CTE", () => {
    expect(loose("select 1 from participants p join chats c on c.created_by = p.id where p.community_id = $1")).toEqual([["participants"], ["chats"]]);
    expect(loose("select 1 from participants p where p.community_id = $1 and exists (select 1 from chats c where c.created_by = p.id)")).toEqual([["participants"], ["chats"]]);
    expect(loose("select 1 from (select id from participants where community_id = $1) m join chats c on c.created_by = m.id")).toEqual([["participants"], ["chats"]]);
    expect(loose("with m as (select id, community_id from participants) select 1 from m join chats c on c.created_by = m.id")).toEqual([["participants"], ["chats"]]);
    // An OR ties nothing.
    expect(loose("select 1 from participants p, chats c where p.community_id = c.community_id or c.id = $1")).toEqual([["participants"], ["chats"]]);
    // Two parameters with different values are two communities.
    expect(loose("select 1 from participants p join chats c on c.created_by = p.id where p.community_id = $1 and c.community_id = $2", new Map([[1, "a"], [2, "b"]]))).toEqual([["participants"], ["chats"]]);
  });

  it("accepts tenant tables tied by community_id, and joins to reference tables", () => {
    expect(loose("select 1 from participants p join chats c on c.community_id = p.community_id and c.created_by = p.id")).toEqual([]);
    expect(loose("select 1 from participants p join chats c using (community_id) where c.created_by = p.id")).toEqual([]);
    expect(loose("select 1 from participants p join chats c on c.created_by = p.id where p.community_id = $1 and c.community_id = $2", new Map([[1, "a"], [2, "a"]]))).toEqual([]);
    expect(loose("select 1 from (select id, community_id from participants where community_id = $1) m join chats c on c.community_id = m.community_id and c.created_by = m.id")).toEqual([]);
    expect(loose("select 1 from participants p where p.community_id = $1 and exists (select 1 from chat_members m where m.community_id = p.community_id)")).toEqual([]);
    expect(loose("insert into chat_members (community_id, chat_id) select p.community_id, $2 from participants p where p.community_id = $1")).toEqual([]);
    expect(loose("delete from chats where (community_id, created_by) in (select community_id, id from participants where user_id = $1)")).toEqual([]);
    expect(loose("delete from chats where created_by in (select id from participants where user_id = $1)")).toEqual([["chats"], ["participants"]]);
    expect(loose("select 1 from participants p join users u on u.id = p.user_id join sessions s on s.user_id = u.id")).toEqual([]);
  });

  it("reads a statement log as PostgreSQL's csvlog writes it, and finds its untied join", () => {
    // Lines as log_statement = all writes them: database (field 3), message (14), the parameters (15).
    const line = (database: string, message: string, detail = "") =>
      ["2026-11-29 11:00:00.000 UTC", "tuesday", database, "1", "127.0.0.1:1", "s", "1", "SELECT", "2026-11-29 11:00:00 UTC", "3/1", "0", "LOG", "00000", message, detail, "", "", "", "", "", "", "", "client backend", "", "0"]
        .map((f) => `"${f.replaceAll('"', '""')}"`)
        .join(",");
    const untied = "select p.id from participants p join chats c on c.created_by = p.id where p.community_id = $1 and c.community_id = $2";
    const log = [
      line("t_1", `execute <unnamed>: ${untied}`, "Parameters: $1 = 'alpha', $2 = 'alpha'"),
      line("t_1", `execute <unnamed>: ${untied}`, "Parameters: $1 = 'alpha', $2 = 'beta'"),
      line("t_1", "execute <unnamed>: select 1 from participants p join chats c using (community_id)"),
      line("t_1", "statement: begin"),
      // The template database's statements (migrations, pg-boss's installation) are not the API's.
      line(TEMPLATE_DB, "statement: select 1 from participants p, chats c"),
    ].join("\n");
    const r = analyseLogs([log, `${line("t_2", "statement: select 1 from participants p, chats c where p.id = c.created_by")}\n`], tables);
    expect(r.unparsed).toEqual([]);
    expect(r.executions).toBe(4);
    expect([...r.found]).toEqual([
      [untied, [["participants"], ["chats"]]],
      ["select 1 from participants p, chats c where p.id = c.created_by", [["participants"], ["chats"]]],
    ]);
  });
});

describe("statements of an API run", () => {
  const bin = systemPostgresBin();
  if (!bin && process.env.REQUIRE_PG_SERVER === "1") throw new Error("REQUIRE_PG_SERVER=1: no PostgreSQL server under /usr/lib/postgresql for the statement log");
  if (!bin) console.warn("citus-queries: SKIPPED, no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql-15)");

  it.skipIf(!bin && !process.env.CITUS_STATEMENT_LOG)("join tenant tables only on community_id", { timeout: 900_000 }, async () => {
    await loadParser();
    // CITUS_STATEMENT_LOG=<a statement log, or a folder of them> checks that log instead of running
    // the workload (CITUS_KEEP_LOG=<folder> keeps a run's log there): npm test, and for working on
    // the exceptions. CITUS_WORKLOAD_REPORT=<the logged run's vitest JSON report>: every workload
    // file must have passed in that run, or part of its statements would be missing from the log.
    const given = process.env.CITUS_STATEMENT_LOG;
    const reportFile = process.env.CITUS_WORKLOAD_REPORT;
    const { logs, report } = given
      ? { logs: await readLogs(given), report: reportFile ? (JSON.parse(await fs.readFile(reportFile, "utf8")) as VitestReport) : undefined }
      : await runWorkload(bin as string);
    if (report) expect(workloadNotPassed(report), "workload files that did not pass in the logged run").toEqual([]);
    const tables = await catalogue();

    const { executions, joins, unparsed, found } = analyseLogs(logs, tables);
    expect(executions).toBeGreaterThan(300);

    const loose = [...found]
      .filter(([text]) => !EXCEPTIONS.some((e) => text.includes(e.contains)))
      .map(([text, groups]) => `${groups.map((g) => g.join("+")).join(" | ")}: ${text}`);
    console.log(`citus-queries: ${executions} distinct statements, ${joins} touching two or more tenant tables, ${found.size} untied (${found.size - loose.length} excepted)`);
    expect(unparsed).toEqual([]);
    expect(loose).toEqual([]);
    // Every exception still matches a statement (else it is stale and goes).
    expect(EXCEPTIONS.filter((e) => ![...found.keys()].some((t) => t.includes(e.contains))).map((e) => e.contains)).toEqual([]);
  });
});

/**
 * The statements of csvlog logs (the API's databases only), each analysed with every parameter
 * set it was run with: how many distinct ones, how many touch two or more tenant tables, those the
 * parser refused, and the untied ones (normalised text -> the loose groups of the first execution
 * that left them untied).
 */
function analyseLogs(logs: string[], tables: Catalogue): { executions: number; joins: number; unparsed: string[]; found: Map<string, string[][]> } {
  const executions = new Map<string, Set<string>>();
  for (const log of logs) {
    for (const r of parseCsv(log)) {
      const [database, message, detail] = [r[2] ?? "", r[13] ?? "", r[14] ?? ""];
      // The template database is the migrations' and pg-boss's installation, not the API's.
      if (database === TEMPLATE_DB || database === "postgres") continue;
      const m = /^(?:execute [^:]*|statement): ([\s\S]*)$/.exec(message);
      if (!m) continue;
      const text = m[1] as string;
      if (!executions.has(text)) executions.set(text, new Set());
      (executions.get(text) as Set<string>).add(detail);
    }
  }
  const unparsed: string[] = [];
  const found = new Map<string, string[][]>();
  let joins = 0;
  for (const [text, details] of executions) {
    const p = prepare(text, tables);
    if ("error" in p) {
      unparsed.push(`${p.error}: ${text.slice(0, 200)}`);
      continue;
    }
    if (p.tenantKeys.length >= 2) joins++;
    for (const detail of details) {
      const groups = looseGroups(p, parseParameters(detail));
      if (groups.length > 0) {
        found.set(text.replace(/\s+/g, " ").trim(), groups);
        break;
      }
    }
  }
  return { executions: executions.size, joins, unparsed, found };
}

type VitestReport = { testResults: { name: string; status: string }[] };

/** The CITUS_WORKLOAD files that are missing from a vitest JSON report or did not pass in it. */
function workloadNotPassed(report: VitestReport): string[] {
  return CITUS_WORKLOAD.filter((file) => !report.testResults.some((r) => path.relative(root, r.name) === file && r.status === "passed"));
}

/** The CSV statement logs at `where`: one file, or every .csv in a folder. */
async function readLogs(where: string): Promise<string[]> {
  const files = (await fs.stat(where)).isDirectory() ? (await fs.readdir(where)).filter((f) => f.endsWith(".csv")).map((f) => path.join(where, f)) : [where];
  expect(files, `no statement log in ${where}`).not.toEqual([]);
  return Promise.all(files.map((f) => fs.readFile(f, "utf8")));
}

/** Runs CITUS_WORKLOAD in a child vitest on a cluster logging every statement; returns the CSV logs and the child's report. */
async function runWorkload(bin: string): Promise<{ logs: string[]; report: VitestReport }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "tuesday-citus-"));
  try {
    const report = path.join(dir, "report.json");
    const child = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const p = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--project", "integration-shared", "--maxWorkers=1", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...CITUS_WORKLOAD], {
        cwd: root,
        // A clean environment: nothing of this run's vitest, its failure report or its PostgreSQL.
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TEST_PG_SERVER: "system", TEST_PG_BIN: bin, TEST_PG_STATEMENT_LOG: path.join(dir, "log") },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      p.stdout.on("data", (d) => (out = (out + String(d)).slice(-20_000)));
      p.stderr.on("data", (d) => (out = (out + String(d)).slice(-20_000)));
      p.on("error", reject);
      p.on("close", (code) => resolve({ code, out }));
    });
    expect(child.code, child.out).toBe(0);
    const keep = process.env.CITUS_KEEP_LOG;
    if (keep) await fs.cp(path.join(dir, "log"), keep, { recursive: true });
    return { logs: await readLogs(path.join(dir, "log")), report: JSON.parse(await fs.readFile(report, "utf8")) as VitestReport };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Which tables have community_id and which of those are tenant tables, from the suite's migrated template. */
async function catalogue(): Promise<Catalogue> {
  const db = createDb(withDatabase(inject("pgServerUrl"), TEMPLATE_DB), { max: 1 });
  try {
    const rows = await db<{ table: string; hasCommunity: boolean }[]>`
      select c.relname as table, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'community_id' and not a.attisdropped) as "hasCommunity"
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition`;
    return new Map(rows.map((r) => [r.table, { hasCommunity: r.hasCommunity, tenant: r.hasCommunity && !REFERENCE_WITH_COMMUNITY.includes(r.table) }]));
  } finally {
    await db.end();
  }
}
