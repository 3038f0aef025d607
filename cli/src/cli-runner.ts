/**
 * The operator CLI as one long-lived process, for tests: `POST /run` with `{ "args": [...] }` runs
 * that command line with the real CLI program (program.ts) exactly as `tuesday <args>` would, and
 * answers `{ code, stdout, stderr }`. A `tuesday` process spends 2-5 s starting (tsx, importing the
 * platform) before its command takes a fraction of a second; here that start is paid once (issue
 * 29). Used by the browser run (one runner, started by tests/e2e/global-setup.ts) and by the CLI's
 * own test files (one runner a file, run-cli.ts `cliSession`). Commands run one after the other:
 * the CLI's --json and --verbose are process-wide, what a command prints is captured from
 * process.stdout/stderr, and process.env is put back as the runner started after each command
 * (`--database-url` sets DATABASE_URL), so no command sees another's. Prints `listening <port>`
 * once ready. Environment: what its starter gives it (DATABASE_URL or DATA_DIR, NODE_ENV, ...).
 */
import http from "node:http";
import { runTuesday } from "../../cli/src/program.ts";

type Result = { code: number; stdout: string; stderr: string };

let queue: Promise<unknown> = Promise.resolve();
const startEnv = { ...process.env };

function restoreEnv(): void {
  for (const key of Object.keys(process.env)) if (!(key in startEnv)) delete process.env[key];
  Object.assign(process.env, startEnv);
}

function runOne(args: string[]): Promise<Result> {
  const next = queue.then(async () => {
    const out: string[] = [];
    const err: string[] = [];
    const writeOut = process.stdout.write;
    const writeErr = process.stderr.write;
    const capture = (into: string[]) =>
      ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        into.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
        const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
        done?.();
        return true;
      }) as typeof process.stdout.write;
    process.stdout.write = capture(out);
    process.stderr.write = capture(err);
    let code: number;
    try {
      code = await runTuesday([process.execPath, "tuesday", ...args]);
    } finally {
      process.stdout.write = writeOut;
      process.stderr.write = writeErr;
      restoreEnv();
    }
    return { code, stdout: out.join(""), stderr: err.join("") };
  });
  queue = next.catch(() => {});
  return next;
}

const server = http.createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/run") {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const { args } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { args: string[] };
    runOne(args).then(
      (r) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(r)),
      (e: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: 1, stdout: "", stderr: `cli-runner: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}` })),
    );
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : ""}\n`);
});
// Ends with its parent: global-setup's teardown sends SIGTERM, and a runner whose parent died (it
// is then re-parented) leaves too. stdin stays unused: a command reading it would wait for ever.
process.on("SIGTERM", () => process.exit(0));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();
