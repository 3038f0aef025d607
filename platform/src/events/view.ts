/**
 * Who looks at an event and what they see of it. The location visibility is applied here, to
 * every event the server hands to anyone who does not organize it (event page, lists); e-mails and
 * calendar files take the location from `visibleLocation` too.
 */
import { isOrganizer, notAParticipant, participantOf } from "../authz/index.ts";
import type { Ctx } from "../context.ts";
import { notFound, unauthenticated } from "../lib/errors.ts";
import { offeredLang } from "../questionnaire/localize.ts";
import type { Lang, Tenant } from "../tenancy/schema.ts";
import { calendarLinks } from "./calendar.ts";
import { type EventRow, findEvent, type OrganizerRow, type ParticipationRow } from "./queries.ts";
import type { Event, EventLocation, EventOrganizer, LocationVisibility } from "./schemas.ts";

export type EventViewer = {
  /** Organizes this event (responsible, community admin, operator): sees everything. */
  organizer: boolean;
  /** The caller's participant in this community, if any. */
  participantId: string | null;
  participation: ParticipationRow | null;
};

const NOTHING: EventLocation = {
  address: null,
  latitude: null,
  longitude: null,
  googleMapsLink: null,
  country: null,
  region: null,
  city: null,
  postalCode: null,
};

/** Which location fields each visibility shows to people who do not organize the event. */
const SHOWN: Record<Exclude<LocationVisibility, "PRIVATE">, readonly (keyof EventLocation)[]> = {
  FULL: ["address", "latitude", "longitude", "googleMapsLink", "country", "region", "city", "postalCode"],
  PUBLIC: ["address", "latitude", "longitude", "googleMapsLink", "country", "region", "city", "postalCode"],
  WITHOUT_STREET: ["country", "region", "city", "postalCode"],
  COUNTRY_CITY: ["country", "city"],
  CITY_ONLY: ["city"],
  COUNTRY_ONLY: ["country"],
  STREET_ONLY: ["address"],
  REGION_CITY: ["region", "city"],
  POSTAL_CITY: ["postalCode", "city"],
  NONE: [],
};

export function fullLocation(e: EventRow): EventLocation {
  return {
    address: e.address,
    latitude: e.latitude,
    longitude: e.longitude,
    googleMapsLink: e.mapsLink,
    country: e.country,
    region: e.region,
    city: e.city,
    postalCode: e.postalCode,
  };
}

const isConfirmed = (v: EventViewer) => v.participation?.status === "CONFIRMED";

/** The location as `viewer` may see it. PRIVATE: everything for confirmed participants, nothing for others. */
export function visibleLocation(e: EventRow, viewer: EventViewer): EventLocation {
  const full = fullLocation(e);
  if (viewer.organizer) return full;
  const shown = e.locationVisibility === "PRIVATE" ? (isConfirmed(viewer) ? SHOWN.FULL : []) : SHOWN[e.locationVisibility];
  const out: EventLocation = { ...NOTHING };
  for (const k of shown) (out as Record<string, unknown>)[k] = full[k];
  return out;
}

function avatarUrl(avatar: unknown): string | null {
  const sizes = (avatar as { sizes?: Record<string, unknown> } | null)?.sizes;
  const url = sizes?.["256"];
  return typeof url === "string" ? url : null;
}
export { avatarUrl };

export function toOrganizer(r: OrganizerRow): EventOrganizer {
  return { userId: r.userId, participantId: r.participantId, firstName: r.firstName, lastName: r.lastName, avatarUrl: avatarUrl(r.avatar) };
}

export type EventExtras = { organizers: EventOrganizer[]; confirmedCount: number; offeredCount: number; waitlistPosition: number | null };

/** The event as the viewer sees it, title and description in `lang` when translated. */
export function toEvent(tenant: Tenant, e: EventRow, viewer: EventViewer, extras: EventExtras, lang: Lang | undefined, now = new Date()): Event {
  const t = lang ? e.translations[lang] : undefined;
  const translated = Boolean(t?.title || t?.description);
  const p = viewer.participation;
  const title = t?.title || e.title;
  const description = t?.description || e.description;
  const location = visibleLocation(e, viewer);
  return {
    id: e.id,
    communityId: e.communityId,
    createdBy: e.createdBy,
    slug: e.slug,
    title,
    description,
    language: translated && lang ? lang : null,
    translations: e.translations,
    date: e.date,
    time: e.time,
    endTime: e.endTime,
    timeZone: e.timeZone,
    eventDateTime: e.startsAt.toISOString(),
    endDateTime: e.endsAt.toISOString(),
    location,
    locationVisibility: e.locationVisibility,
    type: e.type,
    onlineLink: viewer.organizer || isConfirmed(viewer) ? e.onlineLink : null,
    paid: e.paid,
    price: e.price,
    paymentLink: e.paid ? e.paymentLink : null,
    visibility: e.visibility,
    approvalRequired: e.approvalRequired,
    enableOnboarding: e.onboardingEnabled,
    maxParticipants: e.maxParticipants,
    organizerContact: e.organizerContact,
    networking: e.networking,
    networkingOpensHours: e.networkingOpensHours,
    organizers: extras.organizers,
    imageUrl: e.image?.sizes["512"] ?? null,
    image: e.image?.sizes ?? null,
    confirmedCount: extras.confirmedCount,
    // A paid event's offers to pay hold their places (the waitlist comes before payment).
    spotsLeft: e.maxParticipants === null ? null : Math.max(0, e.maxParticipants - extras.confirmedCount - (e.paid ? extras.offeredCount : 0)),
    hasEnded: hasEnded(e, now),
    isOrganizer: viewer.organizer,
    myParticipation: p
      ? { status: p.status, pendingReason: p.pendingReason, paymentStatus: p.paymentStatus, waitlistPosition: extras.waitlistPosition }
      : null,
    calendarLinks: calendarLinks(tenant, e, { title, description, location }),
  };
}

export function hasEnded(e: Pick<EventRow, "endsAt">, now = new Date()): boolean {
  return e.endsAt.getTime() <= now.getTime();
}

/** The language asked for, when the community offers it. */
export function requestedLang(ctx: Ctx, language: string | undefined): Lang | undefined {
  return language ? offeredLang(ctx.tenant.config, language) : undefined;
}

/** An event of this community by id or slug, or 404 (another community's event included). */
export async function requireEvent(ctx: Ctx, idOrSlug: string, opts: { lock?: boolean } = {}): Promise<EventRow> {
  const event = await findEvent(ctx.db, ctx.tenant.id, idOrSlug, opts);
  if (!event) throw notFound("Event not found");
  return event;
}

/**
 * Whether the caller may see the event at all: PUBLIC events everyone (signed out too), PRIVATE
 * ones the community's participants (401 signed out, 403 1021 for a user who has not joined) and
 * its organizers. `organizer`, when the caller knows it already, saves asking.
 */
export async function requireVisible(ctx: Ctx, event: Pick<EventRow, "id" | "visibility">, organizer?: boolean): Promise<{ participantId: string | null }> {
  const participant = ctx.actor.kind === "user" ? await participantOf(ctx) : null;
  if (event.visibility === "PRIVATE" && !participant && !(organizer ?? (await isOrganizer(ctx, event.id)))) {
    if (ctx.actor.kind !== "user") throw unauthenticated("Sign in to see this event");
    throw notAParticipant();
  }
  return { participantId: participant?.id ?? null };
}
