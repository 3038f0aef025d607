/**
 * Log lines name the same thing with the same key everywhere, so one query finds a community's,
 * a member's, a job's or a request's lines: `communityId`, `userId`, `queue` and `jobId`,
 * `requestId`, camelCase. A source scan of every logger call (`x.info({ … })`, `.child({ … })`
 * and the other levels) in platform/src and cli/src reads the top-level keys of its object and
 * fails on a non-canonical one. No database.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Keys seen in other code bases or older lines of this one, and what to write instead. */
const NON_CANONICAL: Record<string, string> = {
  community: "communityId",
  tenant: "communityId",
  tenantId: "communityId",
  communityID: "communityId",
  user: "userId",
  uid: "userId",
  userID: "userId",
  job: "queue (the job's name) or jobId",
  jobID: "jobId",
  id: "a named id (jobId, userId, participantId, …)",
  reqId: "requestId",
  requestID: "requestId",
};

const CALL = /\.(trace|debug|info|warn|error|fatal|child)\(\s*\{/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

/** The top-level keys of the object literal that starts at `open` (the index of its `{`). */
function topLevelKeys(text: string, open: number): string[] {
  const segments: string[] = [];
  let depth = 0;
  let segment = "";
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      segment += text.slice(i, j + 1);
      i = j;
      continue;
    }
    if ("{[(".includes(c)) depth++;
    else if ("}])".includes(c)) depth--;
    if (depth === 0) {
      segments.push(segment);
      break;
    }
    if (depth === 1 && c === ",") {
      segments.push(segment);
      segment = "";
    } else if (!(depth === 1 && c === "{" && i === open)) segment += c;
  }
  return segments
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith("..."))
    .map((s) => /^["']?([A-Za-z_$][\w$]*)/.exec(s)?.[1])
    .filter((k): k is string => k !== undefined);
}

function problemsIn(text: string, where: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(CALL)) {
    const open = (m.index ?? 0) + m[0].length - 1;
    const line = text.slice(0, m.index).split("\n").length;
    for (const key of topLevelKeys(text, open)) {
      const instead = NON_CANONICAL[key] ?? (key.includes("_") ? "camelCase" : undefined);
      if (instead) problems.push(`${where}:${line}: log key "${key}": use ${instead}`);
    }
  }
  return problems;
}

it("logger calls use the canonical keys (communityId, userId, queue, jobId, requestId; camelCase)", () => {
  const files = ["platform/src", "cli/src"].flatMap((d) => sourceFiles(path.join(root, d)));
  expect(files.length).toBeGreaterThan(100);
  const problems = files.flatMap((f) => problemsIn(readFileSync(f, "utf8"), path.relative(root, f)));
  expect(problems).toEqual([]);
});

it("the scan finds a non-canonical key in a logger call, nested and multi-line calls included", () => {
  const sample = [
    'log.info({ community: tenant.id, userId }, "a");',
    'ctx.log.warn({\n  err,\n  detail: { community: "nested keys are the value\'s own" },\n  job_id: id,\n}, "b");',
    '(c.get("ctx")?.log ?? rootLog).error({ id: job.id, text: "a, b: c" }, "c");',
    'deps.log.child({ ...bindings, communityId, requestId });',
  ].join("\n");
  expect(problemsIn(sample, "sample.ts")).toEqual([
    'sample.ts:1: log key "community": use communityId',
    'sample.ts:2: log key "job_id": use camelCase',
    'sample.ts:7: log key "id": use a named id (jobId, userId, participantId, …)',
  ]);
});
