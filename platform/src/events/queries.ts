import postgres from "postgres";
import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/client.ts";
import { AppError, ErrorCode } from "../lib/errors.ts";
import type { Page } from "../lib/paging.ts";
import type { Privacy } from "../participant/schemas.ts";
import type { ContactType } from "../tenancy/schema.ts";
import type { EventTranslations, EventType, EventVisibility, LocationVisibility, ParticipationStatus, PaymentStatus, PendingReason } from "./schemas.ts";

export type EventFields = {
  slug: string;
  title: string;
  description: string;
  translations: EventTranslations;
  date: string;
  time: string;
  endTime: string | null;
  timeZone: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  mapsLink: string | null;
  country: string;
  region: string | null;
  city: string;
  postalCode: string | null;
  locationVisibility: LocationVisibility;
  type: EventType;
  onlineLink: string | null;
  paid: boolean;
  price: number | null;
  paymentLink: string | null;
  visibility: EventVisibility;
  approvalRequired: boolean;
  onboardingEnabled: boolean;
  maxParticipants: number | null;
  organizerContact: string;
  /** Attendee matchmaking (issue 12 point 8). */
  networking: boolean;
  networkingOpensHours: number | null;
};

export type EventImage = { id: string; sizes: { "108": string; "256": string; "512": string } };

export type EventRow = EventFields & {
  id: string;
  communityId: string;
  createdBy: string | null;
  startsAt: Date;
  endsAt: Date;
  image: EventImage | null;
  createdAt: Date;
  updatedAt: Date;
};

const EVENT_COLUMNS = (db: Db) => db`
  e.id, e.community_id as "communityId", e.created_by as "createdBy", e.slug, e.title, e.description, e.translations,
  to_char(e.event_date, 'YYYY-MM-DD') as date, to_char(e.start_time, 'HH24:MI') as time, to_char(e.end_time, 'HH24:MI') as "endTime",
  e.time_zone as "timeZone", e.starts_at as "startsAt", e.ends_at as "endsAt", e.address, e.latitude, e.longitude,
  e.maps_link as "mapsLink", e.country, e.region, e.city, e.postal_code as "postalCode",
  e.location_visibility as "locationVisibility", e.type, e.online_link as "onlineLink", e.paid, e.price::float8 as price,
  e.payment_link as "paymentLink", e.visibility, e.approval_required as "approvalRequired",
  e.onboarding_enabled as "onboardingEnabled", e.max_participants as "maxParticipants",
  e.organizer_contact as "organizerContact", e.networking, e.networking_opens_hours as "networkingOpensHours", e.image, e.created_at as "createdAt", e.updated_at as "updatedAt"`;

export const SLUG_INDEX = "events_community_slug";

/** A taken slug is a 409; a time zone this PostgreSQL does not know (Intl did) a 400. */
function slugTaken(err: unknown): never {
  if (isUniqueViolation(err, SLUG_INDEX)) throw new AppError(ErrorCode.CONFLICT, "This slug is taken", { errors: { slug: "This slug is taken" } });
  if (err instanceof postgres.PostgresError && err.code === "22023" && /time zone/i.test(err.message)) {
    throw new AppError(ErrorCode.VALIDATION, "timeZone: Must be a valid IANA time zone", { errors: { timeZone: "Must be a valid IANA time zone" } });
  }
  throw err;
}

/** The start and end instants of the event's wall-clock date and times in its time zone. */
const instants = (db: Db, f: Pick<EventFields, "date" | "time" | "endTime" | "timeZone">) => db`
  (${f.date}::date + ${f.time}::time) at time zone ${f.timeZone},
  case when ${f.endTime}::time is null then (${f.date}::date + 1) at time zone ${f.timeZone}
       else (${f.date}::date + ${f.endTime}::time) at time zone ${f.timeZone} end`;

export async function insertEvent(db: Db, communityId: string, createdBy: string, f: EventFields): Promise<string> {
  try {
    const [row] = await db<{ id: string }[]>`
      insert into events (
        community_id, created_by, slug, title, description, translations, event_date, start_time, end_time, time_zone,
        starts_at, ends_at, address, latitude, longitude, maps_link, country, region, city, postal_code, location_visibility,
        type, online_link, paid, price, payment_link, visibility, approval_required, onboarding_enabled, max_participants,
        organizer_contact, networking, networking_opens_hours)
      values (
        ${communityId}, ${createdBy}, ${f.slug}, ${f.title}, ${f.description}, ${db.json(f.translations)}, ${f.date}::date,
        ${f.time}::time, ${f.endTime}::time, ${f.timeZone}, ${instants(db, f)}, ${f.address}, ${f.latitude}, ${f.longitude},
        ${f.mapsLink}, ${f.country}, ${f.region}, ${f.city}, ${f.postalCode}, ${f.locationVisibility}, ${f.type}, ${f.onlineLink},
        ${f.paid}, ${f.price}, ${f.paymentLink}, ${f.visibility}, ${f.approvalRequired}, ${f.onboardingEnabled},
        ${f.maxParticipants}, ${f.organizerContact}, ${f.networking}, ${f.networkingOpensHours})
      returning id`;
    if (!row) throw new Error("event insert returned no row");
    return row.id;
  } catch (err) {
    slugTaken(err);
  }
}

export async function updateEvent(db: Db, communityId: string, id: string, f: EventFields): Promise<void> {
  try {
    await db`
      update events set
        slug = ${f.slug}, title = ${f.title}, description = ${f.description}, translations = ${db.json(f.translations)},
        event_date = ${f.date}::date, start_time = ${f.time}::time, end_time = ${f.endTime}::time, time_zone = ${f.timeZone},
        (starts_at, ends_at) = (select ${instants(db, f)}),
        address = ${f.address}, latitude = ${f.latitude}, longitude = ${f.longitude}, maps_link = ${f.mapsLink},
        country = ${f.country}, region = ${f.region}, city = ${f.city}, postal_code = ${f.postalCode},
        location_visibility = ${f.locationVisibility}, type = ${f.type}, online_link = ${f.onlineLink}, paid = ${f.paid},
        price = ${f.price}, payment_link = ${f.paymentLink}, visibility = ${f.visibility},
        approval_required = ${f.approvalRequired}, onboarding_enabled = ${f.onboardingEnabled},
        max_participants = ${f.maxParticipants}, organizer_contact = ${f.organizerContact},
        networking = ${f.networking}, networking_opens_hours = ${f.networkingOpensHours}, updated_at = now()
      where community_id = ${communityId} and id = ${id}`;
  } catch (err) {
    slugTaken(err);
  }
}

export async function setEventImage(db: Db, communityId: string, id: string, image: EventImage | null): Promise<void> {
  await db`update events set image = ${image ? db.json(image) : null}, updated_at = now() where community_id = ${communityId} and id = ${id}`;
}

export async function deleteEvent(db: Db, communityId: string, id: string): Promise<void> {
  await db`delete from events where community_id = ${communityId} and id = ${id}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event of this community by id or slug (slugs compare case-insensitively); `lock` takes its row lock. */
export async function findEvent(db: Db, communityId: string, idOrSlug: string, opts: { lock?: boolean } = {}): Promise<EventRow | undefined> {
  const key = UUID.test(idOrSlug) ? db`e.id = ${idOrSlug}::uuid` : db`lower(e.slug) = lower(${idOrSlug})`;
  const [row] = await db<EventRow[]>`
    select ${EVENT_COLUMNS(db)} from events e where e.community_id = ${communityId} and ${key}
    ${opts.lock ? db`for update` : db``}`;
  return row;
}

export async function isSlugTaken(db: Db, communityId: string, slug: string, excludeId?: string): Promise<boolean> {
  const [row] = await db<{ taken: boolean }[]>`
    select exists (
      select 1 from events where community_id = ${communityId} and lower(slug) = lower(${slug})
      ${excludeId ? db`and id <> ${excludeId}::uuid` : db``}) as taken`;
  return row?.taken ?? false;
}

/** An event with what its page shows besides: the confirmed count, the organizers and the viewer's participation. */
export type EventViewRow = EventRow & {
  confirmedCount: number;
  /** Members asked to pay (PENDING, PAYMENT): on a paid event each holds the place offered. */
  offeredCount: number;
  organizers: OrganizerRow[];
  mine: (ParticipationRow & { waitlistPosition: number | null }) | null;
};

type ViewJson = { organizers: OrganizerRow[]; mine: Record<string, unknown> | null };

/** One query for a whole event page: correlated subqueries per event row (`e`). */
const VIEW_COLUMNS = (db: Db, participantId: string | null) => db`
  ${EVENT_COLUMNS(db)},
  (select count(*)::int from event_participations c
   where c.community_id = e.community_id and c.event_id = e.id and c.status = 'CONFIRMED') as "confirmedCount",
  (select count(*)::int from event_participations o
   where o.community_id = e.community_id and o.event_id = e.id and o.status = 'PENDING' and o.pending_reason = 'PAYMENT') as "offeredCount",
  coalesce((
    select jsonb_agg(jsonb_build_object('eventId', r.event_id, 'userId', r.user_id, 'participantId', p.id,
             'firstName', coalesce(p.first_name, ''), 'lastName', coalesce(p.last_name, ''), 'avatar', p.avatar) order by r.created_at, r.user_id)
    from event_responsibles r left join participants p on p.community_id = r.community_id and p.user_id = r.user_id
    where r.community_id = e.community_id and r.event_id = e.id), '[]'::jsonb) as organizers,
  ${
    participantId
      ? db`(select jsonb_build_object('eventId', ep.event_id, 'participantId', ep.participant_id, 'status', ep.status,
             'pendingReason', ep.pending_reason, 'paymentStatus', ep.payment_status, 'waitlistedAt', ep.waitlisted_at,
             'joinedAt', ep.joined_at, 'statusChangedAt', ep.status_changed_at,
             'waitlistPosition', case when ep.status = 'PENDING' and ep.pending_reason = 'WAITLIST' then (
               select count(*)::int from event_participations w
               where w.community_id = ep.community_id and w.event_id = ep.event_id and w.status = 'PENDING' and w.pending_reason = 'WAITLIST'
                 and (w.waitlisted_at, w.participant_id) <= (ep.waitlisted_at, ep.participant_id)) end)
           from event_participations ep
           where ep.community_id = e.community_id and ep.event_id = e.id and ep.participant_id = ${participantId}::uuid)`
      : db`null::jsonb`
  } as mine`;

const date = (v: unknown): Date | null => (typeof v === "string" ? new Date(v) : null);

function toView(row: EventRow & { confirmedCount: number; offeredCount: number } & ViewJson): EventViewRow {
  const m = row.mine;
  return {
    ...row,
    mine: m
      ? {
          eventId: String(m.eventId),
          participantId: String(m.participantId),
          status: m.status as ParticipationRow["status"],
          pendingReason: (m.pendingReason ?? null) as ParticipationRow["pendingReason"],
          paymentStatus: m.paymentStatus as ParticipationRow["paymentStatus"],
          waitlistedAt: date(m.waitlistedAt),
          joinedAt: date(m.joinedAt) ?? new Date(0),
          statusChangedAt: date(m.statusChangedAt) ?? new Date(0),
          waitlistPosition: typeof m.waitlistPosition === "number" ? m.waitlistPosition : null,
        }
      : null,
  };
}

export async function findEventView(db: Db, communityId: string, idOrSlug: string, participantId: string | null): Promise<EventViewRow | undefined> {
  const key = UUID.test(idOrSlug) ? db`e.id = ${idOrSlug}::uuid` : db`lower(e.slug) = lower(${idOrSlug})`;
  const [row] = await db<(EventRow & { confirmedCount: number; offeredCount: number } & ViewJson)[]>`
    select ${VIEW_COLUMNS(db, participantId)} from events e where e.community_id = ${communityId} and ${key}`;
  return row ? toView(row) : undefined;
}

/**
 * One page of the community's events, upcoming (not ended yet, soonest first) or past (ended,
 * latest first), each with its page extras, in one query. `publicOnly` for visitors who are not
 * participants.
 */
export async function listEventViews(
  db: Db,
  communityId: string,
  opts: { when: "upcoming" | "past"; publicOnly: boolean; page: Page; participantId: string | null },
): Promise<EventViewRow[]> {
  // An event lasts at most its one date (ends_at - starts_at < 25 h, a DST day included): the
  // bound on starts_at lets the upcoming page start its index walk at yesterday instead of at the
  // community's first event.
  const when =
    opts.when === "upcoming" ? db`e.ends_at > now() and e.starts_at > now() - interval '2 days'` : db`e.ends_at <= now()`;
  const order = opts.when === "upcoming" ? db`e.starts_at, e.id` : db`e.ends_at desc, e.id`;
  const rows = await db<(EventRow & { confirmedCount: number; offeredCount: number } & ViewJson)[]>`
    select ${VIEW_COLUMNS(db, opts.participantId)} from (
      select * from events e
      where e.community_id = ${communityId} and ${when} ${opts.publicOnly ? db`and e.visibility = 'PUBLIC'` : db``}
      order by ${order}
      limit ${opts.page.limit} offset ${opts.page.offset}) e
    order by ${order}`;
  return rows.map(toView);
}

// ---------------------------------------------------------------------------------------------
// Responsibles.

export type OrganizerRow = { eventId: string; userId: string; participantId: string | null; firstName: string; lastName: string; avatar: unknown };

export async function listOrganizers(db: Db, communityId: string, eventIds: readonly string[]): Promise<OrganizerRow[]> {
  if (!eventIds.length) return [];
  return db<OrganizerRow[]>`
    select r.event_id as "eventId", r.user_id as "userId", p.id as "participantId",
           coalesce(p.first_name, '') as "firstName", coalesce(p.last_name, '') as "lastName", p.avatar
    from event_responsibles r
    left join participants p on p.community_id = r.community_id and p.user_id = r.user_id
    where r.community_id = ${communityId} and r.event_id = any(${eventIds}::uuid[])
    order by r.created_at, r.user_id`;
}

/** Adds a responsible; false when they already were one. */
export async function insertResponsible(db: Db, communityId: string, eventId: string, userId: string): Promise<boolean> {
  const rows = await db`
    insert into event_responsibles (community_id, event_id, user_id) values (${communityId}, ${eventId}, ${userId})
    on conflict do nothing returning user_id`;
  return rows.length > 0;
}

export async function deleteResponsible(db: Db, communityId: string, eventId: string, userId: string): Promise<boolean> {
  const rows = await db`
    delete from event_responsibles where community_id = ${communityId} and event_id = ${eventId} and user_id = ${userId} returning user_id`;
  return rows.length > 0;
}

export async function countResponsibles(db: Db, communityId: string, eventId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`select count(*)::int as n from event_responsibles where community_id = ${communityId} and event_id = ${eventId}`;
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Participations.

export type ParticipationRow = {
  eventId: string;
  participantId: string;
  status: ParticipationStatus;
  pendingReason: PendingReason | null;
  paymentStatus: PaymentStatus;
  waitlistedAt: Date | null;
  joinedAt: Date;
  statusChangedAt: Date;
};

const PARTICIPATION_COLUMNS = (db: Db) => db`
  ep.event_id as "eventId", ep.participant_id as "participantId", ep.status, ep.pending_reason as "pendingReason",
  ep.payment_status as "paymentStatus", ep.waitlisted_at as "waitlistedAt", ep.joined_at as "joinedAt",
  ep.status_changed_at as "statusChangedAt"`;

export async function findParticipation(db: Db, communityId: string, eventId: string, participantId: string): Promise<ParticipationRow | undefined> {
  const [row] = await db<ParticipationRow[]>`
    select ${PARTICIPATION_COLUMNS(db)} from event_participations ep
    where ep.community_id = ${communityId} and ep.event_id = ${eventId} and ep.participant_id = ${participantId}`;
  return row;
}

export type ParticipationChange = { status: ParticipationStatus; pendingReason: PendingReason | null; paymentStatus: PaymentStatus };

/** Writes a participation's new state (a first join inserts it); a move onto the waitlist stamps its place. */
export async function saveParticipation(db: Db, communityId: string, eventId: string, participantId: string, c: ParticipationChange): Promise<ParticipationRow> {
  const waitlisted = c.pendingReason === "WAITLIST";
  const [row] = await db<ParticipationRow[]>`
    insert into event_participations as ep (community_id, event_id, participant_id, status, pending_reason, payment_status, waitlisted_at)
    values (${communityId}, ${eventId}, ${participantId}, ${c.status}, ${c.pendingReason}, ${c.paymentStatus}, ${waitlisted ? db`clock_timestamp()` : null})
    on conflict (community_id, event_id, participant_id) do update set
      status = excluded.status, pending_reason = excluded.pending_reason, payment_status = excluded.payment_status,
      waitlisted_at = case when excluded.pending_reason = 'WAITLIST' then coalesce(
        case when ep.pending_reason = 'WAITLIST' and ep.status = 'PENDING' then ep.waitlisted_at end, clock_timestamp()) end,
      status_changed_at = now()
    returning ${PARTICIPATION_COLUMNS(db)}`;
  if (!row) throw new Error("participation upsert returned no row");
  return row;
}

export async function countConfirmed(db: Db, communityId: string, eventId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from event_participations where community_id = ${communityId} and event_id = ${eventId} and status = 'CONFIRMED'`;
  return row?.n ?? 0;
}


/** Members asked to pay for a paid event (PENDING, PAYMENT): each holds the place offered to them. */
export async function countAwaitingPayment(db: Db, communityId: string, eventId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from event_participations
    where community_id = ${communityId} and event_id = ${eventId} and status = 'PENDING' and pending_reason = 'PAYMENT'`;
  return row?.n ?? 0;
}

/** The 1-based place of a waitlisted participation (compared in the database: waitlisted_at has microseconds). */
export async function waitlistPosition(db: Db, communityId: string, eventId: string, participantId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from event_participations w, event_participations me
    where me.community_id = ${communityId} and me.event_id = ${eventId} and me.participant_id = ${participantId}
      and w.community_id = me.community_id and w.event_id = me.event_id and w.status = 'PENDING' and w.pending_reason = 'WAITLIST'
      and (w.waitlisted_at, w.participant_id) <= (me.waitlisted_at, me.participant_id)`;
  return row?.n ?? 1;
}

/** The first `n` of the waitlist, first come first served. */
export async function nextOnWaitlist(db: Db, communityId: string, eventId: string, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const rows = await db<{ participantId: string }[]>`
    select participant_id as "participantId" from event_participations
    where community_id = ${communityId} and event_id = ${eventId} and status = 'PENDING' and pending_reason = 'WAITLIST'
    order by waitlisted_at, participant_id
    limit ${n}`;
  return rows.map((r) => r.participantId);
}

/** The participations still on (confirmed or pending) of an event: whom a change of it concerns. */
export async function listActiveParticipations(db: Db, communityId: string, eventId: string): Promise<ParticipationRow[]> {
  return db<ParticipationRow[]>`
    select ${PARTICIPATION_COLUMNS(db)} from event_participations ep
    where ep.community_id = ${communityId} and ep.event_id = ${eventId} and ep.status in ('CONFIRMED', 'PENDING')
    order by ep.joined_at, ep.participant_id`;
}

export async function listConfirmedIds(db: Db, communityId: string, eventId: string): Promise<string[]> {
  const rows = await db<{ participantId: string }[]>`
    select participant_id as "participantId" from event_participations
    where community_id = ${communityId} and event_id = ${eventId} and status = 'CONFIRMED'`;
  return rows.map((r) => r.participantId);
}

export type EventParticipantRow = { id: string; firstName: string; lastName: string; avatar: unknown };

/**
 * The event (by id or slug) with one page of its confirmed participants, in one query: no row
 * when the event does not exist here; one row with a null participant when the page is empty.
 */
export async function listConfirmed(
  db: Db,
  communityId: string,
  idOrSlug: string,
  page: Page,
): Promise<{ event: Pick<EventRow, "id" | "visibility">; rows: EventParticipantRow[] } | undefined> {
  const key = UUID.test(idOrSlug) ? db`e.id = ${idOrSlug}::uuid` : db`lower(e.slug) = lower(${idOrSlug})`;
  const rows = await db<({ eventId: string; visibility: EventRow["visibility"] } & { id: string | null; firstName: string; lastName: string; avatar: unknown })[]>`
    select e.id as "eventId", e.visibility, x.id, x."firstName", x."lastName", x.avatar
    from events e
    left join lateral (
      select p.id, p.first_name as "firstName", p.last_name as "lastName", p.avatar
      from event_participations ep
      join participants p on p.community_id = ep.community_id and p.id = ep.participant_id
      where ep.community_id = e.community_id and ep.event_id = e.id and ep.status = 'CONFIRMED'
      order by ep.status_changed_at, ep.participant_id
      limit ${page.limit} offset ${page.offset}) x on true
    where e.community_id = ${communityId} and ${key}`;
  const first = rows[0];
  if (!first) return undefined;
  return {
    event: { id: first.eventId, visibility: first.visibility },
    rows: rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, firstName: r.firstName, lastName: r.lastName, avatar: r.avatar }])),
  };
}

export type ReportRow = ParticipationRow & {
  userId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  avatar: unknown;
  completedAt: Date | null;
  /** The participant's privacy, which decides who sees `email` (participant/privacy.ts). */
  privacy: Privacy;
  hiddenContacts: ContactType[];
};

/** Everyone who joined the event (any status) or answered its onboarding, with completion. */
export async function listReportRows(db: Db, communityId: string, eventId: string): Promise<ReportRow[]> {
  return db<ReportRow[]>`
    with people as (
      select participant_id from event_participations where community_id = ${communityId} and event_id = ${eventId}
      union
      select participant_id from event_onboarding_completions where community_id = ${communityId} and event_id = ${eventId}
      union
      select a.participant_id from participant_answers a
      join community_questions q on q.community_id = a.community_id and q.id = a.question_id
      where a.community_id = ${communityId} and q.event_id = ${eventId}
    )
    select p.id as "participantId", p.user_id as "userId", ${eventId}::uuid as "eventId", coalesce(ep.status, 'NOT_PARTICIPATING') as status,
           ep.pending_reason as "pendingReason", coalesce(ep.payment_status, 'NONE') as "paymentStatus",
           ep.waitlisted_at as "waitlistedAt", ep.joined_at as "joinedAt", ep.status_changed_at as "statusChangedAt",
           p.first_name as "firstName", p.last_name as "lastName", u.email::text as email, p.avatar,
           p.privacy, p.hidden_contacts as "hiddenContacts", c.completed_at as "completedAt"
    from people x
    join participants p on p.community_id = ${communityId} and p.id = x.participant_id
    join users u on u.id = p.user_id
    left join event_participations ep on ep.community_id = ${communityId} and ep.event_id = ${eventId} and ep.participant_id = p.id
    left join event_onboarding_completions c on c.community_id = ${communityId} and c.event_id = ${eventId} and c.participant_id = p.id
    order by p.last_name, p.first_name, p.id`;
}

// ---------------------------------------------------------------------------------------------
// Event onboarding.

export async function findCompletion(db: Db, communityId: string, eventId: string, participantId: string): Promise<Date | null> {
  const [row] = await db<{ completedAt: Date }[]>`
    select completed_at as "completedAt" from event_onboarding_completions
    where community_id = ${communityId} and event_id = ${eventId} and participant_id = ${participantId}`;
  return row?.completedAt ?? null;
}

export async function markCompleted(db: Db, communityId: string, eventId: string, participantId: string): Promise<Date> {
  const [row] = await db<{ completedAt: Date }[]>`
    insert into event_onboarding_completions as c (community_id, event_id, participant_id) values (${communityId}, ${eventId}, ${participantId})
    on conflict (community_id, event_id, participant_id) do update set completed_at = c.completed_at
    returning completed_at as "completedAt"`;
  if (!row) throw new Error("completion upsert returned no row");
  return row.completedAt;
}

export async function clearCompletion(db: Db, communityId: string, eventId: string, participantId: string): Promise<void> {
  await db`delete from event_onboarding_completions where community_id = ${communityId} and event_id = ${eventId} and participant_id = ${participantId}`;
}

/** Deletes the participant's answers to the event's questions (all, or one question's). */
export async function deleteEventAnswers(db: Db, communityId: string, eventId: string, participantId: string, questionId?: string): Promise<number> {
  const rows = await db`
    delete from participant_answers a using community_questions q
    where a.community_id = ${communityId} and a.participant_id = ${participantId}
      and q.community_id = a.community_id and q.id = a.question_id and q.event_id = ${eventId}
      ${questionId ? db`and q.id = ${questionId}::uuid` : db``}
    returning a.question_id`;
  return rows.length;
}

export type EventAnswerRow = { participantId: string; questionId: string; optionIds: string[]; text: string | null; answeredAt: Date };

/** Every answer to the event's questions. */
export async function listEventAnswers(db: Db, communityId: string, eventId: string): Promise<EventAnswerRow[]> {
  return db<EventAnswerRow[]>`
    select a.participant_id as "participantId", a.question_id as "questionId", a.option_ids as "optionIds", a.text,
           a.answered_at as "answeredAt"
    from participant_answers a
    join community_questions q on q.community_id = a.community_id and q.id = a.question_id
    where a.community_id = ${communityId} and q.event_id = ${eventId}`;
}

/** Serialises one member's answers to one event's questionnaire (resumable submissions). */
export async function lockAnswering(db: Db, communityId: string, eventId: string, participantId: string): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtextextended(${`event-answers:${communityId}:${eventId}:${participantId}`}, 0))`;
}

// ---------------------------------------------------------------------------------------------
// Console (admins): the Events resource's window with counts.

export type ConsoleEventRow = Pick<
  EventRow,
  "id" | "slug" | "title" | "date" | "time" | "timeZone" | "startsAt" | "endsAt" | "type" | "visibility" | "paid" | "approvalRequired" | "onboardingEnabled" | "maxParticipants" | "createdAt"
> & { confirmedCount: number; pendingCount: number };

export async function listConsoleEvents(
  db: Db,
  communityId: string,
  opts: {
    tab: "upcoming" | "past" | undefined;
    q: string | undefined;
    ids: readonly string[] | undefined;
    sort: "date" | "title" | "createdAt";
    order: "ASC" | "DESC";
    limit: number;
    offset: number;
  },
): Promise<{ rows: ConsoleEventRow[]; total: number }> {
  const where = db`e.community_id = ${communityId}
    ${opts.tab === "upcoming" ? db`and e.ends_at > now()` : opts.tab === "past" ? db`and e.ends_at <= now()` : db``}
    ${opts.q ? db`and (e.title ilike ${`%${opts.q.replace(/[\\%_]/g, "\\$&")}%`} or e.slug ilike ${`%${opts.q.replace(/[\\%_]/g, "\\$&")}%`})` : db``}
    ${opts.ids ? db`and e.id = any(${opts.ids}::uuid[])` : db``}`;
  const dir = opts.order === "DESC" ? db`desc` : db`asc`;
  const order = opts.sort === "title" ? db`lower(e.title) ${dir}, e.id` : opts.sort === "createdAt" ? db`e.created_at ${dir}, e.id` : db`e.starts_at ${dir}, e.id`;
  const [count] = await db<{ n: number }[]>`select count(*)::int as n from events e where ${where}`;
  const rows = await db<ConsoleEventRow[]>`
    select e.id, e.slug, e.title, to_char(e.event_date, 'YYYY-MM-DD') as date, to_char(e.start_time, 'HH24:MI') as time,
           e.time_zone as "timeZone", e.starts_at as "startsAt", e.ends_at as "endsAt", e.type, e.visibility, e.paid,
           e.approval_required as "approvalRequired", e.onboarding_enabled as "onboardingEnabled",
           e.max_participants as "maxParticipants", e.created_at as "createdAt",
           (select count(*)::int from event_participations ep
             where ep.community_id = e.community_id and ep.event_id = e.id and ep.status = 'CONFIRMED') as "confirmedCount",
           (select count(*)::int from event_participations ep
             where ep.community_id = e.community_id and ep.event_id = e.id and ep.status = 'PENDING') as "pendingCount"
    from events e where ${where}
    order by ${order}
    limit ${opts.limit} offset ${opts.offset}`;
  return { rows, total: count?.n ?? 0 };
}
