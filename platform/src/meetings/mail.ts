/**
 * Meeting e-mails, each in the recipient's language and time zone: times to pick, a time to
 * confirm, booked (with the REQUEST invitation), moved, cancelled (with the CANCEL), and the
 * reminders. Queued in the transaction of the change that caused them.
 */
import type { Ctx } from "../context.ts";
import { queueMail } from "../mail/service.ts";
import type { Lang } from "../tenancy/schema.ts";
import { buildMeetingIcs, type InvitePerson } from "./calendar.ts";

export type MeetingMail = "proposed" | "picked" | "confirmed" | "moved" | "cancelled" | "reminder_day" | "reminder_soon";

/** `name` greets the recipient (the first name); `fullName` names them to the other member. */
export type Recipient = { id: string; email: string | null; name: string; fullName: string; lang: Lang; timeZone: string };

type Facts = { name: string; other: string; when: string; slots: string[]; where: string | null; note: string | null };

const TEXT: Record<Lang, Record<MeetingMail, (f: Facts) => { subject: string; paragraphs: string[]; action: string }>> = {
  en: {
    proposed: (f) => ({
      subject: `Pick a time to meet ${f.other}`,
      paragraphs: [`Hi ${f.name}, here are times that suit you both for a 30-minute meeting with ${f.other}:`, ...f.slots, "Pick one, or ask for other times."],
      action: "Pick a time",
    }),
    picked: (f) => ({
      subject: `${f.other} picked a time to meet`,
      paragraphs: [`Hi ${f.name}, ${f.other} picked a time for your meeting:`, f.when, "Confirm it, or propose other times."],
      action: "Confirm the time",
    }),
    confirmed: (f) => ({
      subject: `Meeting booked with ${f.other}`,
      paragraphs: [`Hi ${f.name}, your meeting with ${f.other} is booked.`, f.when, f.where ?? "", "The calendar invitation is attached."],
      action: "Open the meeting",
    }),
    moved: (f) => ({
      subject: `Meeting moved: ${f.other}`,
      paragraphs: [`Hi ${f.name}, your meeting with ${f.other} has a new time.`, f.when, f.where ?? "", "The updated calendar invitation is attached."],
      action: "Open the meeting",
    }),
    cancelled: (f) => ({
      subject: `Meeting cancelled: ${f.other}`,
      paragraphs: [`Hi ${f.name}, your meeting with ${f.other} was cancelled.`, f.when, f.note ? `Note: ${f.note}` : "", "The calendar cancellation is attached."],
      action: "Open meetings",
    }),
    reminder_day: (f) => ({
      subject: `Tomorrow: meeting with ${f.other}`,
      paragraphs: [`Hi ${f.name}, a reminder: you meet ${f.other} in 24 hours.`, f.when, f.where ?? ""],
      action: "Open the meeting",
    }),
    reminder_soon: (f) => ({
      subject: `In 15 minutes: meeting with ${f.other}`,
      paragraphs: [`Hi ${f.name}, your meeting with ${f.other} starts in 15 minutes.`, f.when, f.where ?? ""],
      action: "Open the meeting",
    }),
  },
  ru: {
    proposed: (f) => ({
      subject: "Выберите время встречи",
      paragraphs: [`Здравствуйте, ${f.name}! Вот время, удобное вам обоим для 30-минутной встречи. Собеседник: ${f.other}.`, ...f.slots, "Выберите один вариант или попросите другое время."],
      action: "Выбрать время",
    }),
    picked: (f) => ({
      subject: "Время встречи выбрано",
      paragraphs: [`Здравствуйте, ${f.name}! Собеседник (${f.other}) выбрал время встречи:`, f.when, "Подтвердите его или предложите другое время."],
      action: "Подтвердить время",
    }),
    confirmed: (f) => ({
      subject: "Встреча назначена",
      paragraphs: [`Здравствуйте, ${f.name}! Встреча назначена. Собеседник: ${f.other}.`, f.when, f.where ?? "", "Приглашение для календаря во вложении."],
      action: "Открыть встречу",
    }),
    moved: (f) => ({
      subject: "Встреча перенесена",
      paragraphs: [`Здравствуйте, ${f.name}! У встречи новое время. Собеседник: ${f.other}.`, f.when, f.where ?? "", "Обновлённое приглашение для календаря во вложении."],
      action: "Открыть встречу",
    }),
    cancelled: (f) => ({
      subject: "Встреча отменена",
      paragraphs: [`Здравствуйте, ${f.name}! Встреча отменена. Собеседник: ${f.other}.`, f.when, f.note ? `Комментарий: ${f.note}` : "", "Отмена для календаря во вложении."],
      action: "Открыть встречи",
    }),
    reminder_day: (f) => ({
      subject: "Встреча через 24 часа",
      paragraphs: [`Здравствуйте, ${f.name}! Напоминаем: встреча через 24 часа. Собеседник: ${f.other}.`, f.when, f.where ?? ""],
      action: "Открыть встречу",
    }),
    reminder_soon: (f) => ({
      subject: "Встреча через 15 минут",
      paragraphs: [`Здравствуйте, ${f.name}! Встреча начнётся через 15 минут. Собеседник: ${f.other}.`, f.when, f.where ?? ""],
      action: "Открыть встречу",
    }),
  },
};

const SUMMARY: Record<Lang, string> = { en: "Meeting", ru: "Встреча" };

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
  const text = TEXT[to.lang][kind]({
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
                summary: `${SUMMARY[to.lang]}: ${to.fullName} · ${other.fullName}`,
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
