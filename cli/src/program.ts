import { Command, CommanderError } from "commander";
import { AppError } from "@tuesday/platform";
import { registerAdminCommands } from "./commands/admin.ts";
import { registerCompletionCommand } from "./commands/completion.ts";
import { registerDbCommands } from "./commands/db.ts";
import { registerMailCommands } from "./commands/mail.ts";
import { registerMatchingCommands } from "./commands/matching.ts";
import { registerMembersCommands } from "./commands/members.ts";
import { registerOpenApiCommand } from "./commands/openapi.ts";
import { registerQuestionsCommands } from "./commands/questions.ts";
import { registerTenantCommands } from "./commands/tenant.ts";
import { CliError, isJson, isVerbose, setJson, setVerbose } from "./runtime.ts";

/**
 * `tuesday`: the operator CLI (cli/src/main.ts runs it as a process; `runTuesday` runs one command
 * line in the calling process: cli/src/cli-runner.ts runs many so, one after the other). Every verb goes through the platform's service functions, with the
 * operator as actor (audited as such). Exit codes: 0 done, 1 a failure (printed as one line with a
 * hint), 2 a usage mistake.
 */
export function buildProgram(): Command {
  const program = new Command("tuesday")
    .description("Tuesday operator CLI. Reads DATABASE_URL (else the embedded database under DATA_DIR), TENANTS_DIR, SMTP_URL.")
    .version("0.1.0")
    .option("-v, --verbose", "show platform log lines and stack traces")
    .option("--json", "machine-readable output (JSON on stdout; progress stays on stderr)")
    .option("--database-url <url>", "PostgreSQL URL (default: DATABASE_URL, else the embedded database)")
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError("(add --help for usage and examples)")
    .exitOverride();
  program.hook("preAction", (_cmd, action) => {
    const o = action.optsWithGlobals() as { verbose?: boolean; json?: boolean; databaseUrl?: string };
    setVerbose(Boolean(o.verbose));
    setJson(Boolean(o.json));
    if (o.databaseUrl) process.env.DATABASE_URL = o.databaseUrl;
  });
  registerDbCommands(program);
  registerTenantCommands(program);
  registerAdminCommands(program);
  registerQuestionsCommands(program);
  registerMembersCommands(program);
  registerMailCommands(program);
  registerMatchingCommands(program);
  registerOpenApiCommand(program);
  registerCompletionCommand(program);
  // Every sub-command inherits exitOverride, so usage errors come back here as CommanderError.
  const inherit = (cmd: Command) => {
    for (const c of cmd.commands) {
      c.exitOverride();
      c.showHelpAfterError("(add --help for usage and examples)");
      inherit(c);
    }
  };
  inherit(program);
  return program;
}

function fail(msg: string, hint: string | undefined, code: number, jsonPrinted = false): number {
  process.stderr.write(`error: ${msg}${hint ? ` (hint: ${hint})` : ""}\n`);
  if (isJson() && !jsonPrinted) process.stdout.write(`${JSON.stringify({ ok: false, error: msg, ...(hint ? { hint } : {}), exitCode: code })}\n`);
  return code;
}

function report(err: unknown): number {
  // Usage mistakes (unknown option, missing argument, bad value): commander printed the message.
  if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
  if (err instanceof CliError) return fail(err.message, err.hint, err.exitCode, err.jsonPrinted);
  if (err instanceof AppError) {
    const fields = Object.entries(err.errors ?? {}).map(([field, msg]) => `${field}: ${msg}`);
    return fail(fields.length ? `${err.message}; ${fields.join("; ")}` : err.message, undefined, 1);
  }
  const e = err instanceof Error ? err : new Error(String(err));
  const code = fail(e.message, isVerbose() ? undefined : "run with --verbose for details", 1);
  if (isVerbose() && e.stack) process.stderr.write(`${e.stack}\n`);
  return code;
}

/**
 * Runs one command line (`argv` as process.argv has it: node, script, then the arguments) and
 * returns its exit code; what it prints goes to process.stdout and process.stderr.
 */
export async function runTuesday(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (err) {
    return report(err);
  }
}
