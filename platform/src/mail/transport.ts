import nodemailer, { type Transporter } from "nodemailer";

export type MailTransport = { name: "smtp" | "outbox"; transporter: Transporter };

const cache = new Map<string, MailTransport>();

/** Milliseconds: no send waits longer on a silent SMTP server (nodemailer's own defaults are 2-10 minutes). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP_URL with bounded timeouts, unless the URL sets its own (nodemailer reads options from the query). */
export function smtpOptionsUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  return url.toString();
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
      ? { name: "smtp", transporter: nodemailer.createTransport(smtpOptionsUrl(smtpUrl)) }
      : { name: "outbox", transporter: nodemailer.createTransport({ jsonTransport: true }) };
    cache.set(key, t);
  }
  return t;
}
