/**
 * E-mails about a member's participation, in the member's language: confirmed (with the .ics),
 * pending approval, awaiting payment, on the waitlist, approved, rejected, a place opened up, the
 * reminder the day before, the event's new time or place (with the updated .ics) and its
 * cancellation (with an .ics that takes it out of the calendar). Queued in the transaction of the
 * change that caused them.
 */
import type { Ctx } from "../context.ts";
import { textsFor } from "../i18n/texts.ts";
import { queueMails } from "../mail/service.ts";
import { langIn } from "../members/index.ts";
import { listMemberCards } from "../participant/queries.ts";
import type { Lang } from "../tenancy/schema.ts";
import { buildIcs, eventUrl, locationLine } from "./calendar.ts";
import type { EventRow, ParticipationRow } from "./queries.ts";
import { visibleLocation } from "./view.ts";

export type ParticipationMail = "confirmed" | "pending" | "payment" | "waitlist" | "approved" | "rejected" | "promoted" | "reminder" | "changed" | "cancelled";

type Facts = { name: string; title: string; when: string; where: string; paymentLink: string | null; position: number | null };

/** The mail's subject, paragraphs and button for each kind, from the server catalogue. */
function participationText(lang: Lang, kind: ParticipationMail, f: Facts): { subject: string; paragraphs: string[]; action: string } {
  const t = textsFor(lang);
  const v = { name: f.name, event: f.title };
  const calendar = t("mail.event.calendarAttached");
  switch (kind) {
    case "confirmed":
      return { subject: t("mail.event.confirmedSubject", v), paragraphs: [t("mail.event.confirmedBody", v), f.when, f.where, calendar], action: t("mail.event.open") };
    case "approved":
      return { subject: t("mail.event.approvedSubject", v), paragraphs: [t("mail.event.approvedBody", v), f.when, f.where, calendar], action: t("mail.event.open") };
    case "promoted":
      return { subject: t("mail.event.promotedSubject", v), paragraphs: [t("mail.event.promotedBody", v), f.when, f.where, calendar], action: t("mail.event.open") };
    case "pending":
      return { subject: t("mail.event.pendingSubject", v), paragraphs: [t("mail.event.pendingBody", v), f.when], action: t("mail.event.open") };
    case "payment":
      return {
        subject: t("mail.event.paymentSubject", v),
        paragraphs: [t("mail.event.paymentBody", { ...v, link: f.paymentLink ?? undefined, context: f.paymentLink ? "link" : undefined }), f.when],
        action: t("mail.event.open"),
      };
    case "waitlist":
      return {
        subject: t("mail.event.waitlistSubject", v),
        paragraphs: [t("mail.event.waitlistBody", { ...v, position: f.position ?? undefined, context: f.position ? "position" : undefined }), f.when],
        action: t("mail.event.open"),
      };
    case "rejected":
      return { subject: t("mail.event.rejectedSubject", v), paragraphs: [t("mail.event.rejectedBody", v)], action: t("mail.event.others") };
    case "reminder":
      return { subject: t("mail.event.reminderSubject", v), paragraphs: [t("mail.event.reminderBody", v), f.when, f.where], action: t("mail.event.open") };
    case "changed":
      return { subject: t("mail.event.changedSubject", v), paragraphs: [t("mail.event.changedBody", v), f.when, f.where], action: t("mail.event.open") };
    case "cancelled":
      return { subject: t("mail.event.cancelledSubject", v), paragraphs: [t("mail.event.cancelledBody", v), f.when], action: t("mail.event.others") };
  }
}

const WITH_CALENDAR: ReadonlySet<ParticipationMail> = new Set(["confirmed", "approved", "promoted", "reminder", "changed", "cancelled"]);

function whenLine(e: EventRow, lang: Lang): string {
  const locale = lang === "ru" ? "ru-RU" : "en-GB";
  const day = new Intl.DateTimeFormat(locale, { timeZone: e.timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(e.startsAt);
  const time = (d: Date) => new Intl.DateTimeFormat(locale, { timeZone: e.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
  const span = e.endTime ? `${time(e.startsAt)}–${time(e.endsAt)}` : time(e.startsAt);
  return `${day}, ${span} (${e.timeZone})`;
}

/**
 * Queues one participation mail to the member through `ctx.db` (the change's transaction).
 * `dedupeKey` makes a retried change, or a rerun job, queue it once.
 */
export async function mailParticipant(
  ctx: Ctx,
  e: EventRow,
  row: ParticipationRow,
  kind: ParticipationMail,
  opts: { dedupeKey: string; position?: number | null },
): Promise<void> {
  await mailParticipants(ctx, e, [row], kind, () => opts.dedupeKey, opts.position ?? null);
}

/**
 * One participation mail of `kind` to each of `rows`' members, through `ctx.db` (the change's
 * transaction): their cards read in one query and the mails stored in one statement (a changed or
 * cancelled event's thousands of attendees). `dedupeKey` gives each member's key.
 */
export async function mailParticipants(
  ctx: Ctx,
  e: EventRow,
  rows: readonly ParticipationRow[],
  kind: ParticipationMail,
  dedupeKey: (row: ParticipationRow) => string,
  position: number | null = null,
): Promise<void> {
  const cards = new Map((await listMemberCards(ctx.db, ctx.tenant.id, rows.map((r) => r.participantId))).map((c) => [c.id, c]));
  const mails = [];
  for (const row of rows) {
    const member = cards.get(row.participantId);
    if (!member?.email) continue;
    const lang = langIn(ctx, member.lang);
    const t = e.translations[lang];
    const title = t?.title || e.title;
    const description = t?.description || e.description;
    const location = visibleLocation(e, { organizer: false, participantId: row.participantId, participation: row });
    const confirmed = row.status === "CONFIRMED";
    const where = e.type === "ONLINE" ? textsFor(lang)("mail.event.online") : locationLine(location);
    const text = participationText(lang, kind, { name: member.firstName || member.lastName || "", title, when: whenLine(e, lang), where, paymentLink: e.paymentLink, position });
    const attach = WITH_CALENDAR.has(kind) && confirmed;
    const cancel = kind === "cancelled";
    // The kinds before these name their file in their own text; these have one for confirmed members only.
    if (attach && (kind === "changed" || cancel)) text.paragraphs.push(textsFor(lang)(cancel ? "mail.event.calendarCancel" : "mail.event.calendarAttached"));
    mails.push({
      to: member.email,
      template: "notice" as const,
      lang,
      vars: {
        title: text.subject,
        paragraphs: text.paragraphs.filter(Boolean),
        action: { label: text.action, link: kind === "rejected" || cancel ? `${ctx.tenant.url}/events` : eventUrl(ctx.tenant, e) },
      },
      dedupeKey: dedupeKey(row),
      ...(attach
        ? {
            attachments: [
              {
                filename: `${e.slug}.ics`,
                contentType: `text/calendar; charset=utf-8; method=${cancel ? "CANCEL" : "PUBLISH"}`,
                content: buildIcs(ctx.tenant, e, { title, description, location, onlineLink: confirmed ? e.onlineLink : null }, { cancel }),
              },
            ],
          }
        : {}),
    });
  }
  if (mails.length > 0) await queueMails(ctx, mails);
}
