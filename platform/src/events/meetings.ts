/**
 * Event 1:1 meetings (issue 28 item 5, docs/meetings.md "At events"). For an event with attendee
 * matchmaking on, the organizers define slots and optional tables; a confirmed attendee asks
 * another confirmed attendee for a 1:1; accepting books the earliest slot in which neither sits,
 * at the first free table. Every booking runs under the event's meetings lock and the unique
 * indexes of migration 062 (one table per slot, one seat per attendee and slot), so concurrent
 * accepts never double-book a table or an attendee: the one that finds nothing free gets a 409.
 */
import ical, { ICalCalendarMethod } from "ical-generator";
import { recordAudit } from "../audit/index.ts";
import { requireMember, requireOrganizer } from "../authz/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { textsFor } from "../i18n/texts.ts";
import { accessDenied, AppError, conflict, ErrorCode, notFound, validation } from "../lib/errors.ts";
import { cardsOf, loadMe } from "../members/index.ts";
import { listBlockedWith } from "../relations/index.ts";
import { emitWebhook } from "../webhooks/index.ts";
import { eventUrl } from "./calendar.ts";
import { cancelEventMeetingReminder, noticeEventMeeting, planEventMeetingReminder } from "./meeting-notices.ts";
import {
  bookSeat,
  countAcceptedBySlot,
  countByStatus,
  type EventMeetingRow,
  findEventMeeting,
  findFreeSeat,
  insertEventMeeting,
  listEventMeetingsOf,
  listSlots,
  listTables,
  lockEventMeetings,
  replaceSlots,
  replaceTables,
  setEventMeetingStatus,
  usedByAccepted,
} from "./meeting-queries.ts";
import type { EventAgenda, EventMeeting, MeetingSetup, RequestEventMeeting, SaveMeetingSetup } from "./meeting-schemas.ts";
import { type EventRow, findParticipation } from "./queries.ts";
import { hasEnded, requireEvent } from "./view.ts";

const illegal = (msg: string) => new AppError(ErrorCode.ILLEGAL_TRANSITION, msg);

// --- organizers --------------------------------------------------------------------------------

/** GET /event/{id}/meeting-setup: slots (with meetings booked and tables free in each), tables, request counts. */
export async function getMeetingSetup(ctx: Ctx, idOrSlug: string): Promise<MeetingSetup> {
  const event = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, event.id);
  const [slots, tables, counts, byStatus] = await Promise.all([
    listSlots(ctx.db, ctx.tenant.id, event.id),
    listTables(ctx.db, ctx.tenant.id, event.id),
    countAcceptedBySlot(ctx.db, ctx.tenant.id, event.id),
    countByStatus(ctx.db, ctx.tenant.id, event.id),
  ]);
  const accepted = new Map(counts.map((c) => [c.slotId, c.accepted]));
  return {
    eventId: event.id,
    networking: event.networking,
    slots: slots.map((s) => {
      const n = accepted.get(s.id) ?? 0;
      return { id: s.id, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString(), accepted: n, tablesFree: tables.length > 0 ? Math.max(0, tables.length - n) : null };
    }),
    tables,
    requests: { requested: byStatus.REQUESTED, accepted: byStatus.ACCEPTED, declined: byStatus.DECLINED, cancelled: byStatus.CANCELLED },
  };
}

/**
 * PUT /event/{id}/meeting-setup: the slots and tables as a whole. A slot is kept (with its
 * meetings) while its start is unchanged, a table while its name is; removing one that holds a
 * booked meeting is a 409. Audited.
 */
export async function saveMeetingSetup(ctx: Ctx, idOrSlug: string, body: SaveMeetingSetup): Promise<MeetingSetup> {
  const event = await requireEvent(ctx, idOrSlug);
  await requireOrganizer(ctx, event.id);
  const wanted = body.slots.map((s) => ({ startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) })).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  wanted.forEach((s, i) => {
    if (s.endsAt <= s.startsAt) throw validation("A slot ends after it starts", { [`slots.${i}`]: "The end must be after the start" });
    const prev = wanted[i - 1];
    // Overlapping slots would let an attendee sit in two meetings at once.
    if (prev && prev.endsAt > s.startsAt) throw validation("Slots must not overlap", { [`slots.${i}`]: "Overlaps the slot before it" });
  });
  const names = [...new Set(body.tables)];
  await withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await lockEventMeetings(tx, ctx.tenant.id, event.id);
    const [slots, tables] = await Promise.all([listSlots(tx, ctx.tenant.id, event.id), listTables(tx, ctx.tenant.id, event.id)]);
    const byStart = new Map(wanted.map((s) => [s.startsAt.getTime(), s]));
    const keep = slots.flatMap((s) => {
      const w = byStart.get(s.startsAt.getTime());
      return w ? [{ ...s, endsAt: w.endsAt }] : [];
    });
    const removeSlots = slots.filter((s) => !byStart.has(s.startsAt.getTime())).map((s) => s.id);
    const known = new Set(slots.map((s) => s.startsAt.getTime()));
    const removeTables = tables.filter((t) => !names.includes(t.name)).map((t) => t.id);
    if ((await usedByAccepted(tx, ctx.tenant.id, event.id, "slot", removeSlots)) > 0) throw conflict("A slot you removed has booked meetings: cancel them first");
    if ((await usedByAccepted(tx, ctx.tenant.id, event.id, "table", removeTables)) > 0) throw conflict("A table you removed has booked meetings: cancel them first");
    await replaceSlots(tx, ctx.tenant.id, event.id, keep, wanted.filter((s) => !known.has(s.startsAt.getTime())), removeSlots);
    await replaceTables(tx, ctx.tenant.id, event.id, names, removeTables);
    await recordAudit(txCtx, {
      action: "event.meeting_setup.save",
      target: { type: "event", id: event.id },
      before: { slots: slots.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()]), tables: tables.map((t) => t.name) },
      after: { slots: wanted.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()]), tables: names },
    });
  });
  return getMeetingSetup(ctx, event.id);
}

// --- attendees ---------------------------------------------------------------------------------

async function requireAttendee(ctx: Ctx, member: Awaited<ReturnType<typeof requireMember>>, idOrSlug: string) {
  const event = await requireEvent(ctx, idOrSlug);
  const me = await loadMe(ctx, member);
  const mine = await findParticipation(ctx.db, ctx.tenant.id, event.id, me.participant.id);
  if (mine?.status !== "CONFIRMED") throw accessDenied("Only the event's confirmed attendees have 1:1 meetings");
  return { event, me };
}

async function toItems(ctx: Ctx, me: Awaited<ReturnType<typeof loadMe>>, rows: readonly EventMeetingRow[]): Promise<EventMeeting[]> {
  const mineId = me.participant.id;
  const cards = await cardsOf(ctx, me.viewer, rows.map((r) => (r.requesterId === mineId ? r.inviteeId : r.requesterId)));
  return rows.flatMap((r) => {
    const other = cards.get(r.requesterId === mineId ? r.inviteeId : r.requesterId);
    if (!other) return [];
    const booked = r.status === "ACCEPTED";
    return [
      {
        id: r.id,
        eventId: r.eventId,
        status: r.status,
        sentByMe: r.requesterId === mineId,
        other,
        message: r.message,
        startsAt: booked && r.startsAt ? r.startsAt.toISOString() : null,
        endsAt: booked && r.endsAt ? r.endsAt.toISOString() : null,
        table: booked ? r.tableName : null,
      },
    ];
  });
}

const isOpen = (event: EventRow, slotCount: number) => event.networking && slotCount > 0 && !hasEnded(event);

/** GET /event/{id}/meetings: my 1:1s at the event (requests sent and received, the booked ones with slot and table). */
export async function getEventAgenda(ctx: Ctx, idOrSlug: string): Promise<EventAgenda> {
  const member = await requireMember(ctx);
  const { event, me } = await requireAttendee(ctx, member, idOrSlug);
  const [slots, rows] = await Promise.all([listSlots(ctx.db, ctx.tenant.id, event.id), listEventMeetingsOf(ctx.db, ctx.tenant.id, event.id, me.participant.id)]);
  const items = await toItems(ctx, me, rows);
  return {
    eventId: event.id,
    open: isOpen(event, slots.length),
    slots: slots.map((s) => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
    items,
    calendarUrl: items.some((i) => i.status === "ACCEPTED") ? `${ctx.tenant.url}/api/event/${event.id}/meetings/agenda.ics` : null,
  };
}

async function oneOf(ctx: Ctx, me: Awaited<ReturnType<typeof loadMe>>, eventId: string, meetingId: string): Promise<EventMeeting> {
  const row = await findEventMeeting(ctx.db, ctx.tenant.id, eventId, meetingId);
  const [item] = row ? await toItems(ctx, me, [row]) : [];
  if (!item) throw notFound("Meeting not found");
  return item;
}

/** POST /event/{id}/meetings: ask another confirmed attendee for a 1:1. */
export async function requestEventMeeting(ctx: Ctx, idOrSlug: string, body: RequestEventMeeting): Promise<EventMeeting> {
  const member = await requireMember(ctx);
  const { event, me } = await requireAttendee(ctx, member, idOrSlug);
  const slots = await listSlots(ctx.db, ctx.tenant.id, event.id);
  if (!isOpen(event, slots.length)) throw illegal("This event has no 1:1 meetings to book");
  if (body.participantId === me.participant.id) throw validation("Choose another attendee", { participantId: "That is you" });
  const theirs = await findParticipation(ctx.db, ctx.tenant.id, event.id, body.participantId);
  if (theirs?.status !== "CONFIRMED") throw notFound("No such attendee at this event");
  // A "not interested" either way hides the members from each other: it reads as a missing attendee.
  if ((await listBlockedWith(ctx.db, ctx.tenant.id, me.participant.id)).has(body.participantId)) throw notFound("No such attendee at this event");
  const id = await withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const created = await insertEventMeeting(tx, ctx.tenant.id, event.id, me.participant.id, body.participantId, body.message || null);
    if (!created) throw conflict("You already have a 1:1 request with this attendee");
    const row = await findEventMeeting(tx, ctx.tenant.id, event.id, created);
    if (row) await noticeEventMeeting(txCtx, event, row, "requested", me.participant.id);
    return created;
  });
  return oneOf(ctx, me, event.id, id);
}

async function change(
  ctx: Ctx,
  member: Awaited<ReturnType<typeof requireMember>>,
  idOrSlug: string,
  meetingId: string,
  apply: (tx: Ctx, row: EventMeetingRow, me: string, event: EventRow) => Promise<void>,
): Promise<EventMeeting> {
  const { event, me } = await requireAttendee(ctx, member, idOrSlug);
  await withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await lockEventMeetings(tx, ctx.tenant.id, event.id);
    const row = await findEventMeeting(tx, ctx.tenant.id, event.id, meetingId, { forUpdate: true });
    if (!row || (row.requesterId !== me.participant.id && row.inviteeId !== me.participant.id)) throw notFound("Meeting not found");
    await apply(txCtx, row, me.participant.id, event);
  });
  return oneOf(ctx, me, event.id, meetingId);
}

function webhookData(row: EventMeetingRow) {
  return {
    meetingId: row.id,
    kind: "event" as const,
    eventId: row.eventId,
    participantIds: [row.requesterId, row.inviteeId],
    startsAt: row.startsAt?.toISOString() ?? "",
    endsAt: row.endsAt?.toISOString() ?? "",
    table: row.tableName,
    sequence: 0,
  };
}

/**
 * POST /event/{id}/meetings/{meetingId}/accept: by the attendee asked. Books the earliest slot
 * (not over) in which neither attendee sits, at the first free table; 409 when there is none.
 */
export async function acceptEventMeeting(ctx: Ctx, idOrSlug: string, meetingId: string): Promise<EventMeeting> {
  const member = await requireMember(ctx);
  return change(ctx, member, idOrSlug, meetingId, async (tx, row, me, event) => {
    if (row.inviteeId !== me) throw illegal("The attendee you asked accepts the request");
    if (row.status === "ACCEPTED") return;
    if (row.status !== "REQUESTED") throw illegal(row.status === "DECLINED" ? "The request was declined" : "The request was cancelled");
    if (!event.networking || hasEnded(event)) throw illegal("This event has no 1:1 meetings to book");
    const tables = await listTables(tx.db, tx.tenant.id, event.id);
    const seat = await findFreeSeat(tx.db, tx.tenant.id, event.id, row.requesterId, row.inviteeId, tables.length > 0);
    if (!seat) throw conflict("No slot has a free table for both of you: the request stays open");
    await bookSeat(tx.db, tx.tenant.id, row.id, seat.slotId, seat.tableId, row.requesterId, row.inviteeId);
    const booked = await findEventMeeting(tx.db, tx.tenant.id, event.id, row.id);
    if (!booked) return;
    await emitWebhook(tx, "meeting.scheduled", webhookData(booked), booked.id);
    await noticeEventMeeting(tx, event, booked, "booked", me);
    await planEventMeetingReminder(tx, booked);
  });
}

/** POST /event/{id}/meetings/{meetingId}/decline: by the attendee asked, while the request is open. */
export async function declineEventMeeting(ctx: Ctx, idOrSlug: string, meetingId: string): Promise<EventMeeting> {
  const member = await requireMember(ctx);
  return change(ctx, member, idOrSlug, meetingId, async (tx, row, me, event) => {
    if (row.inviteeId !== me) throw illegal("The attendee you asked declines the request; cancel it instead");
    if (row.status === "DECLINED") return;
    if (row.status !== "REQUESTED") throw illegal("Only an open request can be declined; cancel a booked meeting");
    await setEventMeetingStatus(tx.db, tx.tenant.id, row.id, "DECLINED");
    await noticeEventMeeting(tx, event, { ...row, status: "DECLINED" }, "declined", me);
  });
}

/** POST /event/{id}/meetings/{meetingId}/cancel: either attendee; a booked meeting frees its slot and table. */
export async function cancelEventMeeting(ctx: Ctx, idOrSlug: string, meetingId: string): Promise<EventMeeting> {
  const member = await requireMember(ctx);
  return change(ctx, member, idOrSlug, meetingId, async (tx, row, me, event) => {
    if (row.status === "CANCELLED") return;
    if (row.status === "DECLINED") throw illegal("The request was declined");
    await setEventMeetingStatus(tx.db, tx.tenant.id, row.id, "CANCELLED");
    if (row.status === "ACCEPTED") {
      await emitWebhook(tx, "meeting.cancelled", webhookData(row), row.id);
      await cancelEventMeetingReminder(tx, row);
    }
    // `row` as it was: a booked 1:1's cancel carries its time, table and the calendar's CANCEL.
    await noticeEventMeeting(tx, event, row, row.status === "ACCEPTED" ? "cancelled" : "withdrawn", me);
  });
}


/** GET /event/{id}/meetings/agenda.ics: my booked 1:1s at the event, one VEVENT each. */
export async function eventAgendaCalendar(ctx: Ctx, idOrSlug: string): Promise<string> {
  const member = await requireMember(ctx);
  const agenda = await getEventAgenda(ctx, idOrSlug);
  const event = await requireEvent(ctx, agenda.eventId);
  const lang = (await loadMe(ctx, member)).lang;
  const calendar = ical({
    prodId: { company: "Tuesday", product: ctx.tenant.config.title, language: ctx.tenant.config.lang.toUpperCase() },
    name: event.title,
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const m of agenda.items) {
    if (m.status !== "ACCEPTED" || !m.startsAt || !m.endsAt) continue;
    const name = `${m.other.firstName ?? ""} ${m.other.lastName ?? ""}`.trim();
    calendar.createEvent({
      id: `event-meeting-${m.id}@${ctx.tenant.domain}`,
      start: new Date(m.startsAt),
      end: new Date(m.endsAt),
      stamp: new Date(),
      summary: `${textsFor(lang === "ru" ? "ru" : "en")("calendar.eventMeeting")} · ${name}`,
      description: event.title,
      ...(m.table ? { location: m.table } : {}),
      url: eventUrl(ctx.tenant, event),
    });
  }
  return calendar.toString();
}
