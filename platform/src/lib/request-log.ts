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

/** A sonic-boom destination (pino.destination) in its buffer mode. */
export type ByteDestination = { write(data: Buffer): boolean; flush(cb?: (err?: Error) => void): void; flushSync(): void };

/** What `whenOpen` and flushLogs read of a sonic-boom destination (pino's or ours). */
export type OpeningStream = { _opening?: boolean; once?: (event: "ready", fn: () => void) => void; flushSync?: () => void };

/**
 * Calls back once a sonic-boom destination has its file open: it opens a path asynchronously, and
 * before that its flushSync throws and a flush of an empty buffer fails inside sonic-boom.
 */
export function whenOpen(stream: OpeningStream | undefined, fn: () => void): void {
  if (stream?._opening && stream.once) stream.once("ready", fn);
  else fn();
}

/**
 * The request log of a process logger made by runtime.ts createLogger: pino's own info line for
 * the request's fields (the same keys, level, time and base as `logger.info(fields, "request")`
 * writes; request-log.test.ts compares the two), made in one template instead of by pino's
 * general path, and handed as bytes to a buffered destination of its own.
 *
 * Why not `logger.info`: the line is the one log call every request makes, and pino's general
 * path (its child bindings, its walk over an object of any shape, its string escaping, the string
 * turned into bytes afterwards) cost 3.5-4.9 µs of CPU a line where this costs 2.5-2.9 (400,000
 * lines, alternating, on the 2-core development machine; decision 0215), and allocated 1.8 KB a
 * line against 0.9, which the young generation's collections then pay for every request in flight.
 * The fields are typed and fixed, so the template cannot go out of step with what it writes: the
 * strings go through JSON.stringify (a path may hold any character), the numbers are numbers.
 */
export function bufferedRequestLog(destination: ByteDestination, base: Record<string, string>, enabled: boolean): RequestLog {
  const head = `{"level":${pino.levels.values.info},"time":`;
  const bindings = Object.keys(base).length === 0 ? "" : `,${JSON.stringify(base).slice(1, -1)}`;
  return {
    enabled,
    write: (l) => {
      destination.write(
        Buffer.from(
          `${head}${Date.now()}${bindings},"requestId":${JSON.stringify(l.requestId)},"method":${JSON.stringify(l.method)},"path":${JSON.stringify(l.path)},"status":${l.status},"ms":${l.ms},"msg":"request"}\n`,
        ),
      );
    },
    // sonic-boom writes a buffered rest (under its minLength) at once and calls back when written.
    flush: (cb) => whenOpen(destination as OpeningStream, () => destination.flush(() => cb())),
  };
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
