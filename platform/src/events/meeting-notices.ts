/**
 * What the attendees of an event 1:1 hear (docs/meetings.md "At events", decision 0175): a request,
 * a booking (its time and table), a decline, a cancel or a withdrawn request reach the other
 * attendee in the app (live on their notifications topic, forwarded to Telegram when connected)
 * and by e-mail; a booking mails both attendees the calendar invitation (METHOD:REQUEST) and the
 * cancel of a booked 1:1 its cancellation (METHOD:CANCEL), with the UID the agenda's .ics uses.
 * A booked 1:1 plans one reminder 15 minutes before its slot as a pg-boss job, whose id is kept so
 * that a cancel cancels the job in the same transaction. Everything runs in the change's transaction.
 */
import type { Ctx } from "../context.ts";
import { type TextKey, textsFor } from "../i18n/texts.ts";
import { queueMail } from "../mail/service.ts";
import { buildMeetingIcs, whenLine } from "../meetings/index.ts";
import { langIn } from "../members/index.ts";
import { notify } from "../notifications/index.ts";
import type { NotificationType } from "../notifications/schemas.ts";
import { findMemberCard, type MemberCardRow } from "../participant/queries.ts";
import type { Lang } from "../tenancy/schema.ts";
import { eventUrl } from "./calendar.ts";
import { eventMeetingReminderQueue } from "./jobs/meeting-reminder-queue.ts";
import { type EventMeetingRow, findEventMeeting, setReminderJob } from "./meeting-queries.ts";
import { type EventRow, findEvent } from "./queries.ts";

/** How long before its slot a booked 1:1 is reminded of. */
export const EVENT_MEETING_REMINDER_MS = 15 * 60_000;

export type EventMeetingNotice = "requested" | "booked" | "declined" | "cancelled" | "withdrawn";

const TYPE: Record<EventMeetingNotice, NotificationType> = {
  requested: "EVENT_MEETING_REQUESTED",
  booked: "EVENT_MEETING_BOOKED",
  declined: "EVENT_MEETING_DECLINED",
  cancelled: "EVENT_MEETING_CANCELLED",
  withdrawn: "EVENT_MEETING_CANCELLED",
};

type Person = { card: MemberCardRow; name: string; fullName: string; lang: Lang };

async function personOf(ctx: Ctx, id: string): Promise<Person | undefined> {
  const card = await findMemberCard(ctx.db, ctx.tenant.id, id);
  if (!card) return undefined;
  const fullName = `${card.firstName ?? ""} ${card.lastName ?? ""}`.trim() || (card.email ?? "");
  return { card, name: card.firstName || fullName, fullName, lang: langIn(ctx, card.lang) };
}

const eventMeetingUid = (ctx: Ctx, id: string) => `event-meeting-${id}@${ctx.tenant.domain}`;

function invitation(ctx: Ctx, event: EventRow, row: EventMeetingRow, to: Person, other: Person, both: readonly Person[], cancelled: boolean) {
  if (!row.startsAt || !row.endsAt) return [];
  const t = textsFor(to.lang);
  const ics = buildMeetingIcs(ctx.tenant, {
    id: row.id,
    uid: eventMeetingUid(ctx, row.id),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    // 0 at the booking; the cancel is the entry's one change (a cancelled 1:1 is never booked again).
    sequence: cancelled ? 1 : 0,
    summary: `${t("calendar.eventMeeting")} · ${other.fullName}`,
    description: event.title,
    location: row.tableName,
    url: eventUrl(ctx.tenant, event),
    attendees: both.flatMap((p) => (p.card.email ? [{ name: p.fullName, email: p.card.email }] : [])),
    cancelled,
  });
  return [
    {
      filename: cancelled ? "cancel.ics" : "invite.ics",
      contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
      content: ics,
    },
  ];
}

async function mailOne(ctx: Ctx, event: EventRow, row: EventMeetingRow, kind: EventMeetingNotice, to: Person, other: Person, both: readonly Person[], booked: boolean): Promise<void> {
  if (!to.card.email) return;
  const t = textsFor(to.lang);
  const key = `mail.eventMeeting.${kind}` as const;
  const vars = { name: to.name, other: other.fullName, event: event.title };
  const when = booked && row.startsAt && row.endsAt ? t("mail.eventMeeting.when", { when: whenLine(row.startsAt, row.endsAt, to.lang, event.timeZone) }) : "";
  const table = booked && row.tableName ? t("mail.eventMeeting.table", { table: row.tableName }) : "";
  const message = kind === "requested" && row.message ? t("mail.eventMeeting.message", { message: row.message }) : "";
  const tail = kind === "withdrawn" || (kind === "cancelled" && !booked) ? "" : t(`${key}.tail` as TextKey);
  const withIcs = booked && (kind === "booked" || kind === "cancelled");
  await queueMail(ctx, {
    to: to.card.email,
    template: "notice",
    lang: to.lang,
    vars: {
      title: t(`${key}.subject`, vars),
      paragraphs: [t(`${key}.lead`, vars), message, when, table, tail].filter(Boolean),
      action: { label: t(`${key}.action`), link: eventUrl(ctx.tenant, event) },
    },
    dedupeKey: `event-meeting:${row.id}:${kind}:${to.card.id}`,
    ...(withIcs ? { attachments: invitation(ctx, event, row, to, other, both, kind === "cancelled") } : {}),
  });
}

/**
 * Tells the other attendee (the one who did not act) of `kind`, in the app and by e-mail; a booking
 * and the cancel of a booked 1:1 also mail the actor the calendar entry. `row` is the meeting as
 * it is after the change, except for a cancel, where it is the booked meeting being cancelled.
 */
export async function noticeEventMeeting(ctx: Ctx, event: EventRow, row: EventMeetingRow, kind: EventMeetingNotice, actorId: string): Promise<void> {
  const otherId = row.requesterId === actorId ? row.inviteeId : row.requesterId;
  const [actor, other] = await Promise.all([personOf(ctx, actorId), personOf(ctx, otherId)]);
  if (!actor || !other) return;
  const booked = row.status === "ACCEPTED";
  await notify(ctx.db, ctx.deps.bus, {
    communityId: ctx.tenant.id,
    participantId: other.card.id,
    type: TYPE[kind],
    data: {
      eventId: event.id,
      meetingId: row.id,
      otherId: actor.card.id,
      otherName: actor.fullName,
      eventTitle: event.title,
      ...(booked && row.startsAt ? { startsAt: row.startsAt.toISOString(), timeZone: event.timeZone, table: row.tableName } : {}),
    },
    dedupeKey: `event-meeting:${row.id}:${kind}`,
  });
  await mailOne(ctx, event, row, kind, other, actor, [actor, other], booked);
  // The actor's calendar gets the entry (or loses it) as well; the app already showed them the change.
  if (booked && (kind === "booked" || kind === "cancelled")) await mailOne(ctx, event, row, kind, actor, other, [actor, other], booked);
}

/** Plans the 15-minute reminder of a just booked 1:1 (nothing when its slot starts sooner). */
export async function planEventMeetingReminder(ctx: Ctx, row: EventMeetingRow, now = Date.now()): Promise<void> {
  if (!row.startsAt) return;
  const at = row.startsAt.getTime() - EVENT_MEETING_REMINDER_MS;
  if (at <= now) return;
  const id = await ctx.deps.jobs.send(
    eventMeetingReminderQueue,
    { communityId: ctx.tenant.id, eventId: row.eventId, meetingId: row.id, startsAt: row.startsAt.toISOString() },
    { db: ctx.db, startAfterSeconds: Math.ceil((at - now) / 1000) },
  );
  await setReminderJob(ctx.db, ctx.tenant.id, row.id, id);
}

/** Cancels a booked 1:1's reminder job, in the cancel's transaction (the job checks the meeting anyway). */
export async function cancelEventMeetingReminder(ctx: Ctx, row: EventMeetingRow): Promise<void> {
  if (!row.reminderJobId) return;
  await ctx.deps.jobs.cancel(eventMeetingReminderQueue, row.reminderJobId, { db: ctx.db });
  await setReminderJob(ctx.db, ctx.tenant.id, row.id, null);
}

/**
 * The reminder job's work: both attendees, in the app (Telegram forwards it), once per meeting and
 * start. Nothing when the 1:1 was cancelled, its slot moved or has begun.
 */
export async function sendEventMeetingReminder(ctx: Ctx, job: { eventId: string; meetingId: string; startsAt: string }): Promise<boolean> {
  const row = await findEventMeeting(ctx.db, ctx.tenant.id, job.eventId, job.meetingId);
  if (row?.status !== "ACCEPTED" || row.startsAt?.toISOString() !== job.startsAt || row.startsAt.getTime() <= Date.now()) return false;
  const event = await findEvent(ctx.db, ctx.tenant.id, row.eventId);
  if (!event) return false;
  const [a, b] = await Promise.all([personOf(ctx, row.requesterId), personOf(ctx, row.inviteeId)]);
  if (!a || !b) return false;
  for (const [to, other] of [
    [a, b],
    [b, a],
  ] as const) {
    await notify(ctx.db, ctx.deps.bus, {
      communityId: ctx.tenant.id,
      participantId: to.card.id,
      type: "EVENT_MEETING_REMINDER",
      data: { eventId: event.id, meetingId: row.id, otherId: other.card.id, otherName: other.fullName, eventTitle: event.title, startsAt: job.startsAt, timeZone: event.timeZone, table: row.tableName },
      dedupeKey: `event-meeting:${row.id}:reminder:${job.startsAt}`,
    });
  }
  return true;
}
