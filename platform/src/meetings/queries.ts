import type { Db } from "../db/client.ts";
import { conflict } from "../lib/errors.ts";
import type { MeetingFormat, MeetingStatus } from "./schemas.ts";
import type { Interval, Window } from "./slots.ts";

export type AvailabilityRow = { participantId: string; timeZone: string; windows: Window[]; formats: MeetingFormat[]; city: string | null };

export async function listAvailability(db: Db, communityId: string, ids: readonly string[]): Promise<AvailabilityRow[]> {
  return db<AvailabilityRow[]>`
    select participant_id as "participantId", time_zone as "timeZone", windows, formats, city
    from meeting_availability where community_id = ${communityId} and participant_id = any(${[...ids]}::uuid[])`;
}

export async function upsertAvailability(db: Db, communityId: string, a: AvailabilityRow): Promise<void> {
  await db`
    insert into meeting_availability (community_id, participant_id, time_zone, windows, formats, city)
    values (${communityId}, ${a.participantId}, ${a.timeZone}, ${db.json(a.windows)}, ${a.formats}, ${a.city})
    on conflict (community_id, participant_id) do update
      set time_zone = excluded.time_zone, windows = excluded.windows, formats = excluded.formats, city = excluded.city, updated_at = now()`;
}

export type SlotJson = { startsAt: string; endsAt: string };

export type MeetingRow = {
  id: string;
  communityId: string;
  source: "WEEKLY" | "INTRO";
  matchId: string | null;
  introId: string | null;
  low: string;
  high: string;
  status: MeetingStatus;
  slots: SlotJson[];
  proposedBy: string | null;
  pickedBy: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  format: MeetingFormat;
  location: string | null;
  sequence: number;
  invited: boolean;
  note: string | null;
  cancelledBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `id, community_id as "communityId", source, match_id as "matchId", intro_id as "introId",
  participant_low as "low", participant_high as "high", status, slots, proposed_by as "proposedBy",
  picked_by as "pickedBy", starts_at as "startsAt", ends_at as "endsAt", format, location, sequence,
  invited, note, cancelled_by as "cancelledBy", created_at as "createdAt", updated_at as "updatedAt"`;

/** A new open meeting of the pair, or undefined when the pair already has one (the partial unique index). */
export async function insertMeeting(
  db: Db,
  m: { communityId: string; source: "WEEKLY" | "INTRO"; matchId: string | null; introId: string | null; low: string; high: string; slots: SlotJson[]; format: MeetingFormat },
): Promise<MeetingRow | undefined> {
  const [row] = await db<MeetingRow[]>`
    insert into meetings (community_id, source, match_id, intro_id, participant_low, participant_high, slots, format)
    values (${m.communityId}, ${m.source}, ${m.matchId}, ${m.introId}, ${m.low}, ${m.high}, ${db.json(m.slots)}, ${m.format})
    on conflict (community_id, participant_low, participant_high) where status <> 'CANCELLED' do nothing
    returning ${db.unsafe(COLUMNS)}`;
  return row;
}

export async function findMeeting(db: Db, communityId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<MeetingRow | undefined> {
  const [row] = await db<MeetingRow[]>`
    select ${db.unsafe(COLUMNS)} from meetings where community_id = ${communityId} and id = ${id}
    ${opts.forUpdate ? db`for update` : db``}`;
  return row;
}

export async function listMeetingsOf(db: Db, communityId: string, participantId: string): Promise<MeetingRow[]> {
  return db<MeetingRow[]>`
    select ${db.unsafe(COLUMNS)} from meetings
    where community_id = ${communityId} and (participant_low = ${participantId} or participant_high = ${participantId})
      and (status <> 'CANCELLED' or updated_at > now() - interval '14 days')
    order by (status = 'CANCELLED'), coalesce(starts_at, created_at + interval '100 years'), created_at desc
    limit 100`;
}

/** Booked meetings of these members that end after `from`, other than `except`. */
export async function listBusy(db: Db, communityId: string, ids: readonly string[], from: Date, except: string | null): Promise<Interval[]> {
  return db<Interval[]>`
    select starts_at as "startsAt", ends_at as "endsAt" from meetings
    where community_id = ${communityId} and status = 'CONFIRMED' and ends_at > ${from}
      and (participant_low = any(${[...ids]}::uuid[]) or participant_high = any(${[...ids]}::uuid[]))
      and id is distinct from ${except}::uuid`;
}

export async function updateMeeting(
  db: Db,
  communityId: string,
  id: string,
  set: Partial<{
    status: MeetingStatus;
    slots: SlotJson[];
    proposedBy: string | null;
    pickedBy: string | null;
    startsAt: Date | null;
    endsAt: Date | null;
    location: string | null;
    sequence: number;
    invited: boolean;
    note: string | null;
    cancelledBy: string | null;
  }>,
): Promise<MeetingRow> {
  const row: Record<string, unknown> = { updated_at: new Date() };
  const cols: Record<string, string> = {
    status: "status",
    proposedBy: "proposed_by",
    pickedBy: "picked_by",
    startsAt: "starts_at",
    endsAt: "ends_at",
    location: "location",
    sequence: "sequence",
    invited: "invited",
    note: "note",
    cancelledBy: "cancelled_by",
  };
  for (const [k, v] of Object.entries(set)) {
    if (k === "slots") row.slots = db.json(v as SlotJson[]);
    else if (cols[k]) row[cols[k]] = v;
  }
  if (set.status === "CONFIRMED") row.confirmed_at = new Date();
  if (set.status === "CANCELLED") row.cancelled_at = new Date();
  try {
    const [out] = await db<MeetingRow[]>`
      update meetings set ${db(row)} where community_id = ${communityId} and id = ${id} returning ${db.unsafe(COLUMNS)}`;
    if (!out) throw conflict("The meeting changed meanwhile");
    return out;
  } catch (err) {
    if ((err as { code?: string }).code === "23505") throw conflict("This pair already has an open meeting");
    throw err;
  }
}

/** Transaction-scoped locks on members' meeting calendars, taken in the order of their ids. */
export async function lockMembers(db: Db, communityId: string, ids: readonly string[]): Promise<void> {
  for (const id of [...ids].sort()) await db`select pg_advisory_xact_lock(hashtextextended(${`meetings:${communityId}:${id}`}, 0))`;
}

/** A booked meeting of either member overlapping [startsAt, endsAt), other than `except`. */
export async function hasOverlap(db: Db, communityId: string, ids: readonly string[], startsAt: Date, endsAt: Date, except: string): Promise<boolean> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from meetings
    where community_id = ${communityId} and status = 'CONFIRMED' and id <> ${except}
      and (participant_low = any(${[...ids]}::uuid[]) or participant_high = any(${[...ids]}::uuid[]))
      and starts_at < ${endsAt} and ends_at > ${startsAt}`;
  return (row?.n ?? 0) > 0;
}

/** The pair's matching results (the meeting feedback lives there): for the follow-up after the meeting. */
export async function listPairResults(db: Db, communityId: string, low: string, high: string): Promise<{ id: string; participantId: string; subjectId: string; followupSentAt: Date | null; feedbackAt: Date | null; noMeeting: boolean }[]> {
  return db`
    select r.id, r.participant_id as "participantId", r.subject_id as "subjectId", r.followup_sent_at as "followupSentAt",
           r.feedback_at as "feedbackAt", r.no_meeting as "noMeeting"
    from matches m join matching_results r on r.community_id = m.community_id and r.match_id = m.id
    where m.community_id = ${communityId} and m.participant_low = ${low} and m.participant_high = ${high}`;
}

export async function markResultFollowedUp(db: Db, communityId: string, resultId: string): Promise<boolean> {
  const rows = await db`
    update matching_results set followup_sent_at = now()
    where community_id = ${communityId} and id = ${resultId} and followup_sent_at is null and feedback_at is null and not no_meeting
    returning id`;
  return rows.length > 0;
}

export type MeetingWeekRow = { week: string; proposed: number; confirmed: number; held: number; noShow: number; cancelled: number };

/**
 * Meetings per week of their proposal: proposed (all), confirmed (booked at some point: CONFIRMED
 * now, or cancelled after an invitation), held / no-show by the pair's meeting feedback once over.
 */
export async function meetingWeeks(db: Db, communityId: string, since: Date): Promise<MeetingWeekRow[]> {
  return db<MeetingWeekRow[]>`
    with f as (
      select m.id, m.status, m.invited, m.created_at, m.ends_at,
        exists (select 1 from matches x join matching_results r on r.community_id = x.community_id and r.match_id = x.id
                where x.community_id = m.community_id and x.participant_low = m.participant_low and x.participant_high = m.participant_high
                  and r.meeting_score is not null) as held,
        exists (select 1 from matches x join matching_results r on r.community_id = x.community_id and r.match_id = x.id
                where x.community_id = m.community_id and x.participant_low = m.participant_low and x.participant_high = m.participant_high
                  and r.no_meeting) as no_show
      from meetings m where m.community_id = ${communityId} and m.created_at >= ${since})
    select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
           count(*)::int as proposed,
           count(*) filter (where invited)::int as confirmed,
           count(*) filter (where status = 'CONFIRMED' and ends_at < now() and held)::int as held,
           count(*) filter (where status = 'CONFIRMED' and ends_at < now() and no_show and not held)::int as "noShow",
           count(*) filter (where status = 'CANCELLED')::int as cancelled
    from f group by 1 order by 1`;
}
