/**
 * `npm test`: the whole suite. The core API integration files on the system's PostgreSQL server,
 * Vitest (unit + API integration on the embedded PostgreSQL), then the browser tests in system Chromium. Without Chromium the browser tests are skipped loudly, and
 * REQUIRE_E2E=1 (set by .ci/run) turns that skip into a failure. Ends with one plain line:
 * "tests: N passed, N failed, N skipped".
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { DATABASE_PROJECTS, PG_SERVER_PASS } from "../vitest.config.ts";
import type { FailureReport } from "./support/failure-reporter.ts";

const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, ".tmp");
fs.mkdirSync(tmp, { recursive: true });
const extraArgs = process.argv.slice(2);

type Count = { passed: number; failed: number; skipped: number };
const total: Count = { passed: 0, failed: 0, skipped: 0 };
let failedStep = false;
/** What went wrong, printed on the run's last lines (the part of a CI log that is kept). */
const problems: string[] = [];
/** Vitest's console output, its JSON counts, and the failure list (tests/support/failure-reporter.ts). */
const REPORTERS = ["--reporter=default", "--reporter=json", "--reporter=./tests/support/failure-reporter.ts"];

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return res.status ?? 1;
}

// 1. The API integration tests of the core areas on the operating system's PostgreSQL server
// (Debian's postgresql-15: a cluster of its own, tests/support/pg-server.ts) as well as on the
// embedded one (step 2), so "any PostgreSQL 14+" is shown, not only stated. Skipped loudly without
// it; REQUIRE_PG_SERVER=1 (set by .ci/run) turns that skip into a failure. The files: PG_SERVER_PASS
// (vitest.config.ts: PG_SERVER_FILES and the Citus check's workload), in whichever database project
// each is. The server logs every statement (TEST_PG_STATEMENT_LOG), and step 2's
// tests/api/citus-queries.test.ts checks that log instead of running its workload a second time.
const statementLog = path.join(tmp, "pg-statements");
fs.rmSync(statementLog, { recursive: true, force: true });
const citusEnv: NodeJS.ProcessEnv = {};
if (extraArgs.length === 0) {
  const pgBin = process.env.TEST_PG_BIN ?? newestPostgresBin();
  if (!pgBin) {
    const banner = "!".repeat(78);
    console.error(`\n${banner}\n!! No PostgreSQL server under /usr/lib/postgresql: the pass on it is SKIPPED.\n!! Install it (apt-get install -y postgresql-15) or set TEST_PG_BIN.\n${banner}\n`);
    if (process.env.REQUIRE_PG_SERVER === "1") {
      console.error("REQUIRE_PG_SERVER=1: a skipped PostgreSQL server pass is a failure.");
      failedStep = true;
      total.failed += 1;
    } else total.skipped += 1;
  } else {
    const pgJson = path.join(tmp, "vitest-pg-server.json");
    fs.rmSync(pgJson, { force: true });
    const pgFailures = path.join(tmp, "vitest-pg-server-failures.json");
    fs.rmSync(pgFailures, { force: true });
    const code = run("npx", ["vitest", "run", ...DATABASE_PROJECTS.flatMap((p) => ["--project", p]), ...REPORTERS, `--outputFile.json=${pgJson}`, ...PG_SERVER_PASS], {
      TEST_PG_SERVER: "system",
      TEST_PG_BIN: pgBin,
      TEST_PG_STATEMENT_LOG: statementLog,
      FAILURE_REPORT: pgFailures,
    });
    citusEnv.CITUS_STATEMENT_LOG = statementLog;
    citusEnv.CITUS_WORKLOAD_REPORT = pgJson;
    countVitestRun("vitest on the PostgreSQL server", code, pgJson, pgFailures);
  }
}


// 2. Vitest, every project. Every API test's answers are checked against openapi/openapi.json
// (tests/support/contract.ts); each test process leaves its count in .tmp/contract.
const contractDir = path.join(tmp, "contract");
fs.rmSync(contractDir, { recursive: true, force: true });
const vitestJson = path.join(tmp, "vitest.json");
fs.rmSync(vitestJson, { force: true });
const vitestFailures = path.join(tmp, "vitest-failures.json");
fs.rmSync(vitestFailures, { force: true });
const vitestCode = run("npx", ["vitest", "run", ...REPORTERS, `--outputFile.json=${vitestJson}`, ...extraArgs], { FAILURE_REPORT: vitestFailures, ...citusEnv });
countVitestRun("vitest", vitestCode, vitestJson, vitestFailures);
const contractLine = contractSummary();


/** Adds one vitest run's counts (its JSON report) to the total and its failures to the problems. */
function countVitestRun(step: string, code: number, reportFile: string, failureFile: string): void {
  noteVitestProblems(step, code, failureFile);
  if (fs.existsSync(reportFile)) {
    const r = JSON.parse(fs.readFileSync(reportFile, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    total.passed += r.numPassedTests;
    total.failed += r.numFailedTests;
    total.skipped += r.numPendingTests + r.numTodoTests;
  } else {
    console.error(`${step} wrote no report: counting the run as failed`);
    failedStep = true;
  }
  if (code !== 0) failedStep = true;
}

function noteVitestProblems(step: string, code: number, file: string): void {
  if (!fs.existsSync(file)) {
    if (code !== 0) problems.push(`${step}: exit ${code}, no failure report written`);
    return;
  }
  const r = JSON.parse(fs.readFileSync(file, "utf8")) as FailureReport;
  for (const t of r.tests) problems.push(`${step}: ${t.file} > ${t.name}: ${t.error}`);
  for (const f of r.files) problems.push(`${step}: ${f.file} (the file, outside its tests): ${f.error}`);
  for (const u of r.unhandled) problems.push(`${step}: an error outside any test: ${u}`);
  const listed = r.tests.length + r.files.length + r.unhandled.length;
  if (code !== 0 && listed === 0) problems.push(`${step}: exit ${code} with no failed test and no error recorded (run ended: ${r.reason})`);
}

type PlaywrightSpec = { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] };
type PlaywrightSuite = { title: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  suites?: PlaywrightSuite[];
  errors?: { message?: string }[];
};

function notePlaywrightProblems(code: number, r: PlaywrightReport): void {
  const firstLine = (m: string | undefined) => stripVTControlCharacters(m ?? "").split("\n").find((l) => l.trim()) ?? "";
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status !== "unexpected") continue;
        const err = t.results.at(-1)?.error?.message;
        problems.push(`playwright: ${spec.file}:${spec.line} ${[...titles, spec.title].join(" > ")}: ${firstLine(err).slice(0, 600)}`);
      }
    }
    for (const s of suite.suites ?? []) walk(s, s.title ? [...titles, s.title] : titles);
  };
  for (const s of r.suites ?? []) walk(s, []);
  for (const e of r.errors ?? []) problems.push(`playwright: an error outside any test: ${firstLine(e.message).slice(0, 600)}`);
  if (code !== 0 && r.stats.unexpected === 0 && (r.errors ?? []).length === 0) problems.push(`playwright: exit ${code} with no failed test and no error recorded`);
}

/** The newest /usr/lib/postgresql/<major>/bin with an initdb (Debian's layout). */
function newestPostgresBin(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return undefined;
  const majors = fs.readdirSync(base).filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(base, d, "bin", "initdb")));
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(base, newest, "bin") : undefined;
}

// 3. Browser tests (Playwright driving the system Chromium)
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const e2eConfig = path.join(root, "tests/e2e/playwright.config.ts");
if (extraArgs.length === 0 && fs.existsSync(e2eConfig)) {
  if (!fs.existsSync(chromium)) {
    const banner = "!".repeat(78);
    console.error(`\n${banner}\n!! Chromium was not found at ${chromium}: the browser tests are SKIPPED.\n!! Install it (apt-get install -y chromium) or set CHROMIUM_PATH.\n${banner}\n`);
    if (process.env.REQUIRE_E2E === "1") {
      console.error("REQUIRE_E2E=1: a skipped browser suite is a failure.");
      failedStep = true;
      total.failed += 1;
    } else total.skipped += 1;
  } else {
    const pwJson = path.join(tmp, "playwright.json");
    fs.rmSync(pwJson, { force: true });
    const code = run("npx", ["playwright", "test", "-c", e2eConfig], { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
    if (fs.existsSync(pwJson)) {
      const r = JSON.parse(fs.readFileSync(pwJson, "utf8")) as PlaywrightReport;
      total.passed += r.stats.expected + r.stats.flaky;
      total.failed += r.stats.unexpected;
      total.skipped += r.stats.skipped;
      notePlaywrightProblems(code, r);
    } else problems.push(`playwright: exit ${code}, no report written`);
    if (code !== 0) failedStep = true;
  }
}

// Either signal fails the run: a runner's exit code, or a failed test in its report.
if (total.failed > 0) failedStep = true;
if (failedStep && total.failed === 0) total.failed = 1;
if (problems.length > 0) {
  console.log("\nwhat failed:");
  for (const p of problems) console.log(`- ${p}`);
}
console.log(`\n${contractLine}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStep ? 1 : 0);

/** "contract: N responses validated against openapi/openapi.json, M of K operations answered". */
function contractSummary(): string {
  let validated = 0;
  const operations = new Set<string>();
  for (const file of fs.existsSync(contractDir) ? fs.readdirSync(contractDir) : []) {
    const c = JSON.parse(fs.readFileSync(path.join(contractDir, file), "utf8")) as { validated: number; operations: string[] };
    validated += c.validated;
    for (const op of c.operations) operations.add(op);
  }
  const doc = JSON.parse(fs.readFileSync(path.join(root, "openapi/openapi.json"), "utf8")) as { paths: Record<string, Record<string, unknown>> };
  const declared = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).filter((m) => ["get", "put", "post", "delete", "patch", "head", "options"].includes(m)).length, 0);
  return `contract: ${validated} responses validated against openapi/openapi.json, ${operations.size} of ${declared} operations answered`;
}
