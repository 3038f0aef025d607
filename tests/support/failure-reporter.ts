/**
 * A vitest reporter for `npm test` (tests/run-all.ts): writes what went wrong in a run to the JSON
 * file named by FAILURE_REPORT: failed tests, files whose hooks or imports failed, and the errors
 * vitest caught outside any test (an unhandled rejection after a test ended fails the run with
 * every test passed). run-all prints them on its last lines, the part of a CI log that is kept.
 */
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export type FailureReport = {
  tests: { file: string; name: string; error: string }[];
  files: { file: string; error: string }[];
  unhandled: string[];
  reason: string;
};

type ErrorLike = { name?: string; message?: string; stack?: string; stacks?: { file: string; line: number }[] };

/** The message and the first frames: enough to find the place, short enough for a log's tail. */
export function describeError(e: ErrorLike | undefined): string {
  if (!e) return "(no error recorded)";
  const head = `${e.name ?? "Error"}: ${e.message ?? ""}`.trim();
  const frames = (e.stacks ?? []).slice(0, 3).map((s) => `at ${path.relative(process.cwd(), s.file)}:${s.line}`);
  return [head.slice(0, 600), ...frames].join(" | ");
}

export default class FailureReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<ErrorLike>, reason: string): void {
    const out = process.env.FAILURE_REPORT;
    if (!out) return;
    const report: FailureReport = { tests: [], files: [], unhandled: unhandledErrors.map((e) => describeError(e)), reason };
    for (const mod of testModules) {
      const file = mod.relativeModuleId;
      for (const e of mod.errors()) report.files.push({ file, error: describeError(e) });
      for (const test of mod.children.allTests()) {
        const r = test.result();
        if (r.state === "failed") report.tests.push({ file, name: test.fullName, error: describeError(r.errors?.[0]) });
      }
    }
    fs.writeFileSync(out, JSON.stringify(report, null, 2));
  }
}
