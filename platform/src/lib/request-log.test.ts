import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, flushLogs } from "../runtime.ts";
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
