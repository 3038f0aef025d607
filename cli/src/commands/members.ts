import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { SingleBar } from "cli-progress";
import { type Command, InvalidArgumentError } from "commander";
import { parse } from "csv-parse";
import {
  BOM,
  CONTACT_TYPES,
  checkImportRow,
  csvRecords,
  clearImportCheckpoint,
  type Deps,
  existingMemberEmails,
  exportMembers,
  type ImportField,
  type ImportMember,
  importFieldOf,
  importMemberBatch,
  inviteByEmail,
  isImportField,
  isRowDone,
  readImportCheckpoint,
  type Tenant,
} from "@tuesday/platform";
import { CliError, isJson, operatorCtx, output, progress, requireTenant, withDeps } from "../runtime.ts";

/** `--map "E-mail address=email,Telegram handle=telegram"`: header -> field (or contact type). */
function parseMap(value: string, prev: Record<string, string> = {}): Record<string, string> {
  const map = { ...prev };
  for (const pair of value.split(",")) {
    const i = pair.lastIndexOf("=");
    if (i < 1) throw new InvalidArgumentError(`"${pair}": use Header=field`);
    const field = pair.slice(i + 1).trim();
    if (!isImportField(field)) throw new InvalidArgumentError(`"${field}" is not a field (email, name, firstName, lastName, company, position, city, about, phone, tags, lookingFor, canHelpWith, or a contact type: ${CONTACT_TYPES.join(", ").toLowerCase()})`);
    map[pair.slice(0, i).trim()] = field;
  }
  return map;
}

function parallelBatches(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new InvalidArgumentError("a whole number from 1 to 8");
  return n;
}

function batchSize(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new InvalidArgumentError("a whole number from 1 to 10000");
  return n;
}

type Row = { row: number; line: number; record: Partial<Record<ImportField, string>>; bytes: number };

/** The file's data rows, streamed: the header mapped to fields once, unknown columns dropped. */
async function* readRows(file: string, map: Record<string, string>, onHeader?: (fields: (ImportField | null)[], headers: string[]) => void): AsyncGenerator<Row> {
  const parser = fs.createReadStream(file).pipe(
    parse({
      bom: true,
      columns: (headers: string[]) => {
        const fields = headers.map((h) => importFieldOf(h, map));
        onHeader?.(fields, headers);
        return fields.map((f) => f ?? false) as never;
      },
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }),
  );
  let row = 0;
  for await (const { record, info } of parser as AsyncIterable<{ record: Partial<Record<ImportField, string>>; info: { lines: number; bytes: number } }>) {
    row++;
    yield { row, line: info.lines, record, bytes: info.bytes };
  }
}

type Problem = { row: number; line: number; email: string | null; errors: string[] };

type Report = {
  file: string;
  communityId: string;
  rows: number;
  valid: number;
  invalid: Problem[];
  duplicatesInFile: { row: number; line: number; email: string; firstRow: number }[];
  existing: number;
  wouldCreate: number;
};

/** Progress on stderr: a bar with rate and time left on a terminal, a plain line every 2 s otherwise. */
class Progress {
  private bar: SingleBar | undefined;
  private last = 0;
  private readonly started = Date.now();
  constructor(
    private readonly label: string,
    private readonly totalBytes: number,
  ) {
    if (process.stderr.isTTY && !isJson()) {
      this.bar = new SingleBar({
        stream: process.stderr,
        format: `${label} [{bar}] {percentage}% | {rows} rows | {rate} rows/s | ETA {eta_formatted}`,
        hideCursor: true,
        etaBuffer: 50,
      });
      this.bar.start(totalBytes, 0, { rows: 0, rate: 0 });
    }
  }
  update(bytes: number, rows: number): void {
    const secs = (Date.now() - this.started) / 1000;
    const rate = secs > 0 ? Math.round(rows / secs) : 0;
    if (this.bar) {
      this.bar.update(bytes, { rows, rate });
      return;
    }
    if (Date.now() - this.last < 2000) return;
    this.last = Date.now();
    const left = bytes > 0 ? Math.round((secs * (this.totalBytes - bytes)) / bytes) : 0;
    progress(`${this.label}: ${rows} rows, ${Math.round((100 * bytes) / Math.max(1, this.totalBytes))}%, ${rate} rows/s, ${left} s left`);
  }
  stop(): void {
    this.bar?.stop();
  }
}

/** Pass 1: every row checked (nothing written); duplicates in the file and members already in the community counted. */
async function check(deps: Deps, tenant: Tenant, file: string, map: Record<string, string>, size: number): Promise<{ report: Report; skip: Set<number> }> {
  const report: Report = { file, communityId: tenant.id, rows: 0, valid: 0, invalid: [], duplicatesInFile: [], existing: 0, wouldCreate: 0 };
  const skip = new Set<number>();
  const seen = new Map<string, number>();
  let pending: string[] = [];
  // Members already in the community, looked up 1,000 e-mails at a time while parsing goes on
  // (one query at a time; a failure surfaces at the end).
  let lookups: Promise<void> = Promise.resolve();
  const flushExisting = () => {
    if (!pending.length) return;
    const emails = pending;
    pending = [];
    lookups = lookups.then(async () => {
      report.existing += (await existingMemberEmails(deps.db, tenant.id, emails)).size;
    });
    lookups.catch(() => {});
  };
  const bar = new Progress("Checking", size);
  let header: (ImportField | null)[] = [];
  for await (const r of readRows(file, map, (fields) => {
    header = fields;
  })) {
    if (r.row === 1 && !header.includes("email")) {
      throw new CliError(`${file}: no e-mail column`, 2, 'name it "email", or map yours: --map "E-mail address=email"');
    }
    report.rows = r.row;
    const checked = checkImportRow(tenant, r.record);
    if (!checked.ok) {
      report.invalid.push({ row: r.row, line: r.line, email: r.record.email?.trim() || null, errors: checked.errors });
      skip.add(r.row);
    } else {
      const first = seen.get(checked.member.email);
      if (first !== undefined) {
        report.duplicatesInFile.push({ row: r.row, line: r.line, email: checked.member.email, firstRow: first });
        skip.add(r.row);
      } else {
        seen.set(checked.member.email, r.row);
        report.valid++;
        pending.push(checked.member.email);
        if (pending.length >= 1000) flushExisting();
      }
    }
    bar.update(r.bytes, r.row);
  }
  bar.stop();
  flushExisting();
  await lookups;
  report.wouldCreate = report.valid - report.existing;
  return { report, skip };
}

function describeReport(r: Report, dryRun: boolean): string {
  const lines = [
    `${r.file}: ${r.rows} rows for ${r.communityId}: ${r.valid} valid (${r.wouldCreate} new, ${r.existing} already members: updated by e-mail), ${r.invalid.length} invalid, ${r.duplicatesInFile.length} duplicate${r.duplicatesInFile.length === 1 ? "" : "s"} in the file`,
  ];
  for (const p of r.invalid.slice(0, 500)) lines.push(`  row ${p.row} (line ${p.line})${p.email ? ` ${p.email}` : ""}: ${p.errors.join("; ")}`);
  if (r.invalid.length > 500) lines.push(`  ... and ${r.invalid.length - 500} more invalid rows (--json lists them all)`);
  for (const d of r.duplicatesInFile.slice(0, 500)) lines.push(`  row ${d.row} (line ${d.line}) ${d.email}: duplicate of row ${d.firstRow}`);
  if (dryRun) lines.push("Dry run: nothing imported.");
  return lines.join("\n");
}

type ImportOpts = {
  community: string;
  map?: Record<string, string>;
  dryRun?: boolean;
  invite?: boolean;
  batchSize: number;
  parallel: number;
  skipInvalid?: boolean;
  resume: boolean;
};

export function registerMembersCommands(program: Command): void {
  const members = program.command("members").description("Members of a community: bulk import and export");

  members
    .command("import")
    .description("Import members from a CSV file: checked like profile edits, upserted by e-mail, in batches with a resumable checkpoint")
    .requiredOption("--community <slug>", "community id")
    .argument("<file>", "CSV with a header row")
    .option("--map <Header=field,...>", "map other headers to fields (repeatable)", parseMap)
    .option("--dry-run", "check every row and print the report; import nothing")
    .option("--invite", "send each new member the community's invitation mail")
    .option("--skip-invalid", "import the valid rows even when some rows are invalid or duplicated")
    .option("--batch-size <n>", "rows per transaction", batchSize, 1000)
    .option("--parallel <n>", "batches written at once, each in its own transaction and on its own connection", parallelBatches, 2)
    .option("--no-resume", "start from the top even when an earlier run of this file stopped midway")
    .addHelpText(
      "after",
      `
Columns (any order, case and spacing ignored): email (required), name or first name + last name,
company, position, city, about, phone, tags (separated by , ; or |), looking for, can help with,
and one column per contact type (${CONTACT_TYPES.join(", ").toLowerCase()}). Other columns are ignored.

Every row is checked first, with the rules of a member's own profile edit. With invalid or duplicated
rows nothing is imported (exit 1) unless --skip-invalid. Each batch is one transaction together with
its checkpoint (the file rows it covered); --parallel batches are written at once. A stopped import
resumes with the rows no committed batch covered. Empty cells keep what a member already has.

Examples:
  tuesday members import --community founders members.csv --dry-run
  tuesday members import --community founders members.csv --invite
  tuesday members import --community founders export.csv --map "E-mail address=email,Org=company"
`,
    )
    .action(async (file: string, opts: ImportOpts) => {
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile()) throw new CliError(`${file}: no such file`, 1, "check the path");
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const map = opts.map ?? {};
        const started = Date.now();
        const { report, skip } = await check(deps, tenant, file, map, stat.size);
        const problems = report.invalid.length + report.duplicatesInFile.length;
        if (opts.dryRun) {
          output({ ok: problems === 0, dryRun: true, ...report }, () => describeReport(report, true));
          if (problems) throw new CliError(`${problems} row${problems === 1 ? "" : "s"} would not be imported`, 1, "fix them, or import the rest with --skip-invalid", true);
          return;
        }
        if (problems && !opts.skipInvalid) {
          if (!isJson()) process.stderr.write(`${describeReport(report, false)}\n`);
          else output({ ok: false, imported: 0, ...report }, () => "");
          throw new CliError(`${problems} invalid or duplicated row${problems === 1 ? "" : "s"}: nothing imported`, 1, "fix them and run again, or import the valid rows with --skip-invalid", isJson());
        }

        const ctx = operatorCtx(deps, tenant);
        const fileKey = createHash("sha256").update(`${path.resolve(file)}\n${stat.size}\n${stat.mtimeMs}`).digest("hex");
        const done = opts.resume ? await readImportCheckpoint(deps.db, tenant.id, fileKey) : [];
        const resumed = done.reduce((n, [first, last]) => n + last - first + 1, 0);
        if (resumed > 0) progress(`Resuming: ${resumed} rows were imported by an earlier run that stopped midway.`);
        const totals = { created: 0, updated: 0, invited: 0, batches: 0 };
        let batch: ImportMember[] = [];
        let firstRow = 0;
        let lastRow = 0;
        const bar = new Progress("Importing", stat.size);
        // Up to --parallel batches in flight, each a transaction on its own connection, while the
        // next is read and checked: PostgreSQL writes them on as many cores as there are batches. They commit in any
        // order; each checkpoints its own rows. The first failure stops the reading; the batches
        // still in flight finish (committed ones are skipped by a resumed run).
        const inflight = new Set<Promise<void>>();
        const slugsOfRun = new Set<string>();
        let failure: { err: unknown } | undefined;
        const flush = async () => {
          if (!batch.length) return;
          // The batch was read while the others were written; it waits for a free slot.
          while (inflight.size >= opts.parallel) await Promise.race(inflight);
          if (failure) return;
          const rows = batch;
          const range: [number, number] = [firstRow, lastRow];
          batch = [];
          firstRow = 0;
          const job = (async () => {
            const r = await importMemberBatch(ctx, rows, { checkpoint: { fileKey, rows: range }, slugsOfRun });
            totals.created += r.created;
            totals.updated += r.updated;
            totals.batches++;
            const created = r.members.filter((m) => m.created).map((m) => m.email);
            if (opts.invite && created.length) {
              const inv = await inviteByEmail(ctx, tenant.id, { emails: created }, { members: "invite" });
              totals.invited += inv.results.filter((x) => x.status !== "member").length;
            }
          })().catch((err: unknown) => {
            failure ??= { err };
          });
          inflight.add(job);
          void job.finally(() => inflight.delete(job));
        };
        const hint = { i: 0 };
        for await (const r of readRows(file, map)) {
          if (failure) break;
          if (isRowDone(done, r.row, hint)) continue;
          if (!firstRow) firstRow = r.row;
          lastRow = r.row;
          if (!skip.has(r.row)) {
            const checked = checkImportRow(tenant, r.record);
            if (checked.ok) batch.push(checked.member);
          }
          if (batch.length >= opts.batchSize) await flush();
          bar.update(r.bytes, r.row);
        }
        if (!failure) await flush();
        await Promise.all(inflight);
        bar.stop();
        if (failure) throw failure.err;
        await clearImportCheckpoint(deps.db, tenant.id, fileKey);
        const secs = (Date.now() - started) / 1000;
        const cpu = process.cpuUsage();
        const imported = totals.created + totals.updated;
        const summary = {
          ok: true,
          ...totals,
          imported,
          skipped: problems,
          resumedRows: resumed,
          seconds: Number(secs.toFixed(2)),
          rowsPerSecond: Math.round(report.rows / Math.max(secs, 0.001)),
          // ru_maxrss: the process's peak resident set (kilobytes on Linux).
          peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
          // User + system CPU of this process (PostgreSQL's is not included).
          cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(2)),
          invalid: report.invalid,
          duplicatesInFile: report.duplicatesInFile,
        };
        output(summary, () =>
          [
            `Imported ${imported} members into ${tenant.id}: ${totals.created} new, ${totals.updated} updated${opts.invite ? `; ${totals.invited} invited` : ""}${problems ? `; ${problems} rows skipped` : ""}.`,
            `${report.rows} rows in ${secs.toFixed(1)} s (${summary.rowsPerSecond} rows/s), ${totals.batches} batch${totals.batches === 1 ? "" : "es"}, peak RSS ${summary.peakRssMb} MB.`,
          ].join("\n"),
        );
      });
    });

  members
    .command("export")
    .description("Write a community's members as CSV (the import's columns); hidden contacts left out unless --include-private")
    .requiredOption("--community <slug>", "community id")
    .option("--out <file>", "write to this file instead of stdout")
    .option("--include-private", "include contacts members hid from other members (recorded in the audit log)")
    .addHelpText("after", "\nExamples:\n  tuesday members export --community founders > members.csv\n  tuesday members export --community founders --include-private --out /secure/founders.csv\n")
    .action(async (opts: { community: string; out?: string; includePrivate?: boolean }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const types = CONTACT_TYPES.filter((t) => tenant.config.contactsConfig.includes(t));
        // Contact columns are named by type, as the import reads them; the EMAIL contact is
        // contact_email beside the account's e-mail column.
        const columns = ["email", "first_name", "last_name", "company", "position", "city", "tags", "looking_for", "can_help_with", "community_role", "moderation_status", ...types.map((t) => (t === "EMAIL" ? "contact_email" : t.toLowerCase()))];
        let count = 0;
        // The platform's one CSV writer, as the console's export: formula-like cells neutralised,
        // CRLF records, a BOM so spreadsheets read Cyrillic right (the import skips it).
        const chunks = async function* () {
          yield BOM + csvRecords([columns]);
          for await (const batch of exportMembers(operatorCtx(deps, tenant), { includePrivate: Boolean(opts.includePrivate) })) {
            count += batch.length;
            yield csvRecords(batch.map((m) => [m.email, m.firstName, m.lastName, m.company, m.position, m.city, m.tags.join("; "), m.lookingFor, m.canHelpWith, m.role, m.status, ...types.map((t) => m.contacts[t] ?? "")]));
          }
        };
        if (opts.out) {
          await pipeline(chunks, fs.createWriteStream(opts.out));
          output({ ok: true, file: opts.out, members: count, includePrivate: Boolean(opts.includePrivate) }, () => `Wrote ${count} members to ${opts.out}.`);
        } else {
          await pipeline(chunks, process.stdout, { end: false });
          progress(`${count} members.`);
        }
      });
    });
}

