/**
 * The layer rules of .dependency-cruiser.cjs (run by `npm run lint`): the real tree passes them,
 * and each rule fails on a small tree that breaks it with one deliberately wrong import. The trees
 * are written under .tmp/ (inside the repository, so `hono` and `postgres` resolve from its
 * node_modules) and checked by the same command the lint runs. No database.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");
const config = path.join(root, ".dependency-cruiser.cjs");
const require = createRequire(import.meta.url);

type Violation = { rule: { name: string }; from: string; to: string };

/** Runs the lint's dependency check in `cwd` and returns its violations (it exits 1 when there are some). */
function violations(cwd: string, dirs: string[]): Violation[] {
  let out: string;
  try {
    out = execFileSync(depcruise, ["--config", config, "--output-type", "json", ...dirs], { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stdout?: string };
    if (!e.stdout) throw err;
    out = e.stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
const tmp = fs.mkdtempSync(path.join(root, ".tmp", "layers-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A small platform tree: `files` maps a path under platform/src to its source. */
function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(tmp, name);
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(dir, "platform/src", file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
  }
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ extends: path.join(root, "tsconfig.base.json"), include: ["platform"] }));
  return dir;
}

/**
 * One wrong import per case, in one tree (so the check runs once): the rule it must trip, from the
 * file holding the import. Each case has files of its own.
 */
const cases: { rule: string; from: string; files: Record<string, string> }[] = [
  {
    rule: "route-imports-no-sql",
    from: "platform/src/relations/routes/add-bookmark.ts",
    files: {
      "relations/queries.ts": "export const q = 1;\n",
      "relations/routes/add-bookmark.ts": 'import { q } from "../queries.ts";\nexport const r = q;\n',
    },
  },
  {
    rule: "route-imports-no-sql",
    from: "platform/src/relations/routes/remove-bookmark.ts",
    files: {
      "db/client.ts": "export const db = 1;\n",
      "relations/routes/remove-bookmark.ts": 'import { db } from "../../db/client.ts";\nexport const r = db;\n',
    },
  },
  {
    rule: "route-imports-no-sql",
    from: "platform/src/relations/routes/list-bookmarks.ts",
    files: { "relations/routes/list-bookmarks.ts": 'import postgres from "postgres";\nexport const r = postgres;\n' },
  },
  {
    rule: "route-imports-own-domain",
    from: "platform/src/relations/routes/send-intro.ts",
    files: {
      "chat/service.ts": "export const postMessage = 1;\n",
      "relations/routes/send-intro.ts": 'import { postMessage } from "../../chat/service.ts";\nexport const r = postMessage;\n',
    },
  },
  {
    rule: "service-imports-no-hono",
    from: "platform/src/chat/members.ts",
    files: { "chat/members.ts": 'import type { Context } from "hono";\nexport type C = Context;\n' },
  },
  {
    rule: "foundation-imports-no-feature",
    from: "platform/src/tenancy/schema.ts",
    files: {
      "matching/lexicon/index.ts": "export const compileLexicon = 1;\n",
      "tenancy/schema.ts": 'import { compileLexicon } from "../matching/lexicon/index.ts";\nexport const s = compileLexicon;\n',
    },
  },
  {
    rule: "no-circular",
    from: "platform/src/events/jobs/reminder.ts",
    files: {
      // Type-only imports count: the cycle is still one.
      "events/jobs/reminder.ts": 'import type { Plan } from "../reminders.ts";\nexport type Job = { plan: Plan };\n',
      "events/reminders.ts": 'import type { Job } from "./jobs/reminder.ts";\nexport type Plan = { job?: Job };\n',
    },
  },
  {
    rule: "only-app-imports-routers",
    from: "platform/src/topics/service.ts",
    files: {
      "topics/router.ts": "export const topicsRouter = 1;\n",
      "topics/service.ts": 'import { topicsRouter } from "./router.ts";\nexport const t = topicsRouter;\n',
    },
  },
  {
    rule: "production-imports-no-dev",
    from: "platform/src/matching/weekly/export.ts",
    files: {
      "dev/synthetic.ts": "export const syntheticCommunity = 1;\n",
      "matching/weekly/export.ts": 'import { syntheticCommunity } from "../../dev/synthetic.ts";\nexport const e = syntheticCommunity;\n',
    },
  },
];

/** The same kinds of imports where they belong: none of these files may be reported. */
const allowed: Record<string, string> = {
  "lib/errors.ts": "export const notFound = 1;\n",
  "settings/queries.ts": 'import { db } from "../db/client.ts";\nexport const q = db;\n',
  "settings/service.ts": 'import { q } from "./queries.ts";\nimport { notFound } from "../lib/errors.ts";\nexport const getSettings = [q, notFound];\n',
  "settings/schemas.ts": "export const SettingsSchema = 1;\n",
  "onboarding/schemas.ts": "export const AnswerSchema = 1;\n",
  "settings/routes/get-settings.ts":
    'import type { Context } from "hono";\nimport { getSettings } from "../service.ts";\nimport { SettingsSchema } from "../schemas.ts";\nimport { AnswerSchema } from "../../onboarding/schemas.ts";\nexport const r = [getSettings, SettingsSchema, AnswerSchema];\nexport type C = Context;\n',
  "settings/router.ts": 'import { r } from "./routes/get-settings.ts";\nexport const settingsRouter = r;\n',
  "app.ts": 'import { settingsRouter } from "./settings/router.ts";\nexport const app = settingsRouter;\n',
  // The demo seed loads from the server root, which starts it behind config.
  "dev/seed/demo.ts": "export const seedDemo = 1;\n",
  "server.ts": 'import { seedDemo } from "./dev/seed/demo.ts";\nexport const s = seedDemo;\n',
};

describe("the layer rules", () => {
  it("hold on the real tree", () => {
    expect(violations(root, ["platform/src", "cli/src"])).toEqual([]);
  }, 60_000);

  it("each fail on a deliberately wrong import, and pass the same imports where they belong", () => {
    const dir = tree("cases", Object.assign({}, ...cases.map((c) => c.files), allowed));
    const found = violations(dir, ["platform/src"]).map((v) => ({ rule: v.rule.name, from: v.from }));
    for (const c of cases) expect(found, c.rule).toContainEqual({ rule: c.rule, from: c.from });
    const names = new Set(cases.map((c) => c.rule));
    // Every rule of the config is shown failing.
    const configured = (require(config) as { forbidden: { name: string }[] }).forbidden.map((r) => r.name);
    expect([...names].sort()).toEqual([...configured].sort());
    const wronglyReported = found.filter((v) => Object.keys(allowed).some((f) => v.from === `platform/src/${f}`));
    expect(wronglyReported).toEqual([]);
  }, 60_000);
});
