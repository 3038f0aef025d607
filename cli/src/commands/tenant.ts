import fs from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { applyTenants, loadTenantsDir, type TenantBundle, TenantValidationError, unconfiguredSignInMethods } from "@tuesday/platform";
import { CliError, cliConfig, progress, table, withDeps } from "../runtime.ts";

/**
 * Loads and validates every tenant folder of `dir`; problems are printed one per line as
 * "file: field: message", and sign-in methods this server has no configuration for as warnings.
 */
async function validateDir(dirArg: string | undefined): Promise<TenantBundle[]> {
  const dir = dirArg ?? (path.relative(process.cwd(), cliConfig().tenantsDir) || ".");
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) throw new CliError(`${dir}: no such directory`);
  let bundles: TenantBundle[];
  try {
    bundles = await loadTenantsDir(dir);
  } catch (err) {
    if (!(err instanceof TenantValidationError)) throw err;
    for (const p of err.problems) process.stderr.write(`${p}\n`);
    throw new CliError(`${err.problems.length} problem${err.problems.length === 1 ? "" : "s"} in ${dir}`);
  }
  if (!bundles.length) throw new CliError(`${dir}: no tenant folders (a folder with a tenant.json) found`);
  for (const w of unconfiguredSignInMethods(bundles, cliConfig())) process.stderr.write(`warning: ${w}\n`);
  return bundles;
}

export function registerTenantCommands(program: Command): void {
  const tenant = program.command("tenant").description("Tenants as code: tenants/<id>/tenant.json and friends");

  tenant
    .command("validate")
    .description("Check every tenant folder of [dir] (default: tenants/ or TENANTS_DIR)")
    .argument("[dir]", "folder holding one sub-folder per tenant")
    .action(async (dir: string | undefined) => {
      const bundles = await validateDir(dir);
      for (const b of bundles) process.stdout.write(`ok  ${b.config.id}  (${b.config.domain})\n`);
      process.stdout.write(`${bundles.length} tenant${bundles.length === 1 ? "" : "s"} valid.\n`);
    });

  tenant
    .command("apply")
    .description("Validate, then create or update every tenant of [dir] in the database (all or nothing)")
    .argument("[dir]", "folder holding one sub-folder per tenant")
    .action(async (dir: string | undefined) => {
      const bundles = await validateDir(dir);
      await withDeps(async ({ deps }) => {
        progress(`Applying ${bundles.length} tenant${bundles.length === 1 ? "" : "s"}...`);
        const report = await applyTenants(deps.db, bundles, { actor: { kind: "operator" } });
        for (const r of report) process.stdout.write(`${r.created ? "created" : "updated"}  ${r.id}\n`);
        process.stdout.write("Running servers pick the changes up within a few seconds.\n");
      });
    });

  tenant
    .command("list")
    .description("Tenants in the database")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }) => {
      await withDeps(async ({ deps }) => {
        const tenants = await deps.tenants.list();
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(tenants.map((t) => ({ id: t.id, domain: t.domain, title: t.config.title, url: t.url })), null, 2)}\n`);
          return;
        }
        if (!tenants.length) {
          process.stdout.write("No tenants yet: run `tuesday tenant apply`.\n");
          return;
        }
        const rows = tenants.map((t) => [t.id, t.domain, t.config.title, t.url]);
        process.stdout.write(`${table(["ID", "DOMAIN", "TITLE", "URL"], rows)}\n`);
      });
    });
}
