import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export type CliRun = { code: number | null; stdout: string; stderr: string };
export type CliOptions = { databaseUrl: string; input?: string; env?: Record<string, string> };

const root = path.resolve(import.meta.dirname, "../..");

/** The environment a test's `tuesday` gets: only PATH, HOME, NODE_ENV=test, DATABASE_URL and what is passed. */
function cleanEnv(opts: CliOptions): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", DATABASE_URL: opts.databaseUrl, ...opts.env };
}

/**
 * Runs the real `tuesday` CLI as a child process (tests): a clean environment holding only
 * DATABASE_URL and what is passed, stdin fed with `input` and closed.
 */
export function runCli(args: string[], opts: CliOptions): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/src/main.ts", ...args], {
      cwd: root,
      env: cleanEnv(opts),
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

export type CliSession = {
  /** `tuesday <args>`: in the session's runner, or as a process of its own when `env` or `input` is given. */
  run(args: string[], opts?: { input?: string; env?: Record<string, string> }): Promise<CliRun>;
  close(): Promise<void>;
};

/**
 * The CLI for one test file: one runner process (cli-runner.ts, started on first use with the same
 * clean environment as `runCli`'s children, stdin empty) runs each command line with the real CLI
 * program, so a file pays the CLI's start (2-5 s) once instead of once a command. A command with
 * its own environment or stdin input runs as a process of its own (`runCli`), since those are
 * read when a process starts; that also keeps `cli/src/main.ts`, the process's exit code and
 * stdin covered.
 */
export function cliSession(databaseUrl: () => string): CliSession {
  let runner: Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> | undefined;
  const start = () => {
    const child = spawn(process.execPath, ["--import", "tsx", "cli/src/cli-runner.ts"], {
      cwd: root,
      env: cleanEnv({ databaseUrl: databaseUrl() }),
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    return new Promise<{ child: ChildProcess; url: string; exited: Promise<void> }>((resolve, reject) => {
      let seen = "";
      child.stdout?.on("data", (d) => {
        seen += String(d);
        const m = /listening (\d+)/.exec(seen);
        if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}/run`, exited });
      });
      void exited.then(() => reject(new Error(`the CLI runner exited before listening:\n${seen}`)));
    });
  };
  return {
    async run(args, opts = {}) {
      if (opts.env || opts.input !== undefined) return runCli(args, { databaseUrl: databaseUrl(), ...opts });
      runner ??= start();
      const { url } = await runner;
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ args }) });
      return (await res.json()) as CliRun;
    },
    async close() {
      if (!runner) return;
      const { child, exited } = await runner;
      child.kill("SIGTERM");
      await exited;
    },
  };
}
