import { randomUUID } from "node:crypto";
import pino, { type Logger } from "pino";
import { type AppConfig, createDeps, type Ctx, type Database, type Deps, loadConfig, openDatabase, type Tenant } from "@tuesday/platform";

/**
 * A problem the operator can fix: printed as one line (with a hint when there is one), no stack
 * trace. Exit code 1 (a failure), or 2 for a usage mistake (wrong or missing flags).
 */
export class CliError extends Error {
  constructor(
    msg: string,
    readonly exitCode = 1,
    readonly hint?: string,
    /** The command printed its own JSON result already (a dry run's report): no second document on stdout. */
    readonly jsonPrinted = false,
  ) {
    super(msg);
    this.name = "CliError";
  }
}

/** A usage mistake (exit code 2). */
export const usageError = (msg: string, hint?: string) => new CliError(msg, 2, hint);

let json = false;
export function setJson(on: boolean): void {
  json = on;
}
/** `--json`: machine-readable output on stdout, progress stays on stderr. */
export function isJson(): boolean {
  return json;
}

/** Prints `value` as JSON when --json is set, else the text `human()` returns. */
export function output(value: unknown, human: () => string): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    return;
  }
  const text = human().replace(/\n$/, "");
  if (text) process.stdout.write(`${text}\n`);
}

export async function requireTenant(deps: Deps, slug: string): Promise<Tenant> {
  const tenant = await deps.tenants.get(slug);
  if (!tenant) throw new CliError(`community "${slug}" not found`, 1, "see `tuesday tenant list`, or create it with `tuesday tenant init` and `tuesday tenant apply`");
  return tenant;
}

let verbose = false;
export function setVerbose(on: boolean): void {
  verbose = on;
}
export function isVerbose(): boolean {
  return verbose;
}

/** Progress goes to stderr, so stdout stays clean for `--json` and pipes. */
export function progress(line: string): void {
  process.stderr.write(`${line}\n`);
}

// Info lines worth showing an operator without --verbose (starting PostgreSQL, migrations).
const PROGRESS_MESSAGES = new Set(["starting embedded PostgreSQL", "migration applied"]);

/** Platform log lines as plain text on stderr: warnings always, progress lines, the rest with --verbose. */
export function cliLogger(): Logger {
  return pino(
    { level: "debug", base: undefined, timestamp: false },
    {
      write(line: string) {
        const entry = JSON.parse(line) as { level: number; msg?: string; migration?: string; dir?: string; err?: { message?: string } };
        const shown = entry.level >= 40 || verbose || (entry.level >= 30 && PROGRESS_MESSAGES.has(entry.msg ?? ""));
        if (!shown) return;
        const detail = entry.migration ?? entry.dir ?? entry.err?.message;
        progress(`${entry.level >= 40 ? "warning: " : ""}${entry.msg ?? ""}${detail ? ` (${detail})` : ""}`);
      },
    },
  );
}

export function cliConfig(): AppConfig {
  return loadConfig();
}

export type CliDeps = { deps: Deps; database: Database };

/**
 * Opens the database (DATABASE_URL, else the embedded cluster under DATA_DIR/pg, borrowing the one
 * `npm start` runs), applies migrations, starts pg-boss without workers, runs `fn`, and closes
 * everything whatever happens, so the process can exit.
 */
export async function withDeps<T>(fn: (d: CliDeps) => Promise<T>): Promise<T> {
  const config = cliConfig();
  const log = cliLogger();
  progress(config.databaseUrl ? "Connecting to the database..." : `Opening the embedded database in ${config.dataDir}/pg...`);
  const database = await openDatabase(config, log);
  let deps: Deps | undefined;
  try {
    deps = await createDeps(config, database, log, { schedule: false, role: "cli" });
    return await fn({ deps, database });
  } finally {
    await deps?.jobs.stop().catch(() => {});
    await deps?.bus.close().catch(() => {});
    await database.close().catch(() => {});
  }
}

/**
 * Opens the database like withDeps but applies no migration and starts nothing else (no pg-boss):
 * for commands that only read, such as `db status`.
 */
export async function withDatabaseOnly<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const config = cliConfig();
  progress(config.databaseUrl ? "Connecting to the database..." : `Opening the embedded database in ${config.dataDir}/pg...`);
  const database = await openDatabase(config, cliLogger(), { migrate: false });
  try {
    return await fn(database);
  } finally {
    await database.close().catch(() => {});
  }
}

/** The context of a service verb run by the operator in one community. */
export function operatorCtx(deps: Deps, tenant: Tenant): Ctx {
  return {
    tenant,
    actor: { kind: "operator" },
    requestId: `cli-${randomUUID()}`,
    log: deps.log,
    db: deps.db,
    deps,
    ip: undefined,
  };
}

/** Columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
