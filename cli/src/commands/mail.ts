import { type Command, InvalidArgumentError } from "commander";
import { listMail } from "@tuesday/platform";
import { table, withDeps } from "../runtime.ts";

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 500) throw new InvalidArgumentError("a whole number from 1 to 500");
  return n;
}

export function registerMailCommands(program: Command): void {
  const mail = program.command("mail").description("Mail sent by the platform (the dev outbox when SMTP_URL is unset)");
  mail
    .command("list")
    .description("Latest mail, newest first")
    .option("--community <id>", "only this community")
    .option("--to <email>", "only mail to this address")
    .option("--limit <n>", "how many (1-500)", positiveInt, 20)
    .option("--json", "print JSON, with the text bodies (codes and links)")
    .action(async (opts: { community?: string; to?: string; limit: number; json?: boolean }) => {
      await withDeps(async ({ deps }) => {
        const rows = await listMail({ actor: { kind: "operator" }, db: deps.db }, { communityId: opts.community, to: opts.to, limit: opts.limit });
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(rows.map(({ html: _html, ...r }) => r), null, 2)}\n`);
          return;
        }
        if (!rows.length) {
          process.stdout.write("No mail.\n");
          return;
        }
        const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);
        const data = rows.map((r) => [when(r.createdAt), r.communityId, r.toEmail, r.transport ? `${r.status}/${r.transport}` : r.status, r.subject]);
        process.stdout.write(`${table(["CREATED (UTC)", "COMMUNITY", "TO", "STATUS", "SUBJECT"], data)}\n`);
      });
    });
}
