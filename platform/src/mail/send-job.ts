import { z } from "zod";
import { type Db, withTx } from "../db/client.ts";
import type { JobDef } from "../jobs/define.ts";
import { mailFailed, mailSent } from "../lib/metrics.ts";
import { claimOutbox, isUnsent, type MailAttachment, markAttemptFailed, markSent, unsentInOrder } from "./queries.ts";
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
 * per job were as many as the outbox's own per mail). Each mail is still its own transaction.
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
 * Delivers outbox rows, each in its own transaction. Idempotent: a sent row is skipped, and the
 * row lock keeps two workers from sending it at once. A mail that fails does not hold back the
 * others of its job; the job then fails, and its retry sends what is still unsent, the mails tried
 * least often first.
 */
export const mailSendJob: JobDef<typeof MailSendSchema> = {
  name: "mail.send",
  schema: MailSendSchema,
  // 5 s doubling (pg-boss backoff): about 85 minutes of attempts through an SMTP outage.
  retryLimit: 10,
  retryDelaySeconds: 5,
  // A mail whose process died is sent again within a minute (expiry 20 s, found by maintenance
  // within 15 s, the retry 5 s later), not pg-boss's default 15 minutes. A send that is alive but
  // slower than 20 s is safe: it holds its outbox row's lock until it commits, so the retry finds
  // the row busy (BusyRow) and waits until it is sent; nobody gets it twice.
  expireInSeconds: 20,
  // Two mails in hand per SMTP connection (mailSendLanes): one is sent while the other's row is
  // claimed or marked sent.
  concurrency: (deps) => mailSendLanes(deps.config.smtpUrl),
  // Two jobs (up to 2 x MAILS_PER_JOB mails) per lane and fetch: a lane that finishes early takes
  // the next job of the batch, and a batch is done well within the jobs' expiry.
  laneBatch: 2,
  handle: async (deps, data) => {
    const ids = data.mailIds ?? (data.mailId ? [data.mailId] : []);
    const transport = mailTransport(deps.config.smtpUrl);
    if (ids.length === 1) {
      const [id] = ids as [string];
      const outcome = await sendOne(deps.db, transport, id);
      if (outcome instanceof Error) throw outcome;
      return;
    }
    const started = Date.now();
    let failure: Error | undefined;
    for (const id of await unsentInOrder(deps.db, ids)) {
      if (Date.now() - started > JOB_BUDGET_MS) {
        failure ??= new Error("mail job out of time; the rest is sent by its retry");
        break;
      }
      const outcome = await sendOne(deps.db, transport, id);
      // A real failure is what the job reports; a busy row only makes it retry.
      if (outcome instanceof Error && (!failure || failure instanceof BusyRow)) failure = outcome;
    }
    if (failure) throw failure;
  },
};

/** One outbox row: sent (true), found sent already (false), or the error that kept it unsent. */
async function sendOne(db: Db, transport: MailTransport, mailId: string): Promise<boolean | Error> {
  try {
    const sent = await withTx(db, async (tx) => {
      const row = await claimOutbox(tx, mailId);
      if (!row) {
        // Sent already, or another worker holds the row right now: if that one dies before its
        // commit the row is unsent again, so this job retries until it finds the row sent.
        if (await isUnsent(tx, mailId)) throw new BusyRow();
        return false;
      }
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
      await markSent(tx, row.id, transport.name, (info as { messageId?: string }).messageId ?? null);
      return true;
    });
    if (sent) mailSent.inc();
    return sent;
  } catch (err) {
    // Not an attempt of this job's: the row is left to its holder (no wait on its lock).
    if (err instanceof BusyRow) return err;
    mailFailed.inc();
    await markAttemptFailed(db, mailId, err instanceof Error ? err.message : String(err));
    return err instanceof Error ? err : new Error(String(err));
  }
}

function invitationPart(attachments: readonly MailAttachment[] | null): { icalEvent?: { method: string; content: string } } {
  const invite = attachments?.find((a) => /^text\/calendar\b.*\bmethod=(REQUEST|CANCEL)\b/i.test(a.contentType));
  const method = invite?.contentType.match(/method=(REQUEST|CANCEL)/i)?.[1];
  return invite && method ? { icalEvent: { method: method.toUpperCase(), content: invite.content } } : {};
}
