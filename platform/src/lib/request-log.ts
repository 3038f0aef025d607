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
 * writes; request-log.test.ts compares the two), made straight into bytes, gathered `batchBytes`
 * at a time and then handed to the process logger's destination (runtime.ts createLogger).
 *
 * Why not `logger.info`: the line is the one log call every request makes, and pino's general
 * path (its child bindings, its walk over an object of any shape, its string escaping, the string
 * turned into bytes afterwards) cost 3.5-4.9 µs of CPU a line where a template cost 2.5-2.9 (400,000
 * lines, alternating, on the 2-core development machine; decision 0215). Why bytes rather than a
 * template string: the string then had to be flattened, turned into a Buffer of its own (a slice of
 * Node's pool, a new pool every 40 lines) and joined with the others before the write: under
 * bench:api's load that was half of what the request log cost (decision 0225). The fields are typed
 * and fixed, so the line cannot go out of step with what it writes: the strings are copied as they
 * are when they hold only printable ASCII other than `"` and `\` (a request's id, method and path
 * almost always), else written as JSON.stringify quotes them; the numbers are numbers.
 *
 * The gathered bytes sit in front of the destination: its write, flush and flushSync hand them
 * over first, so every way a line reaches it (the general logger's lines, the periodic flush,
 * pino's exit handler, flushLogs) keeps the order in which lines were logged.
 */
export function bufferedRequestLog(destination: ByteDestination, base: Record<string, string>, enabled: boolean, batchBytes = 32 * 1024): RequestLog {
  const bindings = Object.keys(base).length === 0 ? "" : `,${JSON.stringify(base).slice(1, -1)}`;
  const head = Buffer.from(`{"level":${pino.levels.values.info},"time":`);
  const requestId = Buffer.from(`${bindings},"requestId":`);
  const method = Buffer.from(`,"method":`);
  const path = Buffer.from(`,"path":`);
  const status = Buffer.from(`,"status":`);
  const ms = Buffer.from(`,"ms":`);
  const tail = Buffer.from(`,"msg":"request"}\n`);
  // The most bytes a line can take besides its strings: the constants, three numbers of up to 24
  // characters, six quotes. A string takes at most 6 bytes for each of its UTF-16 units (\u001f).
  const fixed = head.length + requestId.length + method.length + path.length + status.length + ms.length + tail.length + 3 * 24 + 6;
  // Room for a whole batch and then a line of up to another batch's size; a longer line (a path of
  // thousands of characters) is written on its own.
  let stage = Buffer.allocUnsafe(enabled ? 2 * batchBytes : 0);
  let used = 0;
  const write = destination.write.bind(destination);
  const flush = destination.flush.bind(destination);
  const flushSync = destination.flushSync.bind(destination);
  const handOver = (): void => {
    if (used === 0) return;
    write(stage.subarray(0, used));
    stage = Buffer.allocUnsafe(2 * batchBytes);
    used = 0;
  };
  if (enabled) {
    destination.write = (data) => {
      handOver();
      return write(data);
    };
    destination.flush = (cb) => {
      handOver();
      flush(cb);
    };
    destination.flushSync = () => {
      handOver();
      flushSync();
    };
  }
  return {
    enabled,
    write: (l) => {
      const bound = fixed + 6 * (l.requestId.length + l.method.length + l.path.length);
      if (used + bound > stage.length) handOver();
      const buf = bound > stage.length ? Buffer.allocUnsafe(bound) : stage;
      let at = buf === stage ? used : 0;
      at = putBytes(buf, at, head);
      at = putNumber(buf, at, Date.now());
      at = putBytes(buf, at, requestId);
      at = putString(buf, at, l.requestId);
      at = putBytes(buf, at, method);
      at = putString(buf, at, l.method);
      at = putBytes(buf, at, path);
      at = putString(buf, at, l.path);
      at = putBytes(buf, at, status);
      at = putNumber(buf, at, l.status);
      at = putBytes(buf, at, ms);
      at = putNumber(buf, at, l.ms);
      at = putBytes(buf, at, tail);
      if (buf !== stage) {
        write(buf.subarray(0, at));
        return;
      }
      used = at;
      if (used >= batchBytes) handOver();
    },
    // sonic-boom writes a buffered rest (under its minLength) at once and calls back when written.
    flush: (cb) => whenOpen(destination, () => destination.flush(() => cb())),
  };
}

function putBytes(buf: Buffer, at: number, bytes: Buffer): number {
  buf.set(bytes, at);
  return at + bytes.length;
}

/**
 * A string as JSON at `at`: copied as it is while it holds only printable ASCII other than `"` and
 * `\` (what JSON.stringify returns quoted and unchanged), else JSON.stringify's text in UTF-8.
 */
function putString(buf: Buffer, at: number, s: string): number {
  buf[at] = 0x22;
  let o = at + 1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return at + buf.write(JSON.stringify(s), at, "utf8");
    buf[o++] = c;
  }
  buf[o] = 0x22;
  return o + 1;
}

/** A number as JSON text at `at` (as a template would write it): digit by digit when a non-negative safe integer. */
function putNumber(buf: Buffer, at: number, n: number): number {
  if (!(Number.isSafeInteger(n) && n >= 0)) return at + buf.write(`${n}`, at, "latin1");
  let digits = 1;
  for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
  const end = at + digits;
  for (let i = end - 1; i >= at; i--) {
    const q = Math.floor(n / 10);
    buf[i] = 0x30 + (n - q * 10);
    n = q;
  }
  return end;
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
