import nodemailer, { type Transporter } from "nodemailer";

export type MailTransport = { name: "smtp" | "outbox"; transporter: Transporter };

const cache = new Map<string, MailTransport>();

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
      ? { name: "smtp", transporter: nodemailer.createTransport(smtpUrl) }
      : { name: "outbox", transporter: nodemailer.createTransport({ jsonTransport: true }) };
    cache.set(key, t);
  }
  return t;
}
