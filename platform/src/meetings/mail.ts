/**
 * Meeting e-mails, each in the recipient's language and time zone: times to pick, a time to
 * confirm, booked (with the REQUEST invitation), moved, cancelled (with the CANCEL), and the
 * reminders. Queued in the transaction of the change that caused them.
 */
import type { Ctx } from "../context.ts";
import { type TextKey, textsFor } from "../i18n/texts.ts";
import { queueMail } from "../mail/service.ts";
import type { Lang } from "../tenancy/schema.ts";
import { buildMeetingIcs, type InvitePerson } from "./calendar.ts";

export type MeetingMail = "proposed" | "picked" | "confirmed" | "moved" | "cancelled" | "reminder_day" | "reminder_soon";

/** `name` greets the recipient (the first name); `fullName` names them to the other member. */
export type Recipient = { id: string; email: string | null; name: string; fullName: string; lang: Lang; timeZone: string };

type Facts = { name: string; other: string; when: string; slots: string[]; where: string | null; note: string | null };

/** Kinds whose mail ends with a line of its own (what to do, what is attached). */
const WITH_TAIL: ReadonlySet<MeetingMail> = new Set(["proposed", "picked", "confirmed", "moved", "cancelled"]);

/** The mail's texts from the server catalogues (i18n/), in the recipient's language. */
function meetingText(lang: Lang, kind: MeetingMail, f: Facts): { subject: string; paragraphs: string[]; action: string } {
  const t = textsFor(lang);
  const vars = { name: f.name, other: f.other };
  const key = `mail.meeting.${kind}` as const;
  const middle =
    kind === "proposed" ? f.slots : kind === "picked" ? [f.when] : kind === "cancelled" ? [f.when, f.note ? t("mail.meeting.note", { note: f.note }) : ""] : [f.when, f.where ?? ""];
  const tail = WITH_TAIL.has(kind) ? [t(`${key}.tail` as TextKey)] : [];
  return { subject: t(`${key}.subject`, vars), paragraphs: [t(`${key}.lead`, vars), ...middle, ...tail], action: t(`${key}.action`) };
}

/** The calendar entry's title: "Meeting: Anna Alpha · Boris Beta". */
export function meetingSummary(lang: Lang, a: string, b: string): string {
  return `${textsFor(lang)("mail.meeting.summary")}: ${a} · ${b}`;
}

/** "Tuesday 3 December 2026, 10:00–10:30 (Europe/Berlin)" in the recipient's language and zone. */
export function whenLine(startsAt: Date, endsAt: Date, lang: Lang, timeZone: string): string {
  const locale = lang === "ru" ? "ru-RU" : "en-GB";
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(startsAt);
  const time = (d: Date) => new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
  return `${day}, ${time(startsAt)}–${time(endsAt)} (${timeZone})`;
}

/** Queues one meeting mail to `to` (inside the change's transaction, `ctx.db`). */
export async function mailMeeting(
  ctx: Ctx,
  kind: MeetingMail,
  to: Recipient,
  other: Recipient,
  m: {
    id: string;
    startsAt: Date | null;
    endsAt: Date | null;
    slots: readonly { startsAt: Date; endsAt: Date }[];
    location: string | null;
    note: string | null;
    sequence: number;
    attendees: readonly InvitePerson[];
  },
  dedupeKey: string,
): Promise<void> {
  if (!to.email) return;
  const link = `${ctx.tenant.url}/meetings?meeting=${m.id}`;
  const when = m.startsAt && m.endsAt ? whenLine(m.startsAt, m.endsAt, to.lang, to.timeZone) : "";
  const text = meetingText(to.lang, kind, {
    name: to.name,
    other: other.fullName,
    when,
    slots: m.slots.map((s) => `• ${whenLine(s.startsAt, s.endsAt, to.lang, to.timeZone)}`),
    where: m.location,
    note: m.note,
  });
  const invite = kind === "confirmed" || kind === "moved" || kind === "cancelled";
  await queueMail(ctx, {
    to: to.email,
    template: "notice",
    lang: to.lang,
    vars: { title: text.subject, paragraphs: text.paragraphs.filter(Boolean), action: { label: text.action, link } },
    dedupeKey,
    ...(invite && m.startsAt && m.endsAt
      ? {
          attachments: [
            {
              filename: kind === "cancelled" ? "cancel.ics" : "invite.ics",
              contentType: `text/calendar; charset=utf-8; method=${kind === "cancelled" ? "CANCEL" : "REQUEST"}`,
              content: buildMeetingIcs(ctx.tenant, {
                id: m.id,
                startsAt: m.startsAt,
                endsAt: m.endsAt,
                sequence: m.sequence,
                summary: meetingSummary(to.lang, to.fullName, other.fullName),
                description: ctx.tenant.config.brandConfig.title,
                location: m.location,
                url: link,
                attendees: m.attendees,
                cancelled: kind === "cancelled",
              }),
            },
          ],
        }
      : {}),
  });
}
