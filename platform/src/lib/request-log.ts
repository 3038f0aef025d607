import pino, { type Logger } from "pino";

/** The fields of the one line a request writes (http/middleware.ts requestEnvelope): fixed, none of them a secret. */
export type RequestLine = { requestId: string; method: string; path: string; status: number; ms: number };

/** Where request lines go: `enabled` is false when the level would drop them (LOG_LEVEL above info), so nothing is built. */
export type RequestLog = {
  readonly enabled: boolean;
  write(line: RequestLine): void;
  /** Calls back once what was handed over is written (a buffered rest included). */
  flush(cb: () => void): void;
};

/** A sonic-boom destination (pino.destination) in its buffer mode, with what promptStream reads of it. */
export type ByteDestination = {
  write(data: Buffer): boolean;
  flush(cb?: (err?: Error) => void): void;
  flushSync(): void;
  /** A write() is in flight (or the file is still opening). */
  readonly _writing: boolean;
  readonly _opening?: boolean;
  once(event: "drain" | "ready", fn: () => void): unknown;
};

/** What `whenOpen` reads of a sonic-boom destination. */
export type OpeningStream = { _opening?: boolean; once?: (event: "ready", fn: () => void) => unknown };

/**
 * Calls back once a sonic-boom destination has its file open: it opens a path asynchronously, and
 * before that its flushSync throws and a flush of an empty buffer fails inside sonic-boom.
 */
export function whenOpen(stream: OpeningStream | undefined, fn: () => void): void {
  if (stream?._opening && stream.once) stream.once("ready", fn);
  else fn();
}

/**
 * pino's stream onto the destination that gathers request lines (runtime.ts createLogger): a
 * line of the general logger (a warning, an error, a job's info) is added after the request lines
 * gathered before it, and all of them are written at once; while a write is in flight they go
 * with the next one, as soon as it finishes. So a warning never waits for a batch of request
 * lines to fill, and the lines keep their order.
 */
export function promptStream(out: ByteDestination): { write(line: string): void; flush(cb: (err?: Error) => void): void } {
  let waiting = false;
  const writeWaiting = () => {
    waiting = false;
    out.flush();
  };
  return {
    write(line) {
      out.write(Buffer.from(line));
      if (!out._writing) out.flush();
      else if (!waiting) {
        waiting = true;
        out.once("drain", writeWaiting);
      }
    },
    // Writes everything gathered and calls back once it is on disk.
    flush: (cb) => whenOpen(out, () => out.flush(cb)),
  };
}

/**
 * The request log of a process logger made by runtime.ts createLogger: pino's own info line for
 * the request's fields (the same keys, level, time and base as `logger.info(fields, "request")`
 * writes; request-log.test.ts compares the two), made in one template instead of by pino's
 * general path, and handed as bytes to the process logger's destination, which gathers them
 * (runtime.ts createLogger).
 *
 * Why not `logger.info`: the line is the one log call every request makes, and pino's general
 * path (its child bindings, its walk over an object of any shape, its string escaping, the string
 * turned into bytes afterwards) cost 3.5-4.9 µs of CPU a line where this costs 2.5-2.9 (400,000
 * lines, alternating, on the 2-core development machine; decision 0215), and allocated 1.8 KB a
 * line against 0.9, which the young generation's collections then pay for every request in flight.
 * The fields are typed and fixed, so the template cannot go out of step with what it writes: the
 * strings are quoted as JSON (jsonString: a path may hold any character), the numbers are numbers.
 */
export function bufferedRequestLog(destination: ByteDestination, base: Record<string, string>, enabled: boolean): RequestLog {
  const head = `{"level":${pino.levels.values.info},"time":`;
  const bindings = Object.keys(base).length === 0 ? "" : `,${JSON.stringify(base).slice(1, -1)}`;
  return {
    enabled,
    write: (l) => {
      destination.write(
        Buffer.from(
          `${head}${Date.now()}${bindings},"requestId":${jsonString(l.requestId)},"method":${jsonString(l.method)},"path":${jsonString(l.path)},"status":${l.status},"ms":${l.ms},"msg":"request"}\n`,
        ),
      );
    },
    // sonic-boom writes a buffered rest (under its minLength) at once and calls back when written.
    flush: (cb) => whenOpen(destination, () => destination.flush(() => cb())),
  };
}

/** Printable ASCII without `"` and `\\`: what JSON.stringify returns quoted and unchanged. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A string as JSON: quoted as it is when nothing in it needs escaping (a request's id, method and
 * path almost always), else by JSON.stringify: the three strings through JSON.stringify took 150
 * ns of the 620 it took to make a line with its bytes (400,000 lines, alone; decision 0222).
 */
function jsonString(s: string): string {
  return PLAIN.test(s) ? `"${s}"` : JSON.stringify(s);
}

const requestLogs = new WeakMap<Logger, RequestLog>();

export function registerRequestLog(log: Logger, requestLog: RequestLog): void {
  requestLogs.set(log, requestLog);
}

/**
 * The request log that belongs to a process logger: the one runtime.ts createLogger registered,
 * else (a logger made elsewhere: a test's pino()) the logger's plain child, unredacted as the
 * registered one is (the line's fields hold no secret).
 */
export function requestLogOf(log: Logger): RequestLog {
  const registered = requestLogs.get(log);
  if (registered) return registered;
  const child = log.child({}, { redact: [] });
  return {
    get enabled() {
      return child.isLevelEnabled("info");
    },
    write: (line) => child.info(line, "request"),
    flush: (cb) => child.flush(() => cb()),
  };
}
