/**
 * E-mails about a member's participation, in the member's language: confirmed (with the .ics),
 * pending approval, awaiting payment, on the waitlist, approved, rejected, a place opened up, and
 * the reminder the day before. Queued in the transaction of the change that caused them.
 */
import type { Ctx } from "../context.ts";
import { queueMail } from "../mail/service.ts";
import { langIn } from "../members/index.ts";
import { findMemberCard } from "../participant/queries.ts";
import type { Lang } from "../tenancy/schema.ts";
import { buildIcs, eventUrl, locationLine } from "./calendar.ts";
import type { EventRow, ParticipationRow } from "./queries.ts";
import { visibleLocation } from "./view.ts";

export type ParticipationMail = "confirmed" | "pending" | "payment" | "waitlist" | "approved" | "rejected" | "promoted" | "reminder";

type Facts = { name: string; title: string; when: string; where: string; paymentLink: string | null; position: number | null };

const TEXT: Record<Lang, Record<ParticipationMail, (f: Facts) => { subject: string; paragraphs: string[]; action: string }>> = {
  en: {
    confirmed: (f) => ({ subject: `You're going to ${f.title}`, paragraphs: [`Hi ${f.name}, your place at ${f.title} is confirmed.`, f.when, f.where, "The calendar file is attached."], action: "Open the event" }),
    approved: (f) => ({ subject: `You're in: ${f.title}`, paragraphs: [`Hi ${f.name}, the organizers approved your participation in ${f.title}.`, f.when, f.where, "The calendar file is attached."], action: "Open the event" }),
    promoted: (f) => ({ subject: `A place opened up: ${f.title}`, paragraphs: [`Hi ${f.name}, a place opened up and you moved up from the waitlist: you're going to ${f.title}.`, f.when, f.where, "The calendar file is attached."], action: "Open the event" }),
    pending: (f) => ({ subject: `Your request to join ${f.title}`, paragraphs: [`Hi ${f.name}, your request to join ${f.title} is waiting for the organizers' approval. We will write to you when they decide.`, f.when], action: "Open the event" }),
    payment: (f) => ({ subject: `Complete your payment for ${f.title}`, paragraphs: [`Hi ${f.name}, to take part in ${f.title}, pay through the event's payment link${f.paymentLink ? `: ${f.paymentLink}` : ""}. The organizers confirm payments by hand, so your status may take a while to update.`, f.when], action: "Open the event" }),
    waitlist: (f) => ({ subject: `You're on the waitlist for ${f.title}`, paragraphs: [`Hi ${f.name}, ${f.title} is full. You are on the waitlist${f.position ? ` (place ${f.position})` : ""}; when a place opens up, it is yours and we will write to you.`, f.when], action: "Open the event" }),
    rejected: (f) => ({ subject: `About your request to join ${f.title}`, paragraphs: [`Hi ${f.name}, unfortunately the organizers could not accept your participation in ${f.title}.`], action: "See other events" }),
    reminder: (f) => ({ subject: `Tomorrow: ${f.title}`, paragraphs: [`Hi ${f.name}, a reminder: ${f.title} is tomorrow.`, f.when, f.where], action: "Open the event" }),
  },
  ru: {
    confirmed: (f) => ({ subject: `Вы идёте на «${f.title}»`, paragraphs: [`Здравствуйте, ${f.name}! Ваше участие в «${f.title}» подтверждено.`, f.when, f.where, "Файл для календаря во вложении."], action: "Открыть событие" }),
    approved: (f) => ({ subject: `Заявка одобрена: «${f.title}»`, paragraphs: [`Здравствуйте, ${f.name}! Организаторы одобрили ваше участие в «${f.title}».`, f.when, f.where, "Файл для календаря во вложении."], action: "Открыть событие" }),
    promoted: (f) => ({ subject: `Освободилось место: «${f.title}»`, paragraphs: [`Здравствуйте, ${f.name}! Освободилось место, и вы перешли из листа ожидания: вы идёте на «${f.title}».`, f.when, f.where, "Файл для календаря во вложении."], action: "Открыть событие" }),
    pending: (f) => ({ subject: `Ваша заявка на «${f.title}»`, paragraphs: [`Здравствуйте, ${f.name}! Ваша заявка на участие в «${f.title}» ждёт одобрения организаторов. Мы напишем, когда они примут решение.`, f.when], action: "Открыть событие" }),
    payment: (f) => ({ subject: `Оплатите участие в «${f.title}»`, paragraphs: [`Здравствуйте, ${f.name}! Чтобы участвовать в «${f.title}», оплатите участие по ссылке${f.paymentLink ? `: ${f.paymentLink}` : ""}. Организаторы подтверждают оплату вручную, поэтому статус может обновиться не сразу.`, f.when], action: "Открыть событие" }),
    waitlist: (f) => ({ subject: `Вы в листе ожидания «${f.title}»`, paragraphs: [`Здравствуйте, ${f.name}! Мест на «${f.title}» нет. Вы в листе ожидания${f.position ? ` (место ${f.position})` : ""}; как только место освободится, оно ваше, и мы вам напишем.`, f.when], action: "Открыть событие" }),
    rejected: (f) => ({ subject: `О вашей заявке на «${f.title}»`, paragraphs: [`Здравствуйте, ${f.name}! К сожалению, организаторы не смогли принять ваше участие в «${f.title}».`], action: "Другие события" }),
    reminder: (f) => ({ subject: `Завтра: «${f.title}»`, paragraphs: [`Здравствуйте, ${f.name}! Напоминаем: «${f.title}» уже завтра.`, f.when, f.where], action: "Открыть событие" }),
  },
};

const WITH_CALENDAR: ReadonlySet<ParticipationMail> = new Set(["confirmed", "approved", "promoted", "reminder"]);

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
  const member = await findMemberCard(ctx.db, ctx.tenant.id, row.participantId);
  if (!member?.email) return;
  const lang = langIn(ctx, member.lang);
  const t = e.translations[lang];
  const title = t?.title || e.title;
  const description = t?.description || e.description;
  const location = visibleLocation(e, { organizer: false, participantId: row.participantId, participation: row });
  const confirmed = row.status === "CONFIRMED";
  const where = e.type === "ONLINE" ? (lang === "ru" ? "Онлайн" : "Online") : locationLine(location);
  const text = TEXT[lang][kind]({
    name: member.firstName || member.lastName || "",
    title,
    when: whenLine(e, lang),
    where,
    paymentLink: e.paymentLink,
    position: opts.position ?? null,
  });
  const attach = WITH_CALENDAR.has(kind) && confirmed;
  await queueMail(ctx, {
    to: member.email,
    template: "notice",
    lang,
    vars: {
      title: text.subject,
      paragraphs: text.paragraphs.filter(Boolean),
      action: { label: text.action, link: kind === "rejected" ? `${ctx.tenant.url}/events` : eventUrl(ctx.tenant, e) },
    },
    dedupeKey: opts.dedupeKey,
    ...(attach
      ? {
          attachments: [
            {
              filename: `${e.slug}.ics`,
              contentType: "text/calendar; charset=utf-8; method=PUBLISH",
              content: buildIcs(ctx.tenant, e, { title, description, location, onlineLink: confirmed ? e.onlineLink : null }),
            },
          ],
        }
      : {}),
  });
}
