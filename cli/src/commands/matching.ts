import fs from "node:fs/promises";
import path from "node:path";
import { type Command, InvalidArgumentError } from "commander";
import {
  type AuditFiles,
  encoderFor,
  exportSyntheticAudit,
  exportWeeklyAudit,
  matchingEmbedJob,
  requestEmbedding,
  type RunProgress,
  type RunStage,
  runWeeklyPairing,
  type VectorStatus,
  vectorStatus,
  type WeeklyRunReport,
} from "@tuesday/platform";
import { CliError, isJson, operatorCtx, output, progress, requireTenant, table, usageError, withDeps } from "../runtime.ts";

const STAGES: RunStage[] = ["loading", "graph", "matching", "storing", "mailing", "done"];

/** One line per stage on stderr: `[###---] matching (120 members)`. */
function progressBar(p: RunProgress): void {
  const at = STAGES.indexOf(p.stage) + 1;
  const width = STAGES.length;
  progress(`[${"#".repeat(at)}${"-".repeat(width - at)}] ${p.stage}${p.detail ? ` (${p.detail})` : ""}`);
}

function tuesday(value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(d.getTime()) || d.getUTCDay() !== 2) throw new InvalidArgumentError("a Tuesday as YYYY-MM-DD");
  return value;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 1_000_000) throw new InvalidArgumentError("a whole number from 2 to 1000000");
  return n;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function describeRun(r: WeeklyRunReport): string {
  const s = r.stats;
  const lines = [
    `Community ${r.communityId}, week of ${r.week}${r.dryRun ? " (dry run: nothing stored)" : ""}${r.alreadyRun ? " (already run: stored stats, nothing changed)" : ""}`,
    `members: ${s.members}, eligible: ${s.eligible}${Object.keys(s.ineligible).length ? ` (not eligible: ${Object.entries(s.ineligible).map(([k, v]) => `${k} ${v}`).join(", ")})` : ""}`,
    `candidate edges: ${s.edges}`,
    `pairs: ${s.pairs}, coverage: ${pct(s.coverage)} (${s.matchedMembers} of ${s.eligible} members)`,
    s.scores
      ? `scores: min ${s.scores.min}, p25 ${s.scores.p25}, median ${s.scores.median}, p75 ${s.scores.p75}, max ${s.scores.max}`
      : "scores: no pairs",
    `members without a match: ${s.withoutMatch.length}`,
    ...s.withoutMatch.map(
      (w) => `  ${w.name || w.participantId} (${w.participantId}): ${w.reason}${w.recommendation ? ` -> recommended ${w.recommendation.name || w.recommendation.participantId} (${w.recommendation.score})` : ""}`,
    ),
    `odd-out recommendations: ${s.oddOut.length}`,
    `repeats: ${s.repeats}`,
  ];
  if (!r.dryRun && !r.alreadyRun) lines.push(`stored: ${r.stored.matches} matches, ${r.stored.results} results; e-mails queued: ${r.stored.mailsQueued}`);
  if (r.alreadyRun && r.stored.mailsQueued) lines.push(`e-mails queued: ${r.stored.mailsQueued}`);
  return lines.join("\n");
}

async function writeAudit(dir: string, files: AuditFiles): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, "graph.txt"), files.graph);
  await fs.writeFile(path.join(dir, "mapping.txt"), files.mapping);
  await fs.writeFile(path.join(dir, "pairing.txt"), files.pairing);
  process.stdout.write(
    `Wrote ${path.join(dir, "graph.txt")}, mapping.txt, pairing.txt: ${files.members} members, ${files.edges} edges, ${files.pairs} pairs, total weight ${files.totalWeight}\n`,
  );
}


async function runCommand(opts: { community: string; week?: string | undefined; dryRun?: boolean | undefined; mail: boolean }): Promise<void> {
  await withDeps(async ({ deps }) => {
    const tenant = await requireTenant(deps, opts.community);
    const report = await runWeeklyPairing(operatorCtx(deps, tenant), {
      communityId: tenant.id,
      week: opts.week,
      dryRun: opts.dryRun ?? false,
      mail: opts.mail,
      onProgress: progressBar,
    });
    process.stdout.write(isJson() ? `${JSON.stringify(report, null, 2)}\n` : `${describeRun(report)}\n`);
  });
}

/** The configured model's counts in a community's status (none yet: undefined). */
const configuredOf = (r: VectorStatus) => r.models.find((m) => m.model === r.configured);

const NOTHING_QUEUED = "; no embed job is queued: start the server or run `tuesday matching embed`";

/** The table of `matching vectors`, and under it what a community that is not ready is waiting for. */
export function describeVectors(rows: VectorStatus[]): string {
  if (rows.length === 0) return "No tenants yet: run `tuesday tenant apply --all`.";
  const lines = [
    table(
      ["COMMUNITY", "STATE", "SERVING", "CONFIGURED", "MEMBERS EMBEDDED", "TEXTS", "QUEUED", "LAST EMBEDDED"],
      rows.map((r) => {
        const c = configuredOf(r);
        return [r.communityId, r.state, r.serving ?? "-", r.configured, `${c?.members ?? 0} of ${r.membersWithText}`, String(c?.texts ?? 0), String(r.queuedJobs), c?.lastEmbeddedAt ?? "-"];
      }),
    ),
  ];
  for (const r of rows) {
    const waiting = r.queuedJobs ? "" : NOTHING_QUEUED;
    if (r.state === "switching") lines.push(`${r.communityId}: ${r.serving} serves until ${r.configured} has every text (${configuredOf(r)?.members ?? 0} of ${r.membersWithText} members so far)${waiting}`);
    if (r.state === "embedding") lines.push(`${r.communityId}: no model is complete yet, matching reads words and the lexicon until ${r.configured} has every text${waiting}`);
  }
  return lines.join("\n");
}

export function registerMatchingCommands(program: Command): void {
  const matching = program.command("matching").description("Weekly matching: run or preview a week, export it for audit");
  matching
    .command("run")
    .description("Pair a community for a week (default the coming Tuesday) and queue the Tuesday e-mails")
    .requiredOption("--community <slug>", "community id")
    .option("--week <date>", "the Tuesday of the week (YYYY-MM-DD)", tuesday)
    .option("--dry-run", "compute and print the stats, store and send nothing")
    .option("--no-mail", "store the run without queueing the e-mails (the weekly job queues them later)")
    .addHelpText("after", "\nExamples:\n  tuesday matching run --community founders --dry-run\n  tuesday matching run --community founders --week 2030-01-01 --json\n")
    .action(async (opts: { community: string; week?: string; dryRun?: boolean; mail: boolean }) => runCommand(opts));
  matching
    .command("preview")
    .description("Compute a week's pairing and print the stats; store and send nothing (run --dry-run)")
    .requiredOption("--community <slug>", "community id")
    .option("--week <date>", "the Tuesday of the week (YYYY-MM-DD)", tuesday)
    .addHelpText("after", "\nExamples:\n  tuesday matching preview --community founders\n")
    .action(async (opts: { community: string; week?: string }) => runCommand({ ...opts, dryRun: true, mail: false }));
  matching
    .command("export")
    .description("Write a week's candidate graph (graph.txt: `n m`, then `u v w`), mapping.txt and pairing.txt")
    .option("--community <slug>", "community id")
    .option("--week <date>", "the Tuesday of the week (YYYY-MM-DD)", tuesday)
    .option("--synthetic <n>", "a generated community of n members instead (no database)", positiveInt)
    .option("--seed <s>", "seed of the generated community", "1")
    .option("--out <dir>", "output folder", ".")
    .addHelpText("after", "\nExamples:\n  tuesday matching export --community founders --week 2030-01-01 --out audit/\n  tuesday matching export --synthetic 10000 --seed 7 --out /tmp/synthetic\n")
    .action(async (opts: { community?: string; week?: string; synthetic?: number; seed: string; out: string }) => {
      if (opts.synthetic !== undefined) {
        if (opts.community) throw usageError("use either --community or --synthetic");
        await writeAudit(opts.out, exportSyntheticAudit({ members: opts.synthetic, seed: opts.seed }));
        return;
      }
      const slug = opts.community;
      if (!slug) throw usageError("--community <slug> or --synthetic <n> is required");
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, slug);
        progressBar({ stage: "loading" });
        const files = await exportWeeklyAudit(operatorCtx(deps, tenant), { communityId: tenant.id, week: opts.week });
        progressBar({ stage: "done", detail: `week of ${files.week}` });
        await writeAudit(opts.out, files);
      });
    });
  matching
    .command("vectors")
    .description("Where each community's text vectors stand: the model matching reads, the one this deployment embeds with, and how far it has got")
    .option("--community <slug>", "one community (default: all)")
    .addHelpText("after", "\nExamples:\n  tuesday matching vectors\n  tuesday matching vectors --community founders --json\n")
    .action(async (opts: { community?: string }) => {
      await withDeps(async ({ deps }) => {
        const tenants = opts.community ? [await requireTenant(deps, opts.community)] : await deps.tenants.list();
        const encoder = encoderFor(deps.config);
        const rows: VectorStatus[] = [];
        for (const t of tenants) rows.push(await vectorStatus(deps, encoder, t.id));
        output(rows, () => describeVectors(rows));
      });
    });
  matching
    .command("embed")
    .description("Embed members' texts with the configured model now: queue the matching.embed job and, unless --no-wait, run it in this process until it is done")
    .option("--community <slug>", "one community (default: all)")
    .option("--no-wait", "only queue the job: the server's workers run it")
    .addHelpText(
      "after",
      "\nAfter a model switch (EMBEDDINGS_URL, EMBEDDINGS_MODEL) the old model keeps serving until the new one has every text; the server queues this job at its start.\n\nExamples:\n  tuesday matching embed --community founders\n  tuesday matching embed --no-wait\n",
    )
    .action(async (opts: { community?: string; wait: boolean }) => {
      await withDeps(async ({ deps }) => {
        const tenants = opts.community ? [await requireTenant(deps, opts.community)] : await deps.tenants.list();
        const encoder = encoderFor(deps.config);
        for (const t of tenants) await requestEmbedding(operatorCtx(deps, t), encoder.id);
        const statuses = () => Promise.all(tenants.map((t) => vectorStatus(deps, encoder, t.id)));
        if (!opts.wait) {
          const rows = await statuses();
          output(rows, () => `Queued: ${tenants.map((t) => t.id).join(", ")}. Follow it with \`tuesday matching vectors\`.\n${describeVectors(rows)}`);
          return;
        }
        // Progress is texts stored (or stored again) under the configured model, whoever runs the
        // job (this process or a running server's workers, which may hold it).
        const embedded = (rows: VectorStatus[]) => rows.map((r) => `${configuredOf(r)?.texts ?? 0}@${configuredOf(r)?.lastEmbeddedAt ?? ""}`).join(" ");
        let rows = await statuses();
        let last = embedded(rows);
        let idleSince = Date.now();
        while (rows.some((r) => r.queuedJobs > 0)) {
          const ran = await deps.jobs.drain(deps, matchingEmbedJob.name);
          rows = await statuses();
          if (ran > 0 || embedded(rows) !== last) {
            last = embedded(rows);
            idleSince = Date.now();
            progress(rows.map((r) => `${r.communityId}: ${configuredOf(r)?.members ?? 0} of ${r.membersWithText} members`).join(", "));
          } else if (Date.now() - idleSince > 60_000) {
            throw new CliError("no progress for 60 s", 1, "a retry may be waiting (an embeddings server that failed): follow it with `tuesday matching vectors`");
          } else await new Promise((r) => setTimeout(r, 2_000)); // each status counts the community's vectors: not every 500 ms
        }
        output(rows, () => describeVectors(rows));
      });
    });
}
