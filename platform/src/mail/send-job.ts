import { z } from "zod";
import type { Db } from "../db/client.ts";
import type { JobDef } from "../jobs/define.ts";
import { mailFailed, mailSent } from "../lib/metrics.ts";
import { claimOutboxRows, type MailAttachment, markAttemptFailed, markSent, type OutboxRow, unlockOutboxRows, unsentOf } from "./queries.ts";
import { type MailTransport, mailSendLanes, mailTransport } from "./transport.ts";

/** The row is locked by another worker: retried later, until it is found sent. */
class BusyRow extends Error {
  constructor() {
    super("mail is being sent by another worker; retrying");
  }
}

/**
 * Mails per delivery job when many are queued at once (a mailing's chunk): one pg-boss job row
 * written, fetched and completed per this many mails instead of per mail (pg-boss's three writes
 * per job were as many as the outbox's own per mail), and one statement claims them all.
 */
export const MAILS_PER_JOB = 8;

/**
 * A job starts no further mail after this long: the rest wait for its retry (pg-boss expires a job
 * after expireInSeconds, and a retry of a job that is still running only finds its rows busy).
 */
const JOB_BUDGET_MS = 10_000;

/** `mailId`: one mail (and jobs queued before jobs carried several); `mailIds`: up to MAILS_PER_JOB. */
const MailSendSchema = z.object({
  communityId: z.string(),
  mailId: z.string().uuid().optional(),
  mailIds: z.array(z.string().uuid()).max(100).optional(),
});

/**
 * Delivers outbox rows. One statement claims the job's unsent rows on a connection of its own
 * (claimOutboxRows: a session lock per row, the least tried first), then each mail is sent and at
 * once marked sent in a statement of its own, so a process killed between the SMTP server's
 * acceptance and that mark delivers at most the one mail in hand again. Idempotent: a sent row is
 * skipped, and a row another worker holds makes the job retry until it is found sent. A mail that
 * fails does not hold back the others of its job; the job then fails, and its retry sends what is
 * still unsent, the mails tried least often first.
 */
export const mailSendJob: JobDef<typeof MailSendSchema> = {
  name: "mail.send",
  schema: MailSendSchema,
  // 5 s doubling (pg-boss backoff): about 85 minutes of attempts through an SMTP outage.
  retryLimit: 10,
  retryDelaySeconds: 5,
  // A mail whose process died is sent again within a minute (expiry 20 s, found by maintenance
  // within 15 s, the retry 5 s later; the dead process's connection, and so its claims, ended with
  // it). A send that is alive but slower than 20 s is safe: its connection keeps its rows claimed
  // until they are marked sent, so the retry finds them busy (BusyRow) and waits; nobody gets one twice.
  expireInSeconds: 20,
  // Two mails in hand per SMTP connection (mailSendLanes): one is sent while the other's row is
  // claimed or marked sent.
  concurrency: (deps) => mailSendLanes(deps.config.smtpUrl),
  // Two jobs (up to 2 x MAILS_PER_JOB mails) per lane and fetch: a lane that finishes early takes
  // the next job of the batch, and a batch is done well within the jobs' expiry.
  laneBatch: 2,
  handle: async (deps, data) => {
    const ids = data.mailIds ?? (data.mailId ? [data.mailId] : []);
    if (ids.length === 0) return;
    const transport = mailTransport(deps.config.smtpUrl);
    const started = Date.now();
    let failure: Error | undefined;
    const conn = await deps.db.reserve();
    try {
      const rows = await claimOutboxRows(conn, ids);
      if (rows.length < ids.length) {
        // Sent already, or another worker holds them right now: if that one dies before marking
        // them sent they are unsent again, so this job retries until it finds them sent.
        const claimed = new Set(rows.map((r) => r.id));
        if ((await unsentOf(conn, ids.filter((id) => !claimed.has(id)))).length > 0) failure = new BusyRow();
      }
      for (const row of rows) {
        if (Date.now() - started > JOB_BUDGET_MS) {
          if (!failure || failure instanceof BusyRow) failure = new Error("mail job out of time; the rest is sent by its retry");
          break;
        }
        const outcome = await sendOne(conn, transport, row);
        // A real failure is what the job reports; a busy row only makes it retry.
        if (outcome instanceof Error && (!failure || failure instanceof BusyRow)) failure = outcome;
      }
    } finally {
      // The claims end here (rows not reached go to the retry); a broken connection ended them already.
      await unlockOutboxRows(conn).catch(() => {});
      conn.release();
    }
    if (failure) throw failure;
  },
};

/** One claimed outbox row: sent (true), or the error that kept it unsent. */
async function sendOne(conn: Db, transport: MailTransport, row: OutboxRow): Promise<true | Error> {
  try {
    const info = await transport.transporter.sendMail({
      from: row.fromEmail,
      to: row.toEmail,
      subject: row.subject,
      html: row.html,
      text: row.text,
      ...(row.attachments?.length ? { attachments: row.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
      // An invitation (iTIP REQUEST / CANCEL) also goes as the text/calendar alternative part,
      // which is what Gmail, Outlook and Apple Mail offer to add to the calendar.
      ...invitationPart(row.attachments),
      headers: { ...row.headers, "X-Tuesday-Mail-Id": row.id },
    });
    await markSent(conn, row.id, transport.name, (info as { messageId?: string }).messageId ?? null);
    mailSent.inc();
    return true;
  } catch (err) {
    mailFailed.inc();
    await markAttemptFailed(conn, row.id, err instanceof Error ? err.message : String(err));
    return err instanceof Error ? err : new Error(String(err));
  }
}

function invitationPart(attachments: readonly MailAttachment[] | null): { icalEvent?: { method: string; content: string } } {
  const invite = attachments?.find((a) => /^text\/calendar\b.*\bmethod=(REQUEST|CANCEL)\b/i.test(a.contentType));
  const method = invite?.contentType.match(/method=(REQUEST|CANCEL)/i)?.[1];
  return invite && method ? { icalEvent: { method: method.toUpperCase(), content: invite.content } } : {};
}
