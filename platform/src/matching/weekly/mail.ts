import type { Ctx } from "../../context.ts";
import { withTx } from "../../db/client.ts";
import { accessDenied } from "../../lib/errors.ts";
import { queueMail, queueMails } from "../../mail/service.ts";
import { meetingProposeQueue } from "../../meetings/index.ts";
import { notify } from "../../notifications/index.ts";
import type { ContactCard } from "../../mail/templates.ts";
import { type Viewer, visibleContacts } from "../../participant/privacy.ts";
import type { Lang, Tenant } from "../../tenancy/schema.ts";
import { type MatchReason, renderReasons, renderRecommendationWhy } from "../engine/index.ts";
import { type MemberInputRow, listMemberInputs } from "./input-queries.ts";
import { findResultForMail, listFollowupDue, markFollowupsSent } from "./queries.ts";
import { addDays, localTime } from "./week.ts";

/** Mail of the weekly matching is sent by jobs (and operators replaying them), never by members. */
function requireSystem(ctx: Ctx): void {
  if (ctx.actor.kind !== "system" && ctx.actor.kind !== "operator") throw accessDenied();
}

function langOf(m: MemberInputRow, tenant: Tenant): Lang {
  return m.language ?? m.preferredLang ?? tenant.config.lang;
}

const fullName = (m: MemberInputRow) => `${m.firstName} ${m.lastName}`.trim();

function canReceive(m: MemberInputRow | undefined): m is MemberInputRow & { email: string } {
  return m !== undefined && !m.deleted && m.email !== null;
}

function absoluteUrl(tenant: Tenant, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${tenant.url}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** The contact's card as the recipient may see it: contacts filtered by THE privacy rule. */
function contactCard(tenant: Tenant, recipient: MemberInputRow, contact: MemberInputRow): ContactCard {
  const viewer: Viewer = {
    kind: "user",
    userId: recipient.userId,
    isOperator: false,
    participant: { id: recipient.id, role: recipient.role, confirmed: recipient.moderationStatus === "confirmed", profileComplete: recipient.profileComplete },
  };
  const view = visibleContacts(
    viewer,
    { id: contact.id, communityId: tenant.id, contacts: contact.contacts, phone: contact.phone, privacy: contact.privacy, hiddenContacts: contact.hiddenContacts },
    tenant,
  );
  const contacts = Object.entries(view.contacts).map(([label, value]) => ({ label, value: String(value) }));
  if (view.phone && !view.contacts.PHONE) contacts.push({ label: "PHONE", value: view.phone });
  const sizes = (contact.avatar as { sizes?: Record<string, unknown> } | null)?.sizes;
  const avatar = sizes?.["256"];
  const headline = [contact.position, contact.company].filter((x): x is string => Boolean(x?.trim())).join(", ");
  return {
    name: fullName(contact),
    headline: headline || null,
    avatarUrl: typeof avatar === "string" ? absoluteUrl(tenant, avatar) : null,
    contacts,
    hasHiddenContacts: view.hasHiddenContacts,
  };
}

export const weeklyDedupeKey = (communityId: string, week: string, participantId: string) => `weekly:${communityId}:${week}:${participantId}`;
export const reminderDedupeKey = (communityId: string, week: string, participantId: string) => `reminder:${communityId}:${week}:${participantId}`;
export const followupDedupeKey = (communityId: string, resultId: string) => `followup:${communityId}:${resultId}`;

/**
 * Queues the Tuesday e-mail of one matching result. The dedupe key (community, week, member)
 * makes a rerun or a retry after a crash a no-op, and the outbox row and its delivery job commit
 * together, so an e-mail is neither lost nor doubled.
 */
export async function sendWeeklyMail(ctx: Ctx, input: { resultId: string }): Promise<{ queued: boolean }> {
  requireSystem(ctx);
  const tenant = ctx.tenant;
  const r = await findResultForMail(ctx.db, tenant.id, input.resultId);
  if (!r?.week) return { queued: false };
  const members = await listMemberInputs(ctx.db, tenant.id, r.week, [r.participantId, r.subjectId]);
  const recipient = members.find((m) => m.id === r.participantId);
  const contact = members.find((m) => m.id === r.subjectId);
  if (!canReceive(recipient) || !contact) return { queued: false };
  const lang = langOf(recipient, tenant);
  const reasons = renderReasons((r.reasons ?? []) as MatchReason[], { lang, viewer: recipient.id === r.low ? "a" : "b", partnerGender: null });
  const why = r.source === "ODD_OUT" ? r.breakdown?.recommendation?.why : undefined;
  // The in-app twin of the e-mail; its dedupe key makes a rerun of this job store nothing twice.
  await notify(ctx.db, ctx.deps.bus, {
    communityId: tenant.id,
    participantId: recipient.id,
    type: "MATCH_OF_THE_WEEK",
    data: { matchingResultId: r.id, subjectId: contact.id, week: r.week },
    dedupeKey: `match:${r.id}`,
  });
  // The weekly match connects the two: meeting times are proposed to them (once per pair: the
  // partner's mail enqueues it too, and the pair's open meeting makes that a no-op).
  if (r.source === "WEEKLY" && ctx.tenant.config.meetings?.enabled) {
    await ctx.deps.jobs.send(
      meetingProposeQueue,
      { communityId: tenant.id, a: r.participantId, b: r.subjectId, source: "WEEKLY", matchId: r.matchId, introId: null },
      { db: ctx.db, singletonKey: `meeting-propose:match:${r.matchId}` },
    );
  }
  await queueMail(ctx, {
    to: recipient.email,
    template: "weekly_match",
    lang,
    vars: {
      name: recipient.firstName || fullName(recipient),
      contact: contactCard(tenant, recipient, contact),
      reasons,
      ...(why ? { why: renderRecommendationWhy(why, lang) } : {}),
      link: `${tenant.url}/my_communities?match=${r.id}`,
    },
    dedupeKey: weeklyDedupeKey(tenant.id, r.week, recipient.id),
  });
  return { queued: true };
}

/** Who gets the weekly e-mails: confirmed, complete, networking, not deleted; paused ones are left out. */
function isActiveForWeek(m: MemberInputRow): boolean {
  return m.moderationStatus === "confirmed" && m.networkingEnabled && m.profileEnabled && m.profileComplete && !m.deleted && !m.paused;
}

/** Reminders or follow-ups queued in one transaction (queueMails). */
const MAILS_PER_TRANSACTION = 1_000;

/** The day-before e-mail: "tomorrow you get a new contact; skip this week?", once per member and week. */
export async function sendWeeklyReminders(ctx: Ctx, input: { week: string }): Promise<{ queued: number }> {
  requireSystem(ctx);
  const tenant = ctx.tenant;
  const members = (await listMemberInputs(ctx.db, tenant.id, input.week)).filter((m): m is MemberInputRow & { email: string } => isActiveForWeek(m) && canReceive(m));
  // 1,000 mails a transaction (queueMails: two statements), not three statements a mail: at 100k
  // members the job took 147 s. A retried job stores nothing twice (the dedupe key).
  for (let i = 0; i < members.length; i += MAILS_PER_TRANSACTION) {
    await queueMails(
      ctx,
      members.slice(i, i + MAILS_PER_TRANSACTION).map((m) => ({
        to: m.email,
        template: "weekly_reminder" as const,
        lang: langOf(m, tenant),
        vars: { name: m.firstName || fullName(m), week: input.week, skipLink: `${tenant.url}/my_communities?skip=${input.week}` },
        dedupeKey: reminderDedupeKey(tenant.id, input.week, m.id),
      })),
    );
  }
  return { queued: members.length };
}

/** Follow-ups go out for matches of the weeks between 7 and 28 days ago (older ones are left alone). */
const FOLLOWUP_AFTER_DAYS = 7;
const FOLLOWUP_WINDOW_DAYS = 28;

/**
 * "Did you meet X?" a week after a weekly match, once per result: the result is marked in the
 * same transaction that queues the e-mail.
 */
export async function sendMeetingFollowups(ctx: Ctx, input: { now?: Date }): Promise<{ queued: number }> {
  requireSystem(ctx);
  const tenant = ctx.tenant;
  const today = localTime(input.now ?? new Date(), tenant.config.timeZone).date;
  const due = await listFollowupDue(ctx.db, tenant.id, addDays(today, -FOLLOWUP_WINDOW_DAYS), addDays(today, -FOLLOWUP_AFTER_DAYS));
  if (due.length === 0) return { queued: 0 };
  const ids = [...new Set(due.flatMap((d) => [d.participantId, d.subjectId]))];
  const byId = new Map((await listMemberInputs(ctx.db, tenant.id, today, ids)).map((m) => [m.id, m]));
  let queued = 0;
  // 1,000 results a transaction: marked and their mails queued together (queueMails), not a
  // transaction of three statements each.
  for (let i = 0; i < due.length; i += MAILS_PER_TRANSACTION) {
    const batch = due.slice(i, i + MAILS_PER_TRANSACTION);
    queued += await withTx(ctx.db, async (tx) => {
      const marked = await markFollowupsSent(tx, tenant.id, batch.map((d) => d.id));
      const mails = [];
      for (const d of batch) {
        const recipient = byId.get(d.participantId);
        const contact = byId.get(d.subjectId);
        if (!marked.has(d.id) || !canReceive(recipient) || !contact) continue;
        const link = `${tenant.url}/contacts?feedback=${d.id}`;
        mails.push({
          to: recipient.email,
          template: "meeting_followup" as const,
          lang: langOf(recipient, tenant),
          vars: {
            name: recipient.firstName || fullName(recipient),
            contactName: fullName(contact),
            ratingLinks: [1, 2, 3, 4, 5].map((score) => ({ score, link: `${link}&score=${score}` })),
            noMeetingLink: `${link}&noMeeting=1`,
          },
          dedupeKey: followupDedupeKey(tenant.id, d.id),
        });
      }
      if (mails.length > 0) await queueMails({ ...ctx, db: tx }, mails);
      return mails.length;
    });
  }
  return { queued };
}
