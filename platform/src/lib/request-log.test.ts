import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, flushLogs, LOG_BATCH, LOG_FLUSH_MS } from "../runtime.ts";
import { type RequestLine, requestLogOf } from "./request-log.ts";

const dirs: string[] = [];
const fds: number[] = [];
afterEach(() => {
  for (const fd of fds.splice(0)) closeSync(fd);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A file and a descriptor open on it, as the process's stdout is (a path would be opened asynchronously). */
function logFile(): { file: string; fd: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "request-log-"));
  dirs.push(dir);
  const file = path.join(dir, "out.log");
  const fd = openSync(file, "a");
  fds.push(fd);
  return { file, fd };
}

/** What pino itself writes for `info(fields, "request")` with the process logger's base. */
function pinoLine(fields: RequestLine): Record<string, unknown> {
  let out = "";
  const sink = new Writable({
    write(chunk, _enc, cb) {
      out += String(chunk);
      cb();
    },
  });
  pino({ level: "info", base: { service: "tuesday" } }, sink).info(fields, "request");
  return JSON.parse(out) as Record<string, unknown>;
}

const LINES: RequestLine[] = [
  { requestId: "3f1c2a9e-8d4b-4c7a-9f00-1a2b3c4d5e6f", method: "GET", path: "/api/current-user", status: 200, ms: 3 },
  // A path may hold anything a client sent: quotes, backslashes, control characters, other scripts.
  { requestId: "trace-42_abc=", method: "POST", path: '/api/"x"\\y\u0001\u2028/привет', status: 404, ms: 0 },
  { requestId: "r", method: "DELETE", path: "/", status: 503, ms: 15000 },
  // Printable ASCII at the edges of what is written unescaped, and the characters beside them.
  { requestId: "a b~", method: "GET", path: "/ !#[]{}~\u007f\u001f/%22'", status: 200, ms: 1 },
  // Numbers of every width the line meets, a character outside the BMP.
  { requestId: "0", method: "GET", path: "/media/\u{1F600}", status: 301, ms: 1234567 },
];

describe("the request log of the process logger", () => {
  it("writes pino's own line for each request, key for key, beside the other lines", async () => {
    const { file, fd } = logFile();
    const log = createLogger({ logLevel: "info" }, fd);
    const requests = requestLogOf(log);
    expect(requests.enabled).toBe(true);
    const before = Date.now();
    for (const line of LINES) requests.write(line);
    log.warn({ communityId: "alpha" }, "a warning");
    await flushLogs(log);

    const written = readFileSync(file, "utf8").trimEnd().split("\n");
    expect(written).toHaveLength(LINES.length + 1);
    const parsed = written.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.find((p) => p.msg === "a warning")).toMatchObject({ level: 40, service: "tuesday", communityId: "alpha" });
    const requestLines = parsed.filter((p) => p.msg === "request");
    expect(requestLines).toHaveLength(LINES.length);
    for (const [i, got] of requestLines.entries()) {
      const want = pinoLine(LINES[i] as RequestLine);
      expect(Object.keys(got)).toEqual(Object.keys(want));
      expect({ ...got, time: 0 }).toEqual({ ...want, time: 0 });
      expect(got.time).toBeGreaterThanOrEqual(before);
      expect(got.time).toBeLessThanOrEqual(Date.now());
    }
  });

  it("builds nothing when the level drops request lines", async () => {
    const { file, fd } = logFile();
    const log = createLogger({ logLevel: "warn" }, fd);
    const requests = requestLogOf(log);
    expect(requests.enabled).toBe(false);
    log.warn("only this");
    await flushLogs(log);
    expect(readFileSync(file, "utf8").trimEnd().split("\n").map((l) => JSON.parse(l).msg)).toEqual(["only this"]);
  });

  it("writes through a logger made elsewhere (a test's pino) as its plain info line", () => {
    const out: string[] = [];
    const log = pino({ level: "info", redact: ["*.path"] }, new Writable({
        write: (chunk, _e, cb) => {
          out.push(String(chunk));
          cb();
        },
      }),);
    const requests = requestLogOf(log);
    expect(requests.enabled).toBe(true);
    requests.write(LINES[0] as RequestLine);
    expect(JSON.parse(out[0] as string)).toMatchObject({ msg: "request", path: "/api/current-user", status: 200 });
    log.level = "warn";
    expect(requests.enabled).toBe(false);
  });
});

describe("the process logger's one destination", () => {
  const readLines = (file: string) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const until = async (check: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    return check();
  };

  it("holds request lines for a batch, but writes a warning at once, after the request lines before it", async () => {
    const { file, fd } = logFile();
    const log = createLogger({ logLevel: "info" }, fd);
    const requests = requestLogOf(log);
    requests.write(LINES[0] as RequestLine);
    requests.write(LINES[1] as RequestLine);
    await new Promise((r) => setTimeout(r, 20));
    // Gathered, not yet written: a batch is about 180 lines or a quarter second.
    expect(readFileSync(file, "utf8")).toBe("");
    log.warn("the database is slow");
    requests.write(LINES[2] as RequestLine);
    log.error("and now it is gone");
    // Well before the periodic flush: the warning and the error went out as they came.
    expect(await until(() => readLines(file).some((l) => l.msg === "and now it is gone"), 150)).toBe(true);
    await flushLogs(log);
    expect(readLines(file).map((l) => (l.msg === "request" ? l.path : l.msg))).toEqual([
      LINES[0]?.path,
      LINES[1]?.path,
      "the database is slow",
      LINES[2]?.path,
      "and now it is gone",
    ]);
  });

  it("writes gathered request lines within the flush interval when no more come", async () => {
    const { file, fd } = logFile();
    const log = createLogger({ logLevel: "info" }, fd);
    requestLogOf(log).write(LINES[0] as RequestLine);
    expect(await until(() => readLines(file).length === 1, LOG_FLUSH_MS * 4)).toBe(true);
  });

  it("writes a line longer than a whole batch in its place, whole", async () => {
    const { file, fd } = logFile();
    const log = createLogger({ logLevel: "info" }, fd);
    const requests = requestLogOf(log);
    const long = `/api/${"é".repeat(LOG_BATCH)}`;
    requests.write(LINES[0] as RequestLine);
    requests.write({ ...(LINES[0] as RequestLine), path: long, ms: 1 });
    requests.write({ ...(LINES[0] as RequestLine), ms: 2 });
    await flushLogs(log);
    expect(readLines(file).map((l) => [l.path === long ? "long" : l.path, l.ms])).toEqual([
      [LINES[0]?.path, LINES[0]?.ms],
      ["long", 1],
      [LINES[0]?.path, 2],
    ]);
  });

  // A child process that logs 300 request lines (more than a batch: a write is in flight), a
  // general line and ten more, then exits: at once, or after flushLogs as the server's shutdown does.
  const exitingChild = (flushFirst: boolean) => {
    const { file } = logFile();
    const script = `
      import { openSync } from "node:fs";
      import { createLogger, flushLogs } from ${JSON.stringify(path.join(import.meta.dirname, "..", "runtime.ts"))};
      import { requestLogOf } from ${JSON.stringify(path.join(import.meta.dirname, "request-log.ts"))};
      const log = createLogger({ logLevel: "info" }, openSync(process.env.LOG_FILE, "a"));
      const requests = requestLogOf(log);
      for (let i = 0; i < 300; i++) requests.write({ requestId: "r" + i, method: "GET", path: "/x", status: 200, ms: i });
      log.info("in between");
      for (let i = 300; i < 310; i++) requests.write({ requestId: "r" + i, method: "GET", path: "/x", status: 200, ms: i });
      ${flushFirst ? "await flushLogs(log);" : ""}
      process.exit(0);
    `;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { env: { ...process.env, LOG_FILE: file }, encoding: "utf8", timeout: 60_000 });
    expect(child.status, child.stderr).toBe(0);
    return readLines(file).map((l) => (l.msg === "request" ? l.ms : l.msg));
  };
  const logged = [...Array.from({ length: 300 }, (_, i) => i), "in between", ...Array.from({ length: 10 }, (_, i) => 300 + i)];

  it("writes every line it gathered when the process exits at once, each once", () => {
    // pino's exit handler writes what is left synchronously; a write still in flight may land after it.
    const sorted = (xs: unknown[]) => xs.map(String).sort();
    expect(sorted(exitingChild(false))).toEqual(sorted(logged));
  });

  it("writes every line in order when the process flushes before it exits (the server's shutdown)", () => {
    expect(exitingChild(true)).toEqual(logged);
  });

  it("keeps every line whole through writes larger than a pipe's atomic size, warnings in between", async () => {
    const { file, fd } = logFile();
    const log = createLogger({ logLevel: "info" }, fd);
    const requests = requestLogOf(log);
    const n = 5_000;
    for (let i = 0; i < n; i++) {
      requests.write({ requestId: `r${i}`, method: "GET", path: `/api/x/${"y".repeat(i % 300)}`, status: 200, ms: i });
      if (i % 997 === 0) log.warn({ i }, "in between");
    }
    await flushLogs(log);
    const lines = readLines(file);
    expect(lines.filter((l) => l.msg === "request").map((l) => l.ms)).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(lines.filter((l) => l.msg === "in between").map((l) => l.i)).toEqual([0, 997, 1994, 2991, 3988, 4985]);
    // In order: each warning after the request line logged before it.
    const order = lines.map((l) => (l.msg === "request" ? Number(l.ms) : Number(l.i) + 0.5));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
