import readline from "node:readline";
import { type Command, InvalidArgumentError } from "commander";
import { createCommunityAdmin, grantCommunityRole, listCommunityStaff, revokeCommunityRole, setAccountEnabled, type StaffRole } from "@tuesday/platform";
import { operatorCtx, output, progress, requireTenant, table, withDeps } from "../runtime.ts";

function role(value: string): StaffRole {
  if (value !== "admin" && value !== "moderator") throw new InvalidArgumentError("admin or moderator");
  return value;
}

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
    .option("--role <role>", "admin or moderator", role, "admin")
    .addHelpText("after", "\nExamples:\n  tuesday admin create --community founders --email anna@example.com           # asks for a password\n  tuesday admin create --community founders --email mod@example.com --no-password --role moderator\n")
    .action(async (opts: { community: string; email: string; password?: string | boolean; operator?: boolean; role: StaffRole }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const password = typeof opts.password === "string" ? opts.password : opts.password === false ? undefined : await readPassword(opts.email);
        if (password) progress("Hashing the password (argon2id)...");
        const ctx = operatorCtx(deps, tenant);
        const r = await createCommunityAdmin(ctx, { email: opts.email, password, operator: opts.operator ?? false });
        if (opts.role === "moderator") await grantCommunityRole(ctx, { email: r.email, role: "moderator" });
        const who = r.userCreated ? `Created user ${r.email}` : `User ${r.email} (existing)`;
        output({ ...r, role: opts.role, communityId: tenant.id, url: tenant.url }, () =>
          [
            `${who} is now ${opts.role === "admin" ? "an admin" : "a moderator"} of ${tenant.id}${r.isOperator ? " and a platform operator" : ""}.`,
            `  user id         ${r.userId}\n  participant id  ${r.participantId}\n  sign in at      ${tenant.url}`,
            ...(password && !r.userCreated ? ["  The password was replaced and the user's sessions were ended."] : []),
          ].join("\n"),
        );
      });
    });

  admin
    .command("grant")
    .description("Give an existing account the admin or moderator role in a community")
    .requiredOption("--community <slug>", "community id")
    .requiredOption("--email <email>", "the account's e-mail")
    .requiredOption("--role <role>", "admin or moderator", role)
    .addHelpText("after", "\nExamples:\n  tuesday admin grant --community founders --email anna@example.com --role moderator\n")
    .action(async (opts: { community: string; email: string; role: StaffRole }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const r = await grantCommunityRole(operatorCtx(deps, tenant), { email: opts.email, role: opts.role });
        output(r, () => (r.before === r.after ? `${r.email} is already ${r.after} of ${tenant.id}.` : `${r.email}: ${r.before ?? "not a member"} -> ${r.after} in ${tenant.id}.`));
      });
    });

  admin
    .command("revoke")
    .description("Make an admin or moderator of a community a plain member again")
    .requiredOption("--community <slug>", "community id")
    .requiredOption("--email <email>", "the account's e-mail")
    .option("--role <role>", "only if they have this role (admin or moderator)", role)
    .addHelpText("after", "\nExamples:\n  tuesday admin revoke --community founders --email anna@example.com\n")
    .action(async (opts: { community: string; email: string; role?: StaffRole }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const r = await revokeCommunityRole(operatorCtx(deps, tenant), { email: opts.email, role: opts.role });
        output(r, () => (r.before === r.after ? `${r.email} is ${r.after} of ${tenant.id}: nothing to revoke.` : `${r.email}: ${r.before} -> ${r.after} in ${tenant.id}.`));
      });
    });

  admin
    .command("list")
    .description("Admins and moderators of a community")
    .requiredOption("--community <slug>", "community id")
    .addHelpText("after", "\nExamples:\n  tuesday admin list --community founders --json\n")
    .action(async (opts: { community: string }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const staff = await listCommunityStaff(operatorCtx(deps, tenant));
        output(staff, () => (staff.length ? table(["ROLE", "EMAIL", "NAME", "PARTICIPANT"], staff.map((s) => [s.role, s.email, s.name, s.participantId])) : `No admins or moderators in ${tenant.id}.`));
      });
    });

  for (const enabled of [false, true]) {
    const verb = enabled ? "enable" : "disable";
    admin
      .command(verb)
      .description(
        enabled
          ? "Enable a disabled account again: the user can sign in"
          : "Disable an account: sign-in is refused everywhere and every session of the user ends at once (audited)",
      )
      .argument("<email>", "the account's e-mail")
      .option("--community <id>", "the community the change is made from (default: the first one)")
      .addHelpText("after", `\nExamples:\n  tuesday admin ${verb} anna@example.com\n`)
      .action(async (email: string, opts: { community?: string }) => {
        await withDeps(async ({ deps }) => {
          const tenant = opts.community ? await requireTenant(deps, opts.community) : (await deps.tenants.list())[0];
          if (!tenant) throw new InvalidArgumentError("no community exists yet");
          const r = await setAccountEnabled(operatorCtx(deps, tenant), { email, enabled });
          output(r, () =>
            !r.changed ? `${r.email} is already ${enabled ? "enabled" : "disabled"}.` : enabled ? `${r.email} is enabled again.` : `${r.email} is disabled; their sessions were ended.`,
          );
        });
      });
  }
}
