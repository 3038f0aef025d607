import fs from "node:fs/promises";
import { type Command, InvalidArgumentError } from "commander";
import YAML from "yaml";
import { getMailing, listMail, mailSendJob, mailingSendJob, NotifySchema, notifyParticipants, notifyRecommendedContacts, recommendationMailJob } from "@tuesday/platform";
import { CliError, operatorCtx, output, progress, requireTenant, table, usageError, withDeps } from "../runtime.ts";

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 500) throw new InvalidArgumentError("a whole number from 1 to 500");
  return n;
}

function tuesday(value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(d.getTime()) || d.getUTCDay() !== 2) throw new InvalidArgumentError("a Tuesday as YYYY-MM-DD");
  return value;
}

const FILTERS = { status: "statuses", role: "roles", lang: "langs" } as const;

/** `--filter status=confirmed,pending --filter lang=ru` -> the mailing audience. */
function audienceOf(filters: string[]): Record<string, string[]> {
  const audience: Record<string, string[]> = {};
  for (const f of filters) {
    const m = /^(\w+)=(.+)$/.exec(f);
    const key = m?.[1] as keyof typeof FILTERS | undefined;
    if (!m || !key || !(key in FILTERS)) throw usageError(`--filter ${f}: not understood`, "status=pending|confirmed|rejected, role=member|moderator|admin, lang=en|ru (comma-separated values)");
    audience[FILTERS[key]] = (m[2] ?? "").split(",").map((v) => v.trim());
  }
  return audience;
}

/**
 * The mail template: `{ subject, body }` in the community's language, or `{ content: { en: {...},
 * ru: {...} }, audience?: {...} }` as POST /admin/{id}/notify takes. JSON or YAML.
 */
async function readTemplate(file: string, lang: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (err) {
    throw new CliError(`${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`, 1, "check the path");
  }
  let raw: unknown;
  try {
    raw = /\.ya?ml$/i.test(file) ? YAML.parse(text) : JSON.parse(text);
  } catch (err) {
    throw new CliError(`${file}: is not valid ${/\.ya?ml$/i.test(file) ? "YAML" : "JSON"} (${(err as Error).message.split("\n")[0]})`, 1, "fix the syntax");
  }
  if (!raw || typeof raw !== "object") throw new CliError(`${file}: must hold an object`, 1, "{ subject, body } or { content: { en: { subject, body } } }");
  const doc = raw as Record<string, unknown>;
  return "content" in doc ? doc : { content: { [lang]: doc } };
}

/** Runs the queue's pg-boss jobs in this process until `done()` says so, printing progress. */
async function drainUntil(deps: Parameters<Parameters<typeof withDeps>[0]>[0]["deps"], jobs: string[], done: () => Promise<boolean>, report: () => Promise<void>): Promise<void> {
  // Retries of failed deliveries wait (pg-boss retryDelay): after 30 s without progress the server's workers take over.
  let idleSince = Date.now();
  for (;;) {
    let n = 0;
    for (const job of jobs) n += await deps.jobs.drain(deps, job);
    if (n > 0) {
      idleSince = Date.now();
      await report();
    }
    if (await done()) return;
    if (Date.now() - idleSince > 30_000) throw new CliError("no progress for 30 s", 1, "the server's workers finish it; follow it with `tuesday mail list`");
    if (n === 0) await new Promise((r) => setTimeout(r, 500));
  }
}

export function registerMailCommands(program: Command): void {
  const mail = program.command("mail").description("Mail sent by the platform (the dev outbox when SMTP_URL is unset)");
  mail
    .command("list")
    .description("Latest mail, newest first")
    .option("--community <id>", "only this community")
    .option("--to <email>", "only mail to this address")
    .option("--limit <n>", "how many (1-500)", positiveInt, 20)
    .addHelpText("after", "\nExamples:\n  tuesday mail list --community founders\n  tuesday mail list --to anna@example.com --json   # with the text bodies (codes and links)\n")
    .action(async (opts: { community?: string; to?: string; limit: number }) => {
      await withDeps(async ({ deps }) => {
        const rows = await listMail({ actor: { kind: "operator" }, db: deps.db }, { communityId: opts.community, to: opts.to, limit: opts.limit });
        const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);
        output(
          rows.map(({ html: _html, ...r }) => r),
          () =>
            rows.length
              ? table(
                  ["CREATED (UTC)", "COMMUNITY", "TO", "STATUS", "SUBJECT"],
                  rows.map((r) => [when(r.createdAt), r.communityId, r.toEmail, r.transport ? `${r.status}/${r.transport}` : r.status, r.subject]),
                )
              : "No mail.",
        );
      });
    });

  mail
    .command("notify")
    .description("Send a mailing to a community's members, as the console's Notify does (pg-boss job `mailing.send`)")
    .requiredOption("--community <slug>", "community id")
    .requiredOption("--template <file>", "JSON or YAML: { subject, body }, or { content: { en: {subject, body}, ru: {...} } }")
    .option("--filter <key=values...>", "audience: status=confirmed,pending role=admin lang=ru (default confirmed members)", (v: string, prev: string[] = []) => [...prev, v])
    .option("--no-wait", "queue it and return; the server's workers send it")
    .addHelpText(
      "after",
      "\nWithout --no-wait the CLI runs the mailing's pg-boss jobs itself and shows progress until every recipient is in the outbox.\n\nExamples:\n  tuesday mail notify --community founders --template welcome.yaml\n  tuesday mail notify --community founders --template news.json --filter lang=ru --filter role=member --no-wait\n",
    )
    .action(async (opts: { community: string; template: string; filter?: string[]; wait: boolean }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const doc = await readTemplate(opts.template, tenant.config.lang);
        const audience = { ...((doc.audience as Record<string, unknown> | undefined) ?? {}), ...audienceOf(opts.filter ?? []) };
        const parsed = NotifySchema.safeParse({ ...doc, audience });
        if (!parsed.success) {
          throw new CliError(`${opts.template}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`, 1, "see `tuesday mail notify --help`");
        }
        const ctx = operatorCtx(deps, tenant);
        let mailing = await notifyParticipants(ctx, tenant.id, parsed.data);
        progress(`Mailing ${mailing.id}: ${mailing.total} recipient${mailing.total === 1 ? "" : "s"}.`);
        if (opts.wait) {
          await drainUntil(
            deps,
            // The mailing's chunks move recipients into the outbox; `mail.send` delivers them.
            [mailingSendJob.name, mailSendJob.name],
            async () => mailing.status === "done",
            async () => {
              mailing = await getMailing(ctx, tenant.id, mailing.id);
              progress(`[${"#".repeat(Math.round(mailing.percent / 5)).padEnd(20, "-")}] ${mailing.percent}%  sent ${mailing.sent}, failed ${mailing.failed}, skipped ${mailing.skipped} of ${mailing.total}`);
            },
          );
        }
        output(mailing, () => `Mailing ${mailing.id} ${mailing.status}: ${mailing.sent} of ${mailing.total} in the outbox${mailing.status === "done" ? "" : " (the server's workers send the rest)"}.`);
      });
    });

  mail
    .command("send-recommendations")
    .description("Send this week's recommended contacts now (runs or reads the week's pairing; pg-boss job `matching.mail`)")
    .requiredOption("--community <slug>", "community id")
    .option("--week <date>", "the Tuesday of the week (YYYY-MM-DD; default the coming one)", tuesday)
    .option("--no-wait", "queue the e-mails and return; the server's workers write them")
    .addHelpText("after", "\nExamples:\n  tuesday mail send-recommendations --community founders\n  tuesday mail send-recommendations --community founders --week 2030-01-01 --json\n")
    .action(async (opts: { community: string; week?: string; wait: boolean }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const r = await notifyRecommendedContacts(operatorCtx(deps, tenant), tenant.id, { week: opts.week });
        progress(`Week of ${r.week}: ${r.mailsQueued} e-mail${r.mailsQueued === 1 ? "" : "s"} queued.`);
        let written = 0;
        if (opts.wait && r.mailsQueued > 0) {
          // Each job writes one member's mail; jobs queued with a delay are waited for a little.
          for (let idle = 0; written < r.mailsQueued && idle < 6; ) {
            const n = await deps.jobs.drain(deps, recommendationMailJob.name);
            await deps.jobs.drain(deps, mailSendJob.name);
            written += n;
            idle = n === 0 ? idle + 1 : 0;
            if (n > 0) progress(`  ${written} of ${r.mailsQueued} written to the outbox`);
            else await new Promise((res) => setTimeout(res, 500));
          }
        }
        output({ ...r, written }, () => `Recommendations for the week of ${r.week}: ${r.mailsQueued} queued${opts.wait ? `, ${written} written to the outbox` : ""}.`);
      });
    });
}
