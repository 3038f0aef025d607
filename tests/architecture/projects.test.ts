/**
 * The vitest projects (vitest.config.ts) split the test files without gaps or overlaps: every test
 * file of the repository is in exactly one project, so `npm test` and the second pass on the
 * system PostgreSQL (PG_SERVER_FILES over DATABASE_PROJECTS) run each file once. The files of
 * "integration-shared" run one after another in a worker process (no isolation): a source scan
 * fails any of them that changes what the next file would inherit. No database.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { createVitest } from "vitest/node";
import { DATABASE_PROJECTS, PG_SERVER_FILES } from "../../vitest.config.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** What a file sharing its process must not do (a test file is read without its comments). */
const LEAKS: [RegExp, string][] = [
  [/process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|delete\s+process\.env|Object\.assign\(\s*process\.env/, "writes process.env"],
  [/\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers|setSystemTime)\(/, "mocks, spies, stubs or fakes time (vi.*)"],
  [/process\.(on|once|chdir|umask|setUncaughtExceptionCaptureCallback)\(/, "changes process-wide handlers or directory"],
  [/globalThis\.\w+\s*=(?!=)/, "assigns a global"],
  [/setRateLimitScale|createDeps\(/, "sets the process's rate-limit scale"],
  [/from\s+["'](\.\.\/)+cli\/src\/(?!run-cli\.ts)|@tuesday\/cli/, "runs the CLI in-process (it sets DATABASE_URL; run-cli.ts spawns it)"],
];

function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

it("puts every test file in exactly one project, and the second PostgreSQL pass finds its files", async () => {
  const vitest = await createVitest("test", { root, watch: false, reporters: [] });
  let specs: { project: string; file: string }[];
  try {
    specs = (await vitest.globTestSpecifications()).map((s) => ({ project: s.project.name, file: path.relative(root, s.moduleId) }));
  } finally {
    await vitest.close();
  }
  const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.test.ts", "*.test.tsx"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && !f.startsWith("tests/e2e/"));
  const projectsOf = new Map<string, string[]>(tracked.map((f) => [f, []]));
  for (const s of specs) projectsOf.set(s.file, [...(projectsOf.get(s.file) ?? []), s.project]);
  const wrong = [...projectsOf].filter(([, p]) => p.length !== 1).map(([f, p]) => `${f}: ${p.length ? p.join(", ") : "no project"}`);
  expect(wrong).toEqual([]);
  expect(tracked.length).toBeGreaterThan(150);

  // The second pass runs `vitest run --project <each of DATABASE_PROJECTS> <filters>`: each filter
  // (a part of a path) must name at least one file there.
  const inDatabase = specs.filter((s) => DATABASE_PROJECTS.includes(s.project)).map((s) => s.file);
  for (const filter of PG_SERVER_FILES) expect(inDatabase.filter((f) => f.includes(filter)), filter).not.toEqual([]);
  const counts = new Map<string, number>();
  for (const s of specs) counts.set(s.project, (counts.get(s.project) ?? 0) + 1);
  console.log([...counts].map(([p, n]) => `${p}: ${n} files`).join(", "));
});

it("lets no file of integration-shared leave state behind in its worker process", async () => {
  const vitest = await createVitest("test", { root, watch: false, reporters: [], project: ["integration-shared"] });
  let files: string[];
  try {
    files = (await vitest.globTestSpecifications()).map((s) => path.relative(root, s.moduleId));
  } finally {
    await vitest.close();
  }
  expect(files.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const file of files) {
    const src = stripComments(readFileSync(path.join(root, file), "utf8"));
    for (const [re, what] of LEAKS) if (re.test(src)) found.push(`${file} ${what}: list it in ISOLATED_API (vitest.config.ts)`);
  }
  expect(found).toEqual([]);
});

it("catches each kind of leak in a sample file", () => {
  const samples = [
    "process.env.DATABASE_URL = url;",
    'process.env["X"] ??= "1";',
    "delete process.env.TZ;",
    'vi.mock("../../platform/src/mail/transport.ts");',
    "vi.spyOn(console, 'log');",
    "vi.useFakeTimers();",
    'process.on("unhandledRejection", f);',
    "globalThis.fetch = f;",
    "setRateLimitScale(20);",
    'import { main } from "../../cli/src/main.ts";',
  ];
  for (const s of samples) expect(LEAKS.some(([re]) => re.test(stripComments(s))), s).toBe(true);
  for (const s of ["if (process.env.CI === '1') {}", "// process.env.X = 1", "const env = { ...process.env, X: '1' };", "vi.fn()", 'import { runCli } from "../../cli/src/run-cli.ts";']) expect(LEAKS.some(([re]) => re.test(stripComments(s))), s).toBe(false);
});
