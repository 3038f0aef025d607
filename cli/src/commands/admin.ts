import readline from "node:readline";
import type { Command } from "commander";
import { createCommunityAdmin } from "@tuesday/platform";
import { CliError, operatorCtx, progress, withDeps } from "../runtime.ts";

/** Reads a password: a hidden prompt on a terminal, else the first line of stdin (empty means none). */
async function readPassword(email: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const line = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
    return line.trim() ? line : undefined;
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  // Echo nothing of what is typed; the prompt itself is written once.
  const out = rl as unknown as { _writeToOutput: (s: string) => void };
  let prompted = false;
  out._writeToOutput = (s: string) => {
    if (!prompted) {
      process.stderr.write(s);
      prompted = true;
    }
  };
  const answer = await new Promise<string>((resolve) => rl.question(`Password for ${email} (empty: sign in by e-mail code or link only): `, resolve));
  rl.close();
  process.stderr.write("\n");
  return answer.trim() ? answer : undefined;
}

export function registerAdminCommands(program: Command): void {
  const admin = program.command("admin").description("Community administrators");
  admin
    .command("create")
    .description("Create a user (or take an existing one) and make them an admin of a community")
    .requiredOption("--community <id>", "community id")
    .requiredOption("--email <email>", "the admin's e-mail")
    .option("--password <password>", "set this password (otherwise prompted, or read from stdin)")
    .option("--no-password", "do not set a password and do not prompt")
    .option("--operator", "also make the user a platform operator (all communities)")
    .action(async (opts: { community: string; email: string; password?: string | boolean; operator?: boolean }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await deps.tenants.get(opts.community);
        if (!tenant) throw new CliError(`community "${opts.community}" not found (see \`tuesday tenant list\`)`);
        const password = typeof opts.password === "string" ? opts.password : opts.password === false ? undefined : await readPassword(opts.email);
        if (password) progress("Hashing the password (argon2id)...");
        const r = await createCommunityAdmin(operatorCtx(deps, tenant), { email: opts.email, password, operator: opts.operator ?? false });
        const who = r.userCreated ? `Created user ${r.email}` : `User ${r.email} (existing)`;
        process.stdout.write(`${who} is now an admin of ${tenant.id}${r.isOperator ? " and a platform operator" : ""}.\n`);
        process.stdout.write(`  user id         ${r.userId}\n  participant id  ${r.participantId}\n  sign in at      ${tenant.url}\n`);
        if (password && !r.userCreated) process.stdout.write("  The password was replaced and the user's sessions were ended.\n");
      });
    });
}
