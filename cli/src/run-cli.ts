import { spawn } from "node:child_process";
import path from "node:path";

export type CliRun = { code: number | null; stdout: string; stderr: string };

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Runs the real `tuesday` CLI as a child process (tests): a clean environment holding only
 * DATABASE_URL and what is passed, stdin fed with `input` and closed.
 */
export function runCli(args: string[], opts: { databaseUrl: string; input?: string; env?: Record<string, string> }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/src/main.ts", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", DATABASE_URL: opts.databaseUrl, ...opts.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? "");
  });
}
