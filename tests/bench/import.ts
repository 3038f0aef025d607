/**
 * `npm run bench:import`: imports 100,000 generated members with the real CLI
 * (`tuesday members import`, a child process) into a scratch database, then COPYs the same CSV
 * into a scratch table in the same run. Prints rows/s (wall time of the import command, and the
 * import's own figure without process start-up), the importing process's peak RSS, and the ratio
 * of the import's time to COPY's, and the CPU time of the import process and of PostgreSQL (which a
 * loaded machine's wall times hide). Targets: at least 5,000 rows/s and peak RSS under 300 MB.
 * BENCH_ROWS sets the number of members, BENCH_IMPORT_ARGS extra import options ("--parallel 1").
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pino from "pino";
import { applyTenants, createDb, migrate, TenantConfigSchema } from "@tuesday/platform";
import { type Cleanups, scratchDatabase } from "../support/scratch-db.ts";
import { tenantFixture } from "../support/tenants.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** Extra arguments for the import command, e.g. BENCH_IMPORT_ARGS="--parallel 1" to compare. */
const EXTRA_ARGS = (process.env.BENCH_IMPORT_ARGS ?? "").split(" ").filter(Boolean);
const TARGET_ROWS_PER_S = 5_000;
const TARGET_RSS_MB = 300;
const TENANT = "bench";
const root = path.resolve(import.meta.dirname, "../..");

const FIRST = ["Anna", "Ivan", "Maria", "John", "Olga", "Peter", "Sara", "Timur", "Léa", "Dmitry"];
const LAST = ["Ivanova", "Smith", "Petrov", "García", "Kim", "Novak", "Brown", "Sokolova"];
const COMPANIES = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne"];
const CITIES = ["Berlin", "Moscow", "London", "Lisbon", "Tbilisi", "Belgrade", "Almaty", "Yerevan"];
const TAGS = ["python", "data", "marketing", "sales", "design", "fundraising", "hiring", "ml", "product", "ux"];

async function writeCsv(file: string): Promise<void> {
  const header = "name,email,company,position,city,tags,looking for,can help with,linkedin,telegram\n";
  async function* lines() {
    yield header;
    let chunk = "";
    for (let i = 1; i <= ROWS; i++) {
      const name = `${FIRST[i % FIRST.length]} ${LAST[(i >> 3) % LAST.length]}`;
      const tags = `${TAGS[i % TAGS.length]}; ${TAGS[(i * 7) % TAGS.length]}`;
      chunk += `${name},member${i}@bench.example,${COMPANIES[i % COMPANIES.length]},Engineer ${i % 50},${CITIES[i % CITIES.length]},"${tags}",A co-founder for a side project,Code review and mentoring,https://www.linkedin.com/in/member-${i},@member${i}\n`;
      if (i % 1000 === 0) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(lines, fs.createWriteStream(file));
}

const CLK_TCK = 100;

/**
 * CPU seconds (user + system) the PostgreSQL cluster has used so far: the postmaster, its reaped
 * children and its live ones (the server must be on this machine; null otherwise). Read before and
 * after the import, the difference is the server's share, which wall time on a loaded machine hides.
 */
async function serverCpuSeconds(db: ReturnType<typeof createDb>): Promise<number | null> {
  try {
    const [row] = await db<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const stat = (pid: number | string) => {
      const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      return text.slice(text.lastIndexOf(")") + 2).split(" ");
    };
    // Fields after the command: [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime.
    const postmaster = Number(stat(row?.pid ?? 0)[1]);
    const own = stat(postmaster);
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const f = stat(pid);
        if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
      } catch {
        // Exited meanwhile.
      }
    }
    return ticks / CLK_TCK;
  } catch {
    return null;
  }
}

function runImport(dbUrl: string, file: string): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/src/main.ts", "--json", "members", "import", "--community", TENANT, file, ...EXTRA_ARGS], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_URL: dbUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
      process.stderr.write(d);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

async function main(): Promise<void> {
  const cleanups: Cleanups = [];
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), "tuesday-bench-import-"));
  cleanups.push(() => fs.promises.rm(tmp, { recursive: true, force: true }));
  try {
    const dbUrl = await scratchDatabase("bench-import", cleanups);
    const db = createDb(dbUrl, { max: 2 });
    cleanups.push(() => db.end());
    await migrate(db);
    await applyTenants(db, [{ config: TenantConfigSchema.parse(tenantFixture(TENANT, { contactsConfig: ["LINKEDIN", "TELEGRAM", "EMAIL"] })), landing: {}, navigation: null, dir: "" }], {
      actor: { kind: "operator" },
    });
    pino().info({ rows: ROWS }, "bench:import: generating the CSV");
    const file = path.join(tmp, "members.csv");
    await writeCsv(file);
    const bytes = (await fs.promises.stat(file)).size;

    const cpuBefore = await serverCpuSeconds(db);
    const r = await runImport(dbUrl, file);
    const cpuAfter = await serverCpuSeconds(db);
    if (r.code !== 0) throw new Error(`import failed (${r.code}): ${r.stdout}\n${r.stderr.slice(-2000)}`);
    const summary = JSON.parse(r.stdout) as { created: number; seconds: number; rowsPerSecond: number; peakRssMb: number; cpuSeconds: number };
    const [count] = await db<{ n: number }[]>`select count(*)::int as n from participants where community_id = ${TENANT}`;
    if (count?.n !== ROWS) throw new Error(`expected ${ROWS} participants, found ${count?.n}`);

    // PostgreSQL's own COPY of the same file into a scratch table with the same columns.
    await db`create table import_copy_bench (name text, email text, company text, position text, city text, tags text, looking_for text, can_help_with text, linkedin text, telegram text)`;
    const copyStart = performance.now();
    const writable = await db`copy import_copy_bench from stdin with (format csv, header true)`.writable();
    await pipeline(fs.createReadStream(file), writable);
    const copyMs = performance.now() - copyStart;
    const [copied] = await db<{ n: number }[]>`select count(*)::int as n from import_copy_bench`;

    const wallRate = Math.round(ROWS / (r.ms / 1000));
    const lines = [
      `bench:import: ${ROWS.toLocaleString("en")} members (${(bytes / 1e6).toFixed(1)} MB CSV)${EXTRA_ARGS.length ? `, import ${EXTRA_ARGS.join(" ")}` : ""}`,
      `  tuesday members import   ${(r.ms / 1000).toFixed(1)} s wall (${wallRate} rows/s, process start-up included); import itself ${summary.seconds} s (${summary.rowsPerSecond} rows/s)`,
      `  peak RSS of the import   ${summary.peakRssMb} MB`,
      `  CPU time                 import process ${summary.cpuSeconds} s, PostgreSQL ${cpuBefore !== null && cpuAfter !== null ? `${(cpuAfter - cpuBefore).toFixed(1)} s` : "n/a (server not on this machine)"} (during the import command)`,
      `  COPY into a scratch table ${(copyMs / 1000).toFixed(2)} s (${Math.round(ROWS / (copyMs / 1000))} rows/s, ${copied?.n} rows)`,
      `  import / COPY time       ${(summary.seconds / (copyMs / 1000)).toFixed(1)}x`,
      `  targets: >= ${TARGET_ROWS_PER_S} rows/s ${summary.rowsPerSecond >= TARGET_ROWS_PER_S ? "PASS" : "FAIL"}, peak RSS < ${TARGET_RSS_MB} MB ${summary.peakRssMb < TARGET_RSS_MB ? "PASS" : "FAIL"}`,
    ];
    console.log(lines.join("\n"));
  } finally {
    for (const c of cleanups.reverse()) await c().catch((err) => console.error(err));
  }
}

await main();
