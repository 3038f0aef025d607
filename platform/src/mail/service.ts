import { requireOperator } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { withTx } from "../db/client.ts";
import type { Lang } from "../tenancy/schema.ts";
import { insertOutboxMany, listOutbox, type MailAttachment, type OutboxRow } from "./queries.ts";
import { MAILS_PER_JOB, mailSendJob } from "./send-job.ts";
import { mailSendLanes } from "./transport.ts";
import { type RenderedMail, type TemplateName, type TemplateVars, renderMail } from "./templates.ts";

export type QueueMailInput<N extends TemplateName> = {
  to: string;
  template: N;
  lang: Lang;
  vars: TemplateVars[N];
  /** Same key, same mail: a retried caller never queues it twice. */
  dedupeKey?: string;
  /** Files sent with the mail (small text files such as an event's .ics). */
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

/**
 * Renders a mail in the tenant's branding, stores it in the outbox and enqueues its delivery in
 * the same transaction, so a crash either loses both or keeps both (and the job sends it).
 * queueMails of one.
 */
export async function queueMail<N extends TemplateName>(ctx: Pick<Ctx, "db" | "tenant" | "deps">, input: QueueMailInput<N>): Promise<string> {
  const [id] = await queueMails(ctx, [input]);
  if (!id) throw new Error("outbox row vanished");
  return id;
}

/**
 * queueMail for many mails at once (a mailing's chunk): rendered here, stored with one statement
 * and their delivery jobs enqueued with another, in the same transaction. A mail whose dedupe key
 * is stored already is neither stored nor enqueued again; returns each one's outbox id in the
 * order given.
 */
export async function queueMails<N extends TemplateName>(
  ctx: Pick<Ctx, "db" | "tenant" | "deps">,
  inputs: (QueueMailInput<N> & { rendered?: RenderedMail })[],
): Promise<string[]> {
  const from = `${ctx.tenant.config.brandConfig.title} <${ctx.tenant.config.senderEmail}>`;
  const rows = inputs.map((input) => {
    // `rendered`: the caller rendered it already (a mailing renders once per language).
    const rendered = input.rendered ?? renderMail(ctx.tenant, input.lang, input.template, input.vars);
    return {
      communityId: ctx.tenant.id,
      toEmail: input.to,
      fromEmail: from,
      template: input.template,
      lang: input.lang,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      dedupeKey: input.dedupeKey ?? null,
      attachments: input.attachments,
      headers: input.headers ?? {},
    };
  });
  return withTx(ctx.db, async (tx) => {
    const stored = await insertOutboxMany(tx, rows);
    await ctx.deps.jobs.sendMany(mailSendJob, deliveryJobs(ctx.tenant.id, stored.filter((r) => r.inserted).map((r) => r.id), mailSendLanes(ctx.deps.config.smtpUrl)), { db: tx });
    return stored.map((r) => r.id);
  });
}

/**
 * The delivery jobs of freshly stored mails: one for a single mail (`mailId`), else groups of up to
 * MAILS_PER_JOB (`mailIds`), as many groups as the process has send lanes at least, so a small
 * batch still goes out over every SMTP connection.
 */
function deliveryJobs(communityId: string, ids: string[], lanes: number): { communityId: string; mailId?: string; mailIds?: string[] }[] {
  if (ids.length === 1) return [{ communityId, mailId: ids[0] as string }];
  const size = Math.max(1, Math.min(MAILS_PER_JOB, Math.ceil(ids.length / lanes)));
  const jobs: { communityId: string; mailIds: string[] }[] = [];
  for (let i = 0; i < ids.length; i += size) jobs.push({ communityId, mailIds: ids.slice(i, i + size) });
  return jobs;
}

/** The outbox, newest first: operators only (the CLI's `tuesday mail list`). Lists every community unless one is named. */
export async function listMail(
  ctx: Pick<Ctx, "actor" | "db">,
  filter: { communityId?: string | undefined; to?: string | undefined; limit?: number | undefined },
): Promise<OutboxRow[]> {
  requireOperator(ctx);
  return listOutbox(ctx.db, { communityId: filter.communityId, to: filter.to, limit: Math.min(Math.max(filter.limit ?? 20, 1), 500) });
}
