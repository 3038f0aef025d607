import { z } from "zod";
import { withTx } from "../db/client.ts";
import type { JobDef } from "../jobs/define.ts";
import { mailFailed, mailSent } from "../lib/metrics.ts";
import { claimOutbox, isUnsent, type MailAttachment, markAttemptFailed, markSent } from "./queries.ts";
import { mailSendLanes, mailTransport } from "./transport.ts";

/** The row is locked by another worker: retried later, until it is found sent. */
class BusyRow extends Error {
  constructor() {
    super("mail is being sent by another worker; retrying");
  }
}

const MailSendSchema = z.object({ communityId: z.string(), mailId: z.string().uuid() });

/**
 * Delivers one outbox row. Idempotent: a sent row is skipped, and the row lock keeps two workers
 * from sending it at once.
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
  handle: async (deps, { mailId }) => {
    const transport = mailTransport(deps.config.smtpUrl);
    try {
      const sent = await withTx(deps.db, async (tx) => {
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
    } catch (err) {
      // Not an attempt of this job's: the row is left to its holder (no wait on its lock).
      if (err instanceof BusyRow) throw err;
      mailFailed.inc();
      await markAttemptFailed(deps.db, mailId, err instanceof Error ? err.message : String(err));
      throw err;
    }
  },
};

function invitationPart(attachments: readonly MailAttachment[] | null): { icalEvent?: { method: string; content: string } } {
  const invite = attachments?.find((a) => /^text\/calendar\b.*\bmethod=(REQUEST|CANCEL)\b/i.test(a.contentType));
  const method = invite?.contentType.match(/method=(REQUEST|CANCEL)/i)?.[1];
  return invite && method ? { icalEvent: { method: method.toUpperCase(), content: invite.content } } : {};
}
