/** Event 1:1 meetings: slots, tables, requests and seats (migration 062). */
import { type Db, isUniqueViolation } from "../db/client.ts";
import { conflict } from "../lib/errors.ts";

export type MeetingSlotRow = { id: string; startsAt: Date; endsAt: Date };
export type MeetingTableRow = { id: string; name: string };
export type EventMeetingStatus = "REQUESTED" | "ACCEPTED" | "DECLINED" | "CANCELLED";
export type EventMeetingRow = {
  id: string;
  eventId: string;
  requesterId: string;
  inviteeId: string;
  status: EventMeetingStatus;
  message: string | null;
  slotId: string | null;
  tableId: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  tableName: string | null;
  /** The queued 15-minute reminder of a booked 1:1 (migration 063). */
  reminderJobId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Every change to an event's meetings (setup, accept, cancel) runs under this transaction lock, so
 * a free table and a free attendee read before a booking are still free when it is written. The
 * unique indexes of migration 062 hold the same rules should the lock ever be forgotten.
 */
export async function lockEventMeetings(db: Db, communityId: string, eventId: string): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtextextended(${`event_meetings:${communityId}:${eventId}`}, 0))`;
}

export async function listSlots(db: Db, communityId: string, eventId: string): Promise<MeetingSlotRow[]> {
  return db<MeetingSlotRow[]>`
    select id, starts_at as "startsAt", ends_at as "endsAt" from event_meeting_slots
    where community_id = ${communityId} and event_id = ${eventId} order by starts_at`;
}

export async function listTables(db: Db, communityId: string, eventId: string): Promise<MeetingTableRow[]> {
  return db<MeetingTableRow[]>`
    select id, name from event_meeting_tables where community_id = ${communityId} and event_id = ${eventId} order by position, name`;
}

export type SlotCountRow = { slotId: string; accepted: number };

export async function countAcceptedBySlot(db: Db, communityId: string, eventId: string): Promise<SlotCountRow[]> {
  return db<SlotCountRow[]>`
    select slot_id as "slotId", count(*)::int as accepted from event_meetings
    where community_id = ${communityId} and event_id = ${eventId} and status = 'ACCEPTED' group by slot_id`;
}

export async function countByStatus(db: Db, communityId: string, eventId: string): Promise<Record<EventMeetingStatus, number>> {
  const rows = await db<{ status: EventMeetingStatus; n: number }[]>`
    select status, count(*)::int as n from event_meetings where community_id = ${communityId} and event_id = ${eventId} group by status`;
  const out: Record<EventMeetingStatus, number> = { REQUESTED: 0, ACCEPTED: 0, DECLINED: 0, CANCELLED: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}

/** Slots or tables in `ids` that an accepted meeting uses. */
export async function usedByAccepted(db: Db, communityId: string, eventId: string, column: "slot" | "table", ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from event_meetings
    where community_id = ${communityId} and event_id = ${eventId} and status = 'ACCEPTED'
      and ${column === "slot" ? db`slot_id` : db`table_id`} = any(${[...ids]}::uuid[])`;
  return row?.n ?? 0;
}

export async function replaceSlots(db: Db, communityId: string, eventId: string, keep: readonly MeetingSlotRow[], add: readonly { startsAt: Date; endsAt: Date }[], remove: readonly string[]): Promise<void> {
  if (remove.length > 0) {
    await db`update event_meetings set slot_id = null, table_id = null where community_id = ${communityId} and slot_id = any(${[...remove]}::uuid[])`;
    await db`delete from event_meeting_slots where community_id = ${communityId} and event_id = ${eventId} and id = any(${[...remove]}::uuid[])`;
  }
  for (const s of keep) await db`update event_meeting_slots set ends_at = ${s.endsAt} where community_id = ${communityId} and id = ${s.id}`;
  for (const s of add) await db`insert into event_meeting_slots (community_id, event_id, starts_at, ends_at) values (${communityId}, ${eventId}, ${s.startsAt}, ${s.endsAt})`;
}

export async function replaceTables(db: Db, communityId: string, eventId: string, names: readonly string[], remove: readonly string[]): Promise<void> {
  if (remove.length > 0) {
    await db`update event_meetings set table_id = null where community_id = ${communityId} and table_id = any(${[...remove]}::uuid[])`;
    await db`delete from event_meeting_tables where community_id = ${communityId} and event_id = ${eventId} and id = any(${[...remove]}::uuid[])`;
  }
  for (const [position, name] of names.entries()) {
    await db`
      insert into event_meeting_tables (community_id, event_id, name, position) values (${communityId}, ${eventId}, ${name}, ${position})
      on conflict (community_id, event_id, name) do update set position = excluded.position`;
  }
}

const MEETING_COLUMNS = (db: Db) => db`
  m.id, m.event_id as "eventId", m.requester_id as "requesterId", m.invitee_id as "inviteeId", m.status, m.message,
  m.slot_id as "slotId", m.table_id as "tableId", s.starts_at as "startsAt", s.ends_at as "endsAt", t.name as "tableName",
  m.reminder_job_id as "reminderJobId", m.created_at as "createdAt", m.updated_at as "updatedAt"`;

export async function findEventMeeting(db: Db, communityId: string, eventId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<EventMeetingRow | undefined> {
  const [row] = await db<EventMeetingRow[]>`
    select ${MEETING_COLUMNS(db)} from event_meetings m
    left join event_meeting_slots s on s.community_id = m.community_id and s.id = m.slot_id
    left join event_meeting_tables t on t.community_id = m.community_id and t.id = m.table_id
    where m.community_id = ${communityId} and m.event_id = ${eventId} and m.id = ${id}
    ${opts.forUpdate ? db`for update of m` : db``}`;
  return row;
}

/** My requests at the event, sent and received (declined and cancelled ones of the last day too). */
export async function listEventMeetingsOf(db: Db, communityId: string, eventId: string, participantId: string): Promise<EventMeetingRow[]> {
  return db<EventMeetingRow[]>`
    select ${MEETING_COLUMNS(db)} from event_meetings m
    left join event_meeting_slots s on s.community_id = m.community_id and s.id = m.slot_id
    left join event_meeting_tables t on t.community_id = m.community_id and t.id = m.table_id
    where m.community_id = ${communityId} and m.event_id = ${eventId}
      and (m.requester_id = ${participantId} or m.invitee_id = ${participantId})
      and (m.status in ('REQUESTED', 'ACCEPTED') or m.updated_at > now() - interval '1 day')
    order by s.starts_at nulls last, m.created_at`;
}

/** A new request, or undefined when the pair already has an open one at this event. */
export async function insertEventMeeting(db: Db, communityId: string, eventId: string, requesterId: string, inviteeId: string, message: string | null): Promise<string | undefined> {
  const [row] = await db<{ id: string }[]>`
    insert into event_meetings (community_id, event_id, requester_id, invitee_id, message)
    values (${communityId}, ${eventId}, ${requesterId}, ${inviteeId}, ${message})
    on conflict (community_id, event_id, participant_low, participant_high) where status in ('REQUESTED', 'ACCEPTED') do nothing
    returning id`;
  return row?.id;
}

/**
 * The earliest slot not over in which neither attendee sits, with the first free table (null when
 * the event has no tables); undefined when there is none. The caller holds lockEventMeetings.
 */
export async function findFreeSeat(db: Db, communityId: string, eventId: string, a: string, b: string, hasTables: boolean): Promise<{ slotId: string; tableId: string | null } | undefined> {
  const [row] = await db<{ slotId: string; tableId: string | null }[]>`
    select s.id as "slotId", ft.id as "tableId"
    from event_meeting_slots s
    left join lateral (
      select t.id from event_meeting_tables t
      where t.community_id = s.community_id and t.event_id = s.event_id
        and not exists (select 1 from event_meetings m where m.community_id = t.community_id and m.slot_id = s.id and m.table_id = t.id and m.status = 'ACCEPTED')
      order by t.position, t.name limit 1
    ) ft on true
    where s.community_id = ${communityId} and s.event_id = ${eventId} and s.ends_at > now()
      and not exists (select 1 from event_meeting_seats z where z.community_id = s.community_id and z.slot_id = s.id and z.participant_id in (${a}, ${b}))
      ${hasTables ? db`and ft.id is not null` : db``}
    order by s.starts_at limit 1`;
  return row;
}

/** Books the seat; a table or an attendee already taken in the slot (the unique indexes) is a 409. */
export async function bookSeat(db: Db, communityId: string, meetingId: string, slotId: string, tableId: string | null, a: string, b: string): Promise<void> {
  try {
    await db`update event_meetings set status = 'ACCEPTED', slot_id = ${slotId}, table_id = ${tableId}, updated_at = now() where community_id = ${communityId} and id = ${meetingId}`;
    await db`
      insert into event_meeting_seats (community_id, slot_id, participant_id, meeting_id)
      values (${communityId}, ${slotId}, ${a}, ${meetingId}), (${communityId}, ${slotId}, ${b}, ${meetingId})`;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("No slot has a free table for both of you: the request stays open");
    throw err;
  }
}

export async function setEventMeetingStatus(db: Db, communityId: string, meetingId: string, status: "DECLINED" | "CANCELLED"): Promise<void> {
  await db`delete from event_meeting_seats where community_id = ${communityId} and meeting_id = ${meetingId}`;
  await db`update event_meetings set status = ${status}, updated_at = now() where community_id = ${communityId} and id = ${meetingId}`;
}

export async function setReminderJob(db: Db, communityId: string, meetingId: string, jobId: string | null): Promise<void> {
  await db`update event_meetings set reminder_job_id = ${jobId} where community_id = ${communityId} and id = ${meetingId}`;
}
