import fs from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { type QuestionFile, QuestionsFileSchema } from "../questionnaire/schemas.ts";
import { upgradeTenantConfig } from "../tenancy/migrate.ts";
import { LandingDocumentSchema, NavigationConfigSchema, type NavigationConfig, type TenantConfig } from "../tenancy/schema.ts";
import { TenantConfigSchema } from "./tenant-config.ts";

export type TenantBundle = {
  config: TenantConfig;
  /** Landing documents by suffix: "" for landing.json, "-ru" for landing-ru.json, ... */
  landing: Record<string, Record<string, unknown>>;
  navigation: NavigationConfig | null;
  /** Onboarding questions from questions.json; undefined leaves the community's questions as they are. */
  questions?: QuestionFile[] | undefined;
  dir: string;
};

export class TenantValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Tenant configuration is invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "TenantValidationError";
  }
}

function describeIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.map(String).join(".") : "(root)";
    return `${file}: ${field}: ${issue.message}`;
  });
}

async function readJson(file: string, problems: string[]): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (err) {
    problems.push(`${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    problems.push(`${file}: is not valid JSON (${(err as Error).message})`);
    return undefined;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs
    .stat(file)
    .then(() => true)
    .catch(() => false);
}

/** Reads and validates one tenant folder: tenant.json, navigation.json and questions.json (optional), landing*.json. */
export async function loadTenantDir(dir: string): Promise<TenantBundle> {
  const problems: string[] = [];
  const tenantFile = path.join(dir, "tenant.json");
  const raw = await readJson(tenantFile, problems);
  let config: TenantConfig | undefined;
  if (raw !== undefined) {
    // An older version is upgraded in memory first (`tuesday tenant migrate` rewrites the file).
    const parsed = TenantConfigSchema.safeParse(upgradeTenantConfig(raw).config);
    if (parsed.success) {
      config = parsed.data;
      const folder = path.basename(dir);
      if (config.id !== folder) problems.push(`${tenantFile}: id: "${config.id}" must equal the folder name "${folder}"`);
    } else problems.push(...describeIssues(tenantFile, parsed.error));
  }

  let navigation: NavigationConfig | null = null;
  const navFile = path.join(dir, "navigation.json");
  const hasNav = await fs
    .stat(navFile)
    .then(() => true)
    .catch(() => false);
  if (hasNav) {
    const navRaw = await readJson(navFile, problems);
    if (navRaw !== undefined) {
      const parsed = NavigationConfigSchema.safeParse(navRaw);
      if (parsed.success) navigation = parsed.data;
      else problems.push(...describeIssues(navFile, parsed.error));
    }
  }

  let questions: QuestionFile[] | undefined;
  const questionsFile = path.join(dir, "questions.json");
  if (await exists(questionsFile)) {
    const questionsRaw = await readJson(questionsFile, problems);
    if (questionsRaw !== undefined) {
      const parsed = QuestionsFileSchema.safeParse(questionsRaw);
      if (parsed.success) questions = parsed.data.questions;
      else problems.push(...describeIssues(questionsFile, parsed.error));
    }
  }

  const landing: Record<string, Record<string, unknown>> = {};
  for (const name of (await fs.readdir(dir)).sort()) {
    const m = /^landing([a-z0-9_-]*)\.json$/i.exec(name);
    if (!m) continue;
    const file = path.join(dir, name);
    const doc = await readJson(file, problems);
    if (doc === undefined) continue;
    const parsed = LandingDocumentSchema.safeParse(doc);
    if (parsed.success) landing[m[1] ?? ""] = parsed.data;
    else problems.push(...describeIssues(file, parsed.error));
  }

  if (problems.length || !config) throw new TenantValidationError(problems);
  return { config, landing, navigation: navigation ?? config.navigationConfig ?? null, questions, dir };
}

/** Every tenant folder under `root` (folders holding a tenant.json). Problems of all tenants are reported together. */
export async function loadTenantsDir(root: string): Promise<TenantBundle[]> {
  const entries = await fs.readdir(root, { withFileTypes: true });
  const bundles: TenantBundle[] = [];
  const problems: string[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = path.join(root, entry.name);
    const hasTenant = await fs
      .stat(path.join(dir, "tenant.json"))
      .then(() => true)
      .catch(() => false);
    if (!hasTenant) continue;
    try {
      bundles.push(await loadTenantDir(dir));
    } catch (err) {
      if (err instanceof TenantValidationError) problems.push(...err.problems);
      else throw err;
    }
  }
  const domains = new Map<string, string>();
  for (const b of bundles) {
    for (const d of [b.config.domain, ...b.config.aliases]) {
      const other = domains.get(d);
      if (other) problems.push(`${path.join(b.dir, "tenant.json")}: domain: "${d}" is also used by tenant "${other}"`);
      domains.set(d, b.config.id);
    }
  }
  if (problems.length) throw new TenantValidationError(problems);
  return bundles;
}
