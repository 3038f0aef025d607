import fs from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import YAML from "yaml";
import { exportCommunityQuestions, QuestionsFileSchema, seedCommunityQuestions } from "@tuesday/platform";
import { CliError, operatorCtx, output, progress, requireTenant, withDeps } from "../runtime.ts";

/** A questions file, JSON or YAML (by extension; .yml/.yaml), validated like tenants/<id>/questions.json. */
export async function readQuestionsFile(file: string) {
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
  const parsed = QuestionsFileSchema.safeParse(raw);
  if (!parsed.success) {
    for (const i of parsed.error.issues) process.stderr.write(`${file}: ${i.path.join(".") || "(root)"}: ${i.message}\n`);
    throw new CliError(`${parsed.error.issues.length} problem(s) in ${file}`, 1, "see tenants/*/questions.json for the format");
  }
  return parsed.data;
}

export function registerQuestionsCommands(program: Command): void {
  const questions = program.command("questions").description("A community's onboarding questions");
  questions
    .command("seed")
    .description("Make the community's onboarding questions match a file (JSON or YAML), by each question's and option's key")
    .requiredOption("--community <slug>", "community id")
    .argument("<file>", "questions file: { version: 1, questions: [...] }")
    .addHelpText(
      "after",
      "\nIdempotent: questions and options are matched by `key`; ones missing from the file are hidden, never deleted (answers stay).\n\nExamples:\n  tuesday questions seed --community founders questions.yaml\n  tuesday questions seed --community founders tenants/founders/questions.json --json\n",
    )
    .action(async (file: string, opts: { community: string }) => {
      const doc = await readQuestionsFile(file);
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const r = await seedCommunityQuestions(operatorCtx(deps, tenant), tenant.id, doc.questions);
        output({ ok: true, communityId: tenant.id, ...r }, () => `${r.changed ? "Seeded" : "Unchanged:"} ${r.questions} question${r.questions === 1 ? "" : "s"} in ${tenant.id}.`);
      });
    });
  questions
    .command("export")
    .description("Print (or write) the community's onboarding questions as a questions file")
    .requiredOption("--community <slug>", "community id")
    .option("--out <file>", "write to this file (.json, or .yaml/.yml for YAML)")
    .option("--yaml", "YAML instead of JSON on stdout")
    .addHelpText("after", "\nExamples:\n  tuesday questions export --community founders > questions.json\n  tuesday questions export --community founders --out questions.yaml\n")
    .action(async (opts: { community: string; out?: string; yaml?: boolean }) => {
      await withDeps(async ({ deps }) => {
        const tenant = await requireTenant(deps, opts.community);
        const doc = await exportCommunityQuestions(operatorCtx(deps, tenant), tenant.id);
        const yaml = opts.out ? /\.ya?ml$/i.test(opts.out) : opts.yaml;
        const text = yaml ? YAML.stringify(doc) : `${JSON.stringify(doc, null, 2)}\n`;
        if (opts.out) {
          await fs.mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
          await fs.writeFile(opts.out, text);
          progress(`Wrote ${doc.questions.length} questions to ${opts.out}.`);
        } else process.stdout.write(text);
      });
    });
}
