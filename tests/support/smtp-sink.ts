/**
 * The tests' one SMTP server (smtp-server, in the test's process): it listens on a free port of
 * 127.0.0.1, keeps every message it accepts (envelope, raw text, headers), and lets a test wait
 * for messages by predicate, answer slowly, hold one message unanswered (a mail in flight when its
 * sender dies), stop answering after so many (a sender to be killed partway, whatever its speed)
 * or refuse every message with an SMTP error (failure tests).
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SinkMessage = {
  /** The envelope's MAIL FROM. */
  from: string;
  /** The envelope's RCPT TO addresses, lower-cased. */
  to: string[];
  raw: string;
  /** The message's header fields, unfolded, names lower-cased, values as written. */
  headers: Record<string, string>;
  /** The Subject header with its RFC 2047 encoded words decoded. */
  subject: string;
  /** When the sink answered "250 OK" (Date.now()). */
  at: number;
  /** The whole message as a mail client reads it (MIME parts decoded). */
  parse: () => Promise<ParsedMail>;
};

/** An SMTP reply that refuses a message: 4xx a temporary failure, 5xx a permanent one. */
export type SinkRefusal = { code: number; message: string };

export type SmtpSinkOptions = {
  /** Each message is answered this long after it arrived (a slow server). */
  delayMs?: number;
};

export type SmtpSink = {
  port: number;
  /** The SMTP_URL for this sink; `query` is nodemailer's URL options, e.g. "pool=true". */
  url: (query?: string) => string;
  /** Every message accepted, in the order answered. */
  messages: SinkMessage[];
  /** The messages for one recipient (case-insensitive). */
  to: (address: string) => SinkMessage[];
  /** Errors the server emitted, except connections reset by their client (a killed sender's). */
  errors: Error[];
  /**
   * Resolves with the accepted messages that match once there are at least `count` of them; fails
   * after `timeoutMs` naming what it waited for.
   */
  waitFor: (count: number, match?: (m: SinkMessage) => boolean, timeoutMs?: number, what?: string) => Promise<SinkMessage[]>;
  /**
   * Holds the next message that matches unanswered (no reply, ever): resolves with the client's
   * port and the time once such a message arrived. One message at a time.
   */
  hold: (match: (m: SinkMessage) => boolean, timeoutMs?: number) => Promise<{ remotePort: number; at: number }>;
  /**
   * Once `count` messages that match have been accepted, leaves every later matching message
   * unanswered (its sender waits, as on a stuck server) until `unstall()`; messages left so are
   * never answered. Resolves when the count is reached, so a test can act with the sender
   * certainly partway however fast it sends.
   */
  stallAfter: (count: number, match: (m: SinkMessage) => boolean, timeoutMs?: number) => Promise<void>;
  /** Answers new messages again (after `stallAfter`). */
  unstall: () => void;
  /** From now on refuse every message with this reply (null: accept again). */
  refuse: (reply: SinkRefusal | null) => void;
  /** How many messages were refused. */
  refused: () => number;
  close: () => Promise<void>;
};

/** Header fields of a raw message, unfolded, names lower-cased. */
function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))), "latin1").toString("utf8"),
    );
}

export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const errors: Error[] = [];
  const listeners = new Set<() => void>();
  let refusal: SinkRefusal | null = null;
  let refusedCount = 0;
  let holding: { match: (m: SinkMessage) => boolean; found: (h: { remotePort: number; at: number }) => void } | undefined;
  let stall: { match: (m: SinkMessage) => boolean; left: number; reached: () => void } | undefined;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Its reverse DNS lookup of 127.0.0.1 alone took 150 ms a connection here.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refusal) {
          refusedCount++;
          const err = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = headersOf(raw);
        let parsed: Promise<ParsedMail> | undefined;
        const message: SinkMessage = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          headers,
          subject: decodeWords(headers.subject ?? ""),
          at: 0,
          parse: () => {
            parsed ??= simpleParser(raw);
            return parsed;
          },
        };
        if (holding?.match(message)) {
          const { found } = holding;
          holding = undefined;
          found({ remotePort: session.remotePort, at: Date.now() });
          return; // never answered: its sender waits until it dies
        }
        if (stall?.match(message)) {
          if (stall.left <= 0) return; // never answered (stallAfter)
          stall.left--;
          if (stall.left === 0) stall.reached();
        }
        const accept = () => {
          message.at = Date.now();
          messages.push(message);
          for (const l of [...listeners]) l();
          callback();
        };
        if (opts.delayMs) setTimeout(accept, opts.delayMs);
        else accept();
      });
    },
  });
  // A killed sender's pooled connections are reset under the server: expected, anything else is kept.
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "ECONNRESET") errors.push(err);
  });
  // As a real MTA does (Postfix sets TCP_NODELAY): replies do not wait on the peer's delayed ACK.
  server.server.on("connection", (socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  function waitFor(count: number, match: (m: SinkMessage) => boolean = () => true, timeoutMs = 30_000, what = `${count} message(s)`): Promise<SinkMessage[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const got = messages.filter(match);
        if (got.length < count) return false;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(got);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`the SMTP sink did not receive ${what} within ${timeoutMs} ms (${messages.filter(match).length} matching of ${messages.length})`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  }

  function hold(match: (m: SinkMessage) => boolean, timeoutMs = 30_000): Promise<{ remotePort: number; at: number }> {
    if (holding) throw new Error("the SMTP sink holds one message at a time");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        holding = undefined;
        reject(new Error(`no message to hold reached the SMTP sink within ${timeoutMs} ms`));
      }, timeoutMs);
      holding = {
        match,
        found: (h) => {
          clearTimeout(timer);
          resolve(h);
        },
      };
    });
  }

  function stallAfter(count: number, match: (m: SinkMessage) => boolean, timeoutMs = 60_000): Promise<void> {
    if (stall) throw new Error("the SMTP sink stalls one stream at a time");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the SMTP sink did not accept ${count} message(s) to stall after within ${timeoutMs} ms`)), timeoutMs);
      stall = {
        match,
        left: count,
        reached: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  return {
    port,
    url: (query) => `smtp://127.0.0.1:${port}/${query ? `?${query}` : ""}`,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    errors,
    waitFor,
    hold,
    stallAfter,
    unstall: () => {
      stall = undefined;
    },
    refuse: (reply) => {
      refusal = reply;
    },
    refused: () => refusedCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
