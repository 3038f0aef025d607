/**
 * Community mailings (spec 7, Community notify). An admin's mailing stores its audience as
 * recipient rows in one transaction with the job that sends it; the job then moves recipients in
 * chunks into the mail outbox (one outbox row per recipient, keyed `mailing:<id>:<participant>`),
 * so a crash at any point neither loses nor doubles a message. Each mail carries an RFC 8058
 * one-click unsubscribe link; later mailings leave unsubscribed members out.
 */
import { recordAudit } from "../audit/index.ts";
import { requireCommunityAdmin } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { type Db, withTx } from "../db/client.ts";
import { type AdminTopicBody, adminTopic, publishTopic } from "../realtime/topics.ts";
import { hashHex, randomToken } from "../lib/crypto.ts";
import { notFound, validation } from "../lib/errors.ts";
import { emitWebhook } from "../webhooks/index.ts";
import { queueMails } from "../mail/service.ts";
import { type RenderedMail, renderMail } from "../mail/templates.ts";
import { jobCtx } from "../jobs/context.ts";
import { runWeeklyPairing } from "../matching/weekly/service.ts";
import { comingTuesday } from "../matching/weekly/week.ts";
import type { Lang, Tenant } from "../tenancy/schema.ts";
import { mailingSendQueue } from "./jobs/send-queue.ts";
import {
  countAudience,
  findMailing,
  findMailingContent,
  findRecipientByUnsubscribeHash,
  hasPending,
  insertMailing,
  insertUnsubscribe,
  listMailings,
  lockPendingRecipients,
  type MailingRow,
  markMailingState,
  markRecipientsQueued,
  markRecipientsSkipped,
} from "./queries.ts";
import type { Mailing, MailingPreview, NotifyInput } from "./schemas.ts";

/**
 * Recipients moved to the outbox per job; the job re-enqueues itself for the next chunk. A chunk
 * is a handful of statements whatever its size (its outbox rows, their jobs and the recipients'
 * marks each in one), so most of its time is rendering the mails.
 */
export const MAILING_CHUNK = 500;

export function toMailing(r: MailingRow): Mailing {
  const finished = r.sent + r.failed + r.skipped;
  const percent = r.total === 0 ? 100 : Math.floor((finished * 100) / r.total);
  return {
    id: r.id,
    communityId: r.communityId,
    kind: r.kind,
    content: r.content,
    audience: r.audience,
    status: finished >= r.total ? "done" : finished > 0 ? "sending" : "queued",
    total: r.total,
    sent: r.sent,
    failed: r.failed,
    skipped: r.skipped,
    percent,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** The community's language is required; other languages must be ones the community offers. */
function checkContent(tenant: Tenant, content: NotifyInput["content"]): void {
  const { lang, langChoices } = tenant.config;
  if (!content[lang]) throw validation(`Invalid input: content.${lang}: the text in the community's language is required`, { [`content.${lang}`]: "Required" });
  for (const l of Object.keys(content) as Lang[]) {
    if (l !== lang && !langChoices.includes(l)) throw validation(`Invalid input: content.${l}: the community does not offer this language`, { [`content.${l}`]: "Not a language of the community" });
  }
}

/** The text a recipient reads: theirs, else the community's language. */
function textFor(tenant: Tenant, content: MailingRow["content"], lang: Lang): { lang: Lang; subject: string; body: string } {
  const own = content[lang];
  if (own) return { lang, ...own };
  const fallback = content[tenant.config.lang];
  if (!fallback) throw new Error("mailing without the community's language");
  return { lang: tenant.config.lang, ...fallback };
}

const paragraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** `<mailing.<id>.<participant>@<sender's domain>>`: stable across retries of the same recipient's mail. */
export const messageIdOf = (tenant: Tenant, mailingId: string, participantId: string) =>
  `<mailing.${mailingId}.${participantId}@${tenant.config.senderEmail.split("@").pop() ?? "localhost"}>`;

export const unsubscribeLink = (tenant: Tenant, token: string) => `${tenant.url}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;

/** How many members the audience reaches now, per language, and the mail as each language reads it. */
export async function previewMailing(ctx: Ctx, communityId: string, input: NotifyInput): Promise<MailingPreview> {
  await requireCommunityAdmin(ctx, communityId);
  checkContent(ctx.tenant, input.content);
  const counts = await countAudience(ctx.db, ctx.tenant.id, ctx.tenant.config.lang, input.audience);
  const rendered: MailingPreview["rendered"] = {};
  for (const l of Object.keys(input.content) as Lang[]) {
    const t = textFor(ctx.tenant, input.content, l);
    rendered[l] = renderMail(ctx.tenant, t.lang, "mailing", { title: t.subject, paragraphs: paragraphs(t.body), unsubscribeLink: unsubscribeLink(ctx.tenant, "preview") });
  }
  return { total: counts.reduce((s, c) => s + c.n, 0), byLang: Object.fromEntries(counts.map((c) => [c.lang, c.n])), rendered };
}

/** Starts a mailing: recipients fixed now, the send job queued in the same transaction. */
export async function notifyParticipants(ctx: Ctx, communityId: string, input: NotifyInput): Promise<Mailing> {
  await requireCommunityAdmin(ctx, communityId);
  checkContent(ctx.tenant, input.content);
  return withTx(ctx.db, async (tx) => {
    const id = await insertMailing(tx, {
      communityId: ctx.tenant.id,
      content: input.content as MailingRow["content"],
      audience: input.audience,
      createdBy: ctx.actor.kind === "user" ? ctx.actor.userId : null,
      defaultLang: ctx.tenant.config.lang,
    });
    await ctx.deps.jobs.send(mailingSendQueue, { communityId: ctx.tenant.id, mailingId: id }, { db: tx });
    const row = await findMailing(tx, ctx.tenant.id, id);
    if (!row) throw new Error("mailing vanished");
    await recordAudit(withDb(ctx, tx), { action: "mailing.send", target: { type: "mailing", id }, before: null, after: { content: input.content, audience: input.audience, total: row.total } });
    await announceMailing(ctx, tx, id);
    return toMailing(row);
  });
}

export async function getMailing(ctx: Ctx, communityId: string, mailingId: string): Promise<Mailing> {
  await requireCommunityAdmin(ctx, communityId);
  const row = await findMailing(ctx.db, ctx.tenant.id, mailingId);
  if (!row) throw notFound("Mailing not found");
  return toMailing(row);
}

export async function listCommunityMailings(ctx: Ctx, communityId: string): Promise<Mailing[]> {
  await requireCommunityAdmin(ctx, communityId);
  return (await listMailings(ctx.db, ctx.tenant.id, 100)).map(toMailing);
}

/**
 * One chunk of a mailing (the job's work): locks up to MAILING_CHUNK pending recipients, queues
 * each one's mail with its unsubscribe link, and re-enqueues the job when more are pending, all in
 * one transaction. Returns how many recipients it handled.
 */
export async function sendMailingChunk(ctx: Ctx, mailingId: string): Promise<number> {
  if (ctx.actor.kind !== "system" && ctx.actor.kind !== "operator") throw new Error("mailing chunks are sent by the job");
  return withTx(ctx.db, async (tx) => {
    const mailing = await findMailingContent(tx, ctx.tenant.id, mailingId);
    if (!mailing) return 0;
    const batch = await lockPendingRecipients(tx, ctx.tenant.id, mailingId, MAILING_CHUNK);
    const txCtx = withDb(ctx, tx);
    await markRecipientsSkipped(
      tx,
      ctx.tenant.id,
      mailingId,
      batch.filter((r) => r.unsubscribed).map((r) => r.participantId),
    );
    // Rendered once per language with a placeholder token (random, so no text can contain it),
    // then each recipient's own token put in: rendering every mail took most of a chunk's time.
    const placeholder = randomToken(24);
    const renderedByLang = new Map<Lang, RenderedMail>();
    const renderedFor = (t: { lang: Lang; subject: string; body: string }, token: string): RenderedMail => {
      let r = renderedByLang.get(t.lang);
      if (!r) {
        r = renderMail(ctx.tenant, t.lang, "mailing", { title: t.subject, paragraphs: paragraphs(t.body), unsubscribeLink: unsubscribeLink(ctx.tenant, placeholder) });
        renderedByLang.set(t.lang, r);
      }
      return { subject: r.subject.replaceAll(placeholder, token), html: r.html.replaceAll(placeholder, token), text: r.text.replaceAll(placeholder, token) };
    };
    const mails = batch
      .filter((r) => !r.unsubscribed)
      .map((r) => {
        const token = randomToken(24);
        const link = unsubscribeLink(ctx.tenant, token);
        const t = textFor(ctx.tenant, mailing.content, r.lang);
        return {
          participantId: r.participantId,
          unsubscribeHash: hashHex(token),
          mail: {
            to: r.email,
            template: "mailing" as const,
            lang: t.lang,
            vars: { title: t.subject, paragraphs: paragraphs(t.body), unsubscribeLink: link },
            rendered: renderedFor(t, token),
            dedupeKey: `mailing:${mailingId}:${r.participantId}`,
            headers: {
              "List-Unsubscribe": `<${link}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
              // One per recipient, the same on every attempt: a mail delivered again after a crash
              // between the SMTP server's acceptance and the commit is recognisable as the same one.
              "Message-ID": messageIdOf(ctx.tenant, mailingId, r.participantId),
            },
          },
        };
      });
    const outboxIds = await queueMails(txCtx, mails.map((m) => m.mail));
    await markRecipientsQueued(
      tx,
      ctx.tenant.id,
      mailingId,
      mails.map((m, i) => ({ participantId: m.participantId, outboxId: outboxIds[i] as string, unsubscribeHash: m.unsubscribeHash })),
    );
    if (await hasPending(tx, ctx.tenant.id, mailingId)) {
      await markMailingState(tx, mailingId, "sending");
      if (batch.length > 0) await ctx.deps.jobs.send(mailingSendQueue, { communityId: ctx.tenant.id, mailingId }, { db: tx });
    } else {
      await markMailingState(tx, mailingId, "done");
      // Once, when the last recipient's mail is queued (the counts are those known then).
      if (!mailing.finishedAt) {
        const progress = await findMailing(tx, ctx.tenant.id, mailingId);
        await emitWebhook(txCtx, "mailing.finished", { mailingId, status: "done", sent: progress?.sent ?? 0, failed: progress?.failed ?? 0 }, `mailing:${mailingId}`);
      }
    }
    // The console's open mailing screens read it again (once a chunk, not once a mail).
    if (batch.length > 0) await announceMailing(ctx, tx, mailingId);
    return batch.length;
  });
}

/** Tells the community's open consoles (adminTopic) that a mailing started or advanced, on commit. */
function announceMailing(ctx: Ctx, tx: Db, mailingId: string): Promise<void> {
  const body: AdminTopicBody = { type: "mailing", id: mailingId };
  return publishTopic(ctx.deps.bus, { communityId: ctx.tenant.id, topic: adminTopic(ctx.tenant.id), body }, tx);
}

/** RFC 8058 one-click unsubscribe (and the link's confirm button): the member gets no further mailings here. */
export async function unsubscribe(ctx: Ctx, token: string): Promise<{ ok: true; communityId: string }> {
  // A token of another community's mail is unknown here.
  const found = await findRecipientByUnsubscribeHash(ctx.db, ctx.tenant.id, hashHex(token));
  if (!found) throw notFound("Unknown or expired unsubscribe link");
  await insertUnsubscribe(ctx.db, found.communityId, found.userId);
  return { ok: true, communityId: found.communityId };
}

/**
 * Sends this week's recommendations now: the coming Tuesday's pairing is run (or read, when it ran)
 * and its e-mails queued; the outbox keys keep a member from getting them twice.
 */
export async function notifyRecommendedContacts(ctx: Ctx, communityId: string, opts: { week?: string | undefined } = {}): Promise<{ week: string; mailsQueued: number }> {
  await requireCommunityAdmin(ctx, communityId);
  const week = opts.week ?? comingTuesday(new Date(), ctx.tenant.config.timeZone);
  const report = await runWeeklyPairing(jobCtx(ctx.deps, ctx.tenant, "notify.recommended-contacts"), { communityId: ctx.tenant.id, week, mail: true });
  await withTx(ctx.db, (tx) =>
    recordAudit(withDb(ctx, tx), { action: "mailing.recommended_contacts", target: { type: "matching_week", id: week }, before: null, after: { mailsQueued: report.stored.mailsQueued } }),
  );
  return { week, mailsQueued: report.stored.mailsQueued };
}
