import net from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";

export type MailTransport = { name: "smtp" | "outbox"; transporter: Transporter };

const cache = new Map<string, MailTransport>();

/** Milliseconds: no send waits longer on a silent SMTP server (nodemailer's own defaults are 2-10 minutes). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Parallel SMTP connections (and so sends) per process: nodemailer's pool queues the rest. Each
 * mail in hand also holds one database connection of the job pool while it runs (the outbox row
 * stays locked until the server accepted the mail): see mailSendLanes and the work pool's size.
 */
export const SMTP_MAX_CONNECTIONS = 3;

/**
 * SMTP_URL with pooled connections (kept open across mails: a new connection pays the server's
 * greeting, about 100 ms with smtp-server), at most SMTP_MAX_CONNECTIONS of them, each used for up
 * to 1,000 mails, and bounded timeouts; the URL's own query wins (`?pool=false` sends one mail per
 * connection; nodemailer reads its options from the query).
 */
export function smtpOptionsUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = { pool: "true", maxConnections: SMTP_MAX_CONNECTIONS, maxMessages: 1000, ...SMTP_TIMEOUTS };
  for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  return url.toString();
}

/** How many mails a process sends at once through SMTP_URL: its pool's connections (1 without a pool). */
export function smtpParallelSends(smtpUrl: string | undefined): number {
  if (!smtpUrl) return 1;
  const url = new URL(smtpOptionsUrl(smtpUrl));
  if (url.searchParams.get("pool") === "false") return 1;
  const n = Number(url.searchParams.get("maxConnections"));
  return Number.isInteger(n) && n > 0 ? Math.min(n, 16) : SMTP_MAX_CONNECTIONS;
}

/**
 * Mails one process has in hand at once: two per SMTP connection. Each send is followed by its
 * mark-sent statement (and each job of several mails starts with their claim); with one send per
 * connection, the connection idled through those database round trips (a quarter of raw
 * nodemailer's rate on a loaded machine). A second lane keeps it busy meanwhile; nodemailer's pool
 * queues the extra mail. A kill can deliver at most one mail per lane twice (accepted, not yet
 * marked sent).
 */
export function mailSendLanes(smtpUrl: string | undefined): number {
  return smtpParallelSends(smtpUrl) * 2;
}

/**
 * SMTP when SMTP_URL is set. Otherwise the dev outbox: nodemailer still builds the real MIME
 * message (jsonTransport), and the mail stays readable in the database, at /dev/mail and through
 * `tuesday mail list`.
 */
export function mailTransport(smtpUrl: string | undefined): MailTransport {
  const key = smtpUrl ?? "outbox";
  let t = cache.get(key);
  if (!t) {
    t = smtpUrl
      ? { name: "smtp", transporter: nodemailer.createTransport(smtpTransportOptions(smtpUrl)) }
      : { name: "outbox", transporter: nodemailer.createTransport({ jsonTransport: true }) };
    cache.set(key, t);
  }
  return t;
}

type SocketCallback = (err: Error | null, socketOptions?: { connection: net.Socket }) => void;

/**
 * nodemailer's `getSocket`: a TCP connection to the SMTP server with TCP_NODELAY. nodemailer
 * leaves Nagle's algorithm on, so a command written in pieces waits for the server's delayed ACK
 * (about 40 ms on Linux) every time: raw pooled nodemailer to a local smtp-server measured 62-66
 * mails/s with its own sockets and 324-351 with these (three connections). nodemailer speaks SMTP
 * on the connection handed over, and wraps it in TLS itself for smtps:// (port 465).
 */
export function smtpSocket(options: { host?: string; port?: number; connectionTimeout?: number }, callback: SocketCallback): void {
  const socket = net.connect({ host: options.host ?? "localhost", port: options.port ?? 25 });
  socket.setNoDelay(true);
  const timer = setTimeout(() => socket.destroy(new Error("Connection timeout")), options.connectionTimeout ?? SMTP_TIMEOUTS.connectionTimeout);
  const failed = (err: Error) => {
    clearTimeout(timer);
    callback(err);
  };
  socket.once("error", failed);
  socket.once("connect", () => {
    clearTimeout(timer);
    socket.off("error", failed);
    callback(null, { connection: socket });
  });
}

/** SMTP_URL's options (smtpOptionsUrl), connecting through smtpSocket. */
export function smtpTransportOptions(smtpUrl: string): ReturnType<typeof parseConnectionUrl> {
  return { ...parseConnectionUrl(smtpOptionsUrl(smtpUrl)), getSocket: smtpSocket } as ReturnType<typeof parseConnectionUrl>;
}
