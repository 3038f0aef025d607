import fs from "node:fs/promises";
import path from "node:path";
import readline from "node:readline/promises";
import type { Command } from "commander";
import {
  AUTH_TYPES,
  applyTenants,
  exportCommunityQuestions,
  findCommunityById,
  LANGS,
  loadTenantDir,
  loadTenantsDir,
  TENANT_SCHEMA_VERSION,
  type TenantBundle,
  TenantConfigSchema,
  TenantValidationError,
  unconfiguredSignInMethods,
  upgradeTenantConfig,
} from "@tuesday/platform";
import { CliError, cliConfig, isJson, operatorCtx, output, progress, table, usageError, withDeps } from "../runtime.ts";

const tenantsDir = (dir: string | undefined) => dir ?? (path.relative(process.cwd(), cliConfig().tenantsDir) || ".");
const isDir = async (p: string) => (await fs.stat(p).catch(() => undefined))?.isDirectory() ?? false;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A validation failure: every problem on its own line ("file: json.path: message"), then one summary line. */
function reportProblems(err: TenantValidationError, where: string): never {
  for (const p of err.problems) process.stderr.write(`${p}\n`);
  if (isJson()) process.stdout.write(`${JSON.stringify({ ok: false, problems: err.problems }, null, 2)}\n`);
  throw new CliError(`${plural(err.problems.length, "problem")} in ${where}`, 1, "fix the files, then run `tuesday tenant validate` again", isJson());
}

/**
 * The tenant folders a command works on: `target` a tenant folder, a folder of tenant folders,
 * or a slug under the tenants folder; `all` every tenant of the tenants folder.
 */
async function tenantFolders(target: string | undefined, opts: { all?: boolean; dir?: string }, defaultAll: boolean): Promise<{ dirs: string[]; where: string }> {
  const root = tenantsDir(opts.dir);
  if (target && opts.all) throw usageError("give a slug or --all, not both");
  if (!target && !opts.all && !defaultAll) throw usageError("which tenant?", "give a slug (`tuesday tenant apply founders`) or --all");
  const base = target ?? root;
  if (await isDir(base)) {
    if (await fs.stat(path.join(base, "tenant.json")).catch(() => undefined)) return { dirs: [base], where: base };
    const entries = await fs.readdir(base, { withFileTypes: true });
    const dirs: string[] = [];
    for (const e of entries.filter((x) => x.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      if (await fs.stat(path.join(base, e.name, "tenant.json")).catch(() => undefined)) dirs.push(path.join(base, e.name));
    }
    if (!dirs.length) throw new CliError(`${base}: no tenant folders (a folder with a tenant.json) found`, 1, "create one with `tuesday tenant init <slug>`");
    return { dirs, where: base };
  }
  if (target && /^[a-z0-9][a-z0-9-]{1,62}$/.test(target) && (await isDir(path.join(root, target)))) return { dirs: [path.join(root, target)], where: path.join(root, target) };
  if (!target && !(await isDir(root))) throw new CliError(`${root}: no such directory`, 1, "set TENANTS_DIR or pass --dir");
  throw new CliError(`${target}: no such directory`, 1, `no tenant "${target}" in ${root}; see \`tuesday tenant init\``);
}

/** Loads and validates the folders; all problems of all of them are reported together. */
async function load(dirs: string[], where: string): Promise<TenantBundle[]> {
  let bundles: TenantBundle[];
  try {
    bundles = dirs.length === 1 && dirs[0] ? [await loadTenantDir(dirs[0])] : await loadTenantsDir(where);
  } catch (err) {
    if (err instanceof TenantValidationError) reportProblems(err, where);
    throw err;
  }
  for (const w of unconfiguredSignInMethods(bundles, cliConfig())) process.stderr.write(`warning: ${w}\n`);
  for (const b of bundles) {
    const raw = JSON.parse(await fs.readFile(path.join(b.dir, "tenant.json"), "utf8")) as { version?: number };
    if (raw.version !== TENANT_SCHEMA_VERSION) {
      process.stderr.write(`warning: ${path.join(b.dir, "tenant.json")}: version: ${raw.version}, current is ${TENANT_SCHEMA_VERSION} (run \`tuesday tenant migrate ${b.config.id}\`)\n`);
    }
  }
  return bundles;
}

type Change = { field: string; before: unknown; after: unknown };
type Plan = { id: string; action: "create" | "update" | "unchanged"; changes: Change[] };

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)]));
  return v;
}

function diffRecords(prefix: string, before: Record<string, unknown>, after: Record<string, unknown>, out: Change[]): void {
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    if (key === "$schema") continue;
    if (!same(before[key], after[key])) out.push({ field: `${prefix}${key}`, before: before[key], after: after[key] });
  }
}

/** What applying `b` would change, field by field (config, landing documents, navigation, questions by key). */
async function plan(deps: Parameters<Parameters<typeof withDeps>[0]>[0]["deps"], b: TenantBundle): Promise<Plan> {
  const row = await findCommunityById(deps.db, b.config.id);
  const changes: Change[] = [];
  const beforeConfig = row ? (upgradeTenantConfig(row.config).config as Record<string, unknown>) : {};
  diffRecords("", beforeConfig, b.config as unknown as Record<string, unknown>, changes);
  diffRecords("landing.", row?.landing ?? {}, b.landing, changes);
  if (!same(row?.navigation ?? null, b.navigation)) changes.push({ field: "navigation", before: row?.navigation ?? null, after: b.navigation });
  if (b.questions) {
    const tenant = row ? await deps.tenants.get(b.config.id) : undefined;
    const current = tenant ? (await exportCommunityQuestions(operatorCtxFor(deps, tenant), tenant.id)).questions.filter((q) => q.visible) : [];
    const was = Object.fromEntries(current.map((q) => [q.key, q]));
    const now = Object.fromEntries(b.questions.map((q) => [q.key, q]));
    diffRecords("questions.", was, now, changes);
  }
  if (!row) return { id: b.config.id, action: "create", changes };
  return { id: b.config.id, action: changes.length ? "update" : "unchanged", changes };
}
const operatorCtxFor = operatorCtx;

const show = (v: unknown) => {
  if (v === undefined) return "(none)";
  const s = JSON.stringify(v);
  return s.length > 100 ? `${s.slice(0, 97)}...` : s;
};

function describePlan(p: Plan, dryRun: boolean): string {
  const verb = dryRun ? { create: "would create", update: "would update", unchanged: "unchanged" } : { create: "created", update: "updated", unchanged: "unchanged" };
  const lines = [`${verb[p.action]}  ${p.id}${p.action === "unchanged" ? "" : ` (${plural(p.changes.length, "field")})`}`];
  if (p.action === "update") for (const c of p.changes) lines.push(`  ~ ${c.field}: ${show(c.before)} -> ${show(c.after)}`);
  return lines.join("\n");
}

async function ask(rl: readline.Interface | undefined, question: string, fallback: string | undefined): Promise<string | undefined> {
  if (!rl) return fallback;
  const answer = (await rl.question(`${question}${fallback ? ` [${fallback}]` : ""}: `)).trim();
  return answer || fallback;
}

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

type InitOpts = { title?: string; domain?: string; lang?: string; languages?: string; signIn?: string; sender?: string; dir?: string; prompt: boolean };

export function registerTenantCommands(program: Command): void {
  const tenant = program.command("tenant").description("Tenants as code: tenants/<id>/tenant.json and friends");

  tenant
    .command("init")
    .description(`Scaffold <dir>/<slug>/tenant.json (version ${TENANT_SCHEMA_VERSION}); asks for what is missing on a terminal`)
    .argument("<slug>", "the community id: lowercase letters, digits and hyphens")
    .option("--title <title>", "the community's name")
    .option("--domain <host>", "its host name (default <slug>.localhost)")
    .option("--lang <lang>", `default language (${LANGS.join(", ")})`)
    .option("--languages <list>", "languages offered, comma-separated (default: the default language)")
    .option("--sign-in <list>", `sign-in methods, comma-separated (${AUTH_TYPES.filter((a) => a !== "OAUTH2").join(", ")}; default EMAIL,OTP,MAGIC)`)
    .option("--sender <email>", "From address of its mail (default hello@<domain>)")
    .option("--dir <dir>", "the tenants folder (default tenants/ or TENANTS_DIR)")
    .option("--no-prompt", "never ask, even on a terminal")
    .addHelpText("after", "\nExamples:\n  tuesday tenant init acme                      # asks for the rest on a terminal\n  tuesday tenant init acme --title 'Acme Club' --domain acme.example.com --languages en,ru --sign-in EMAIL,OTP\n")
    .action(async (slug: string, opts: InitOpts) => {
      if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(slug)) throw usageError(`"${slug}" is not a valid id`, "lowercase letters, digits and hyphens, 2-63 characters");
      const root = tenantsDir(opts.dir);
      const dir = path.join(root, slug);
      if (await fs.stat(dir).catch(() => undefined)) throw new CliError(`${dir} exists already`, 1, "edit its tenant.json, or choose another slug");
      const rl = opts.prompt && process.stdin.isTTY ? readline.createInterface({ input: process.stdin, output: process.stderr }) : undefined;
      try {
        const title = await ask(rl, "Title", opts.title ?? slug);
        const domain = await ask(rl, "Domain", opts.domain ?? `${slug}.localhost`);
        const lang = await ask(rl, `Default language (${LANGS.join(", ")})`, opts.lang ?? "en");
        const languages = list(await ask(rl, "Languages (comma-separated)", opts.languages ?? lang));
        const signIn = list(await ask(rl, "Sign-in methods (comma-separated)", opts.signIn ?? "EMAIL,OTP,MAGIC")).map((s) => s.toUpperCase());
        const config = {
          $schema: "../tenant.schema.json",
          version: TENANT_SCHEMA_VERSION,
          id: slug,
          domain,
          lang,
          langChoices: languages.includes(lang ?? "") ? languages : [lang, ...languages],
          timeZone: "UTC",
          title,
          description: "",
          moderationRequired: false,
          authConfig: signIn.map((authType) => ({ authType })),
          senderEmail: opts.sender ?? `hello@${domain}`,
          brandConfig: { title },
        };
        const parsed = TenantConfigSchema.safeParse(config);
        if (!parsed.success) {
          const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
          throw usageError(`the answers do not make a valid tenant: ${problems.join("; ")}`, "see `tuesday tenant init --help`");
        }
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, "tenant.json"), `${JSON.stringify(config, null, 2)}\n`);
        output({ ok: true, id: slug, dir, file: path.join(dir, "tenant.json") }, () =>
          `Created ${path.join(dir, "tenant.json")}.\nNext: \`tuesday tenant apply ${slug}${opts.dir ? ` --dir ${opts.dir}` : ""}\`, then \`tuesday admin create --community ${slug} --email <you>\`.`,
        );
      } finally {
        rl?.close();
      }
    });

  tenant
    .command("validate")
    .description("Check tenant folders: [path] a tenant folder or a folder of them (default: tenants/ or TENANT_DIR)")
    .argument("[path]", "a tenant folder, or a folder holding one sub-folder per tenant")
    .addHelpText("after", "\nEvery problem is printed as `file: json.path: message`.\n\nExamples:\n  tuesday tenant validate\n  tuesday tenant validate tenants/founders --json\n")
    .action(async (target: string | undefined) => {
      const { dirs, where } = await tenantFolders(target, {}, true);
      const bundles = await load(dirs, where);
      output({ ok: true, tenants: bundles.map((b) => ({ id: b.config.id, domain: b.config.domain, dir: b.dir })) }, () =>
        [...bundles.map((b) => `ok  ${b.config.id}  (${b.config.domain})`), `${plural(bundles.length, "tenant")} valid.`].join("\n"),
      );
    });

  tenant
    .command("apply")
    .description("Validate, then create or update tenants in the database (all or nothing), printing each changed field")
    .argument("[slug]", "a tenant of the tenants folder (or a path to a tenant folder, or to a folder of them)")
    .option("--all", "every tenant of the tenants folder")
    .option("--dry-run", "print what would change, change nothing")
    .option("--dir <dir>", "the tenants folder (default tenants/ or TENANTS_DIR)")
    .addHelpText("after", "\nExamples:\n  tuesday tenant apply founders --dry-run\n  tuesday tenant apply --all\n  tuesday tenant apply acme --dir /srv/tenants --json\n")
    .action(async (target: string | undefined, opts: { all?: boolean; dryRun?: boolean; dir?: string }) => {
      const { dirs, where } = await tenantFolders(target, opts, false);
      const bundles = await load(dirs, where);
      await withDeps(async ({ deps }) => {
        const plans: Plan[] = [];
        for (const b of bundles) plans.push(await plan(deps, b));
        if (!opts.dryRun && plans.some((p) => p.action !== "unchanged")) {
          progress(`Applying ${plural(bundles.length, "tenant")}...`);
          await applyTenants(deps.db, bundles, { actor: { kind: "operator" } });
        }
        output({ ok: true, dryRun: Boolean(opts.dryRun), tenants: plans }, () =>
          [...plans.map((p) => describePlan(p, Boolean(opts.dryRun))), ...(opts.dryRun ? ["Dry run: nothing changed."] : ["Running servers pick the changes up within a few seconds."])].join("\n"),
        );
      });
    });

  tenant
    .command("migrate")
    .description(`Rewrite tenant.json files of older versions as version ${TENANT_SCHEMA_VERSION}`)
    .argument("[slug]", "a tenant of the tenants folder (or a path); default every tenant")
    .option("--dry-run", "print what would change, write nothing")
    .option("--dir <dir>", "the tenants folder (default tenants/ or TENANTS_DIR)")
    .addHelpText("after", "\nExamples:\n  tuesday tenant migrate --dry-run\n  tuesday tenant migrate founders\n")
    .action(async (target: string | undefined, opts: { dryRun?: boolean; dir?: string }) => {
      const { dirs } = await tenantFolders(target, opts, true);
      const results: { file: string; from: number | undefined; to: number; changes: string[] }[] = [];
      for (const dir of dirs) {
        const file = path.join(dir, "tenant.json");
        let raw: unknown;
        try {
          raw = JSON.parse(await fs.readFile(file, "utf8"));
        } catch (err) {
          throw new CliError(`${file}: is not valid JSON (${(err as Error).message})`, 1, "fix it by hand, then run migrate again");
        }
        const up = upgradeTenantConfig(raw);
        results.push({ file, from: up.from, to: up.to, changes: up.changes });
        if (up.changes.length && !opts.dryRun) await fs.writeFile(file, `${JSON.stringify(up.config, null, 2)}\n`);
      }
      output({ ok: true, dryRun: Boolean(opts.dryRun), files: results }, () =>
        results
          .map((r) => (r.changes.length ? `${opts.dryRun ? "would migrate" : "migrated"}  ${r.file}\n${r.changes.map((c) => `  ${c}`).join("\n")}` : `current  ${r.file} (version ${r.from})`))
          .join("\n"),
      );
    });

  tenant
    .command("list")
    .description("Tenants in the database")
    .addHelpText("after", "\nExamples:\n  tuesday tenant list\n  tuesday tenant list --json\n")
    .action(async () => {
      await withDeps(async ({ deps }) => {
        const tenants = await deps.tenants.list();
        const rows = tenants.map((t) => ({ id: t.id, domain: t.domain, title: t.config.title, url: t.url }));
        output(rows, () =>
          tenants.length ? table(["ID", "DOMAIN", "TITLE", "URL"], rows.map((r) => [r.id, r.domain, r.title, r.url])) : "No tenants yet: run `tuesday tenant apply --all`.",
        );
      });
    });
}
