import { z } from "@hono/zod-openapi";
import { pageOf, PageQuerySchema } from "../lib/paging.ts";
import { LangSchema } from "../tenancy/schema.ts";

// ---------------------------------------------------------------------------------------------
// Enumerations (spec 3).

/**
 * Who sees how much of the location (spec 3): full, without street, country+city, city only,
 * country only, street only, region+city, postal+city, none; PUBLIC shows everything to everyone,
 * PRIVATE everything to confirmed participants and nothing to others. Organizers always see all.
 */
export const LOCATION_VISIBILITIES = [
  "FULL",
  "WITHOUT_STREET",
  "COUNTRY_CITY",
  "CITY_ONLY",
  "COUNTRY_ONLY",
  "STREET_ONLY",
  "REGION_CITY",
  "POSTAL_CITY",
  "NONE",
  "PUBLIC",
  "PRIVATE",
] as const;
export const LocationVisibilitySchema = z.enum(LOCATION_VISIBILITIES).openapi("LocationVisibility");
export type LocationVisibility = z.infer<typeof LocationVisibilitySchema>;

export const EventTypeSchema = z.enum(["ONLINE", "OFFLINE"]).openapi("EventType");
export type EventType = z.infer<typeof EventTypeSchema>;

export const EventVisibilitySchema = z.enum(["PUBLIC", "PRIVATE"]).openapi("EventVisibility");
export type EventVisibility = z.infer<typeof EventVisibilitySchema>;

export const PARTICIPATION_STATUSES = ["CONFIRMED", "PENDING", "REJECTED", "CANCELLED"] as const;
export const ParticipationStatusSchema = z.enum(PARTICIPATION_STATUSES).openapi("ParticipationStatus");
export type ParticipationStatus = z.infer<typeof ParticipationStatusSchema>;

export const PendingReasonSchema = z
  .enum(["APPROVAL", "PAYMENT", "WAITLIST"])
  .openapi("PendingReason", { description: "Why a participation is PENDING: awaiting the organizers' approval, the payment's confirmation, or a free place (the waitlist)" });
export type PendingReason = z.infer<typeof PendingReasonSchema>;

export const PaymentStatusSchema = z
  .enum(["NONE", "AWAITING", "PAID"])
  .openapi("PaymentStatus", { description: "Paid events: AWAITING until an organizer confirms the payment (it may take a while), then PAID" });
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Field formats. Required fields and the rules between fields are checked on the merged event
// (rules.ts), so a PATCH obeys exactly what a create does.

export const REQUIRED = "This field is required";

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "Must be an http(s) link");

export const EVENT_SLUG_PATTERN = /^[\p{L}\p{N}-]{1,80}$/u;
const POSTAL_CODE = /^$|^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SLUG_MESSAGE = "Only letters, digits and hyphens";

export const EventSlugSchema = z
  .string()
  .trim()
  .regex(EVENT_SLUG_PATTERN, SLUG_MESSAGE)
  .refine((s) => !UUID_SHAPE.test(s), "A slug cannot look like an event id")
  // The generator would write the regex's flags into the pattern ("…$/u"), which matches nothing;
  // an OpenAPI 3.1 pattern is read with Unicode semantics anyway.
  .openapi({ example: "summer-meetup-2026", pattern: EVENT_SLUG_PATTERN.source });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DateSchema = z
  .string()
  .trim()
  .refine((s) => {
    const m = DATE.exec(s);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && Number(m[1]) >= 1900;
  }, "Must be a valid date (YYYY-MM-DD)")
  .openapi({ example: "2026-12-01" });

export const TimeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Must be a valid time (HH:MM)")
  .openapi({ example: "18:30" });

/** An IANA zone name ("Europe/Berlin", "UTC"): offsets such as "+03:00" are refused, PostgreSQL reads their sign the POSIX way. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\/[A-Za-z0-9_+-]+)*$/;

export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64 || !ZONE_NAME.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z.string().trim().refine(isTimeZone, "Must be a valid IANA time zone").openapi({ example: "Europe/Berlin" });

export const LocationInputSchema = z
  .strictObject({
    address: text(300).nullable().optional().openapi({ description: "Street and number" }),
    latitude: z.number().min(-90, "Must be a valid latitude").max(90, "Must be a valid latitude").nullable().optional(),
    longitude: z.number().min(-180, "Must be a valid longitude").max(180, "Must be a valid longitude").nullable().optional(),
    googleMapsLink: httpUrl.nullable().optional(),
    country: text(100).optional(),
    region: text(100).nullable().optional(),
    city: text(100).optional(),
    postalCode: text(20)
      .regex(POSTAL_CODE, "Must be a valid postal code (letters, digits, spaces and hyphens)")
      .openapi({ pattern: POSTAL_CODE.source })
      .nullable()
      .optional(),
  })
  .openapi("EventLocationInput");

export const EventTranslationSchema = z.strictObject({ title: text(200).optional(), description: text(10_000).optional() });
export const EventTranslationsSchema = z
  .partialRecord(LangSchema, EventTranslationSchema)
  .openapi("EventTranslations", { description: "Title and description by language (the community's languages)", example: { ru: { title: "Летняя встреча" } } });
export type EventTranslations = z.infer<typeof EventTranslationsSchema>;

const Price = z
  .number()
  .min(0, "Must be a valid price")
  .max(1_000_000_000, "Must be a valid price")
  .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "Must be a valid price (at most 2 decimals)");

const EventFields = {
  title: text(200),
  description: text(10_000),
  translations: EventTranslationsSchema,
  slug: EventSlugSchema,
  date: DateSchema,
  time: TimeSchema.openapi({ description: "Start time, in the event's time zone" }),
  endTime: TimeSchema.nullable().openapi({ description: "Optional end time on the same date, after the start" }),
  timeZone: TimeZoneSchema,
  location: LocationInputSchema,
  locationVisibility: LocationVisibilitySchema,
  type: EventTypeSchema,
  onlineLink: httpUrl.nullable(),
  paid: z.boolean(),
  price: Price.nullable(),
  paymentLink: httpUrl.nullable(),
  visibility: EventVisibilitySchema,
  approvalRequired: z.boolean(),
  enableOnboarding: z.boolean(),
  maxParticipants: z.number().int("Must be a whole number").min(1, "Must be at least 1").max(100_000, "Must be at most 100000").nullable(),
  organizerContact: text(300),
  networking: z.boolean().openapi({ description: "Attendee matchmaking: confirmed attendees get recommended contacts among the other confirmed attendees" }),
  networkingOpensHours: z
    .number()
    .int("Must be a whole number")
    .min(0, "Must be at least 0")
    .max(8760, "Must be at most 8760")
    .nullable()
    .openapi({ description: "Recommendations show this many hours before the start; null: as soon as the attendance is confirmed" }),
};

export const EventCreateSchema = z
  .strictObject({
    title: EventFields.title.optional(),
    description: EventFields.description.optional(),
    translations: EventFields.translations.optional(),
    slug: EventFields.slug.optional().openapi({ description: "Generated from the title when left out" }),
    date: EventFields.date.optional(),
    time: EventFields.time.optional(),
    endTime: EventFields.endTime.optional(),
    timeZone: EventFields.timeZone.optional(),
    location: EventFields.location.optional(),
    locationVisibility: EventFields.locationVisibility.optional(),
    type: EventFields.type.optional(),
    onlineLink: EventFields.onlineLink.optional(),
    paid: EventFields.paid.optional(),
    price: EventFields.price.optional(),
    paymentLink: EventFields.paymentLink.optional(),
    visibility: EventFields.visibility.optional(),
    approvalRequired: EventFields.approvalRequired.optional(),
    enableOnboarding: EventFields.enableOnboarding.optional(),
    maxParticipants: EventFields.maxParticipants.optional(),
    organizerContact: EventFields.organizerContact.optional(),
    networking: EventFields.networking.optional(),
    networkingOpensHours: EventFields.networkingOpensHours.optional(),
    communityId: z.string().max(100).optional().openapi({ description: "The current community's id (optional)" }),
  })
  .openapi("EventCreate", {
    description:
      "Required: title, description, date, time, timeZone, organizerContact, and location.city and location.country unless the event is ONLINE. Paid events need price > 0 and paymentLink; ONLINE events need onlineLink; endTime after time.",
  });
export type EventCreate = z.infer<typeof EventCreateSchema>;

export const EventPatchSchema = EventCreateSchema.omit({ communityId: true }).openapi("EventPatch", {
  description: "Fields left out stay as they are; `location` fields are merged. The result obeys the same rules as a create.",
});
export type EventPatch = z.infer<typeof EventPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Responses.

export const EventLocationSchema = z
  .object({
    address: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    googleMapsLink: z.string().nullable(),
    country: z.string().nullable(),
    region: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
  })
  .openapi("EventLocation", { description: "As the location visibility lets the caller see it (organizers see everything)" });
export type EventLocation = z.infer<typeof EventLocationSchema>;

export const EventOrganizerSchema = z
  .object({ userId: z.string(), participantId: z.string().nullable(), firstName: z.string(), lastName: z.string(), avatarUrl: z.string().nullable() })
  .openapi("EventOrganizer");
export type EventOrganizer = z.infer<typeof EventOrganizerSchema>;

export const MyParticipationSchema = z
  .object({
    status: ParticipationStatusSchema,
    pendingReason: PendingReasonSchema.nullable(),
    paymentStatus: PaymentStatusSchema,
    waitlistPosition: z.number().int().nullable(),
  })
  .openapi("MyParticipation");

export const EventImageSchema = z.object({ "108": z.string(), "256": z.string(), "512": z.string() }).openapi("EventImageSizes");

export const EventSchema = z
  .object({
    id: z.string().uuid(),
    communityId: z.string(),
    createdBy: z.string().nullable(),
    slug: z.string(),
    title: z.string().openapi({ description: "In the requested language, else the default text" }),
    description: z.string(),
    language: LangSchema.nullable().openapi({ description: "The language of title and description when a translation was used, else null" }),
    translations: EventTranslationsSchema,
    date: z.string(),
    time: z.string(),
    endTime: z.string().nullable(),
    timeZone: z.string(),
    eventDateTime: z.string().openapi({ format: "date-time", description: "The start as an instant" }),
    endDateTime: z.string().openapi({ format: "date-time", description: "The end as an instant (the end of the date when there is no end time)" }),
    location: EventLocationSchema,
    locationVisibility: LocationVisibilitySchema,
    type: EventTypeSchema,
    onlineLink: z.string().nullable().openapi({ description: "Only for confirmed participants and organizers" }),
    paid: z.boolean(),
    price: z.number().nullable(),
    paymentLink: z.string().nullable(),
    visibility: EventVisibilitySchema,
    approvalRequired: z.boolean(),
    enableOnboarding: z.boolean(),
    maxParticipants: z.number().int().nullable(),
    organizerContact: z.string(),
    networking: z.boolean(),
    networkingOpensHours: z.number().int().nullable(),
    organizers: z.array(EventOrganizerSchema),
    imageUrl: z.string().nullable(),
    image: EventImageSchema.nullable(),
    confirmedCount: z.number().int(),
    spotsLeft: z.number().int().nullable(),
    hasEnded: z.boolean(),
    isOrganizer: z.boolean().openapi({ description: "The caller may edit the event" }),
    myParticipation: MyParticipationSchema.nullable().openapi({ description: "The caller's participation, if any" }),
    calendarLinks: z
      .object({ ics: z.string(), google: z.string(), outlook: z.string() })
      .openapi("EventCalendarLinks", { description: "Add to calendar: the .ics file (RFC 5545, with the time zone), Google Calendar, Outlook" }),
  })
  .openapi("Event");
export type Event = z.infer<typeof EventSchema>;

export const EventPageSchema = pageOf(EventSchema, "EventPage");
export type EventPage = z.infer<typeof EventPageSchema>;

export const EventListQuerySchema = PageQuerySchema.extend({
  communityId: z.string().max(100).optional().openapi({ description: "The current community's id (optional)" }),
  language: z.string().max(20).optional().openapi({ description: "Language of titles and descriptions" }),
});

export const EventIdParamSchema = z.object({
  id: z.string().min(1).max(100).openapi({ param: { name: "id", in: "path" }, description: "The event's id or slug" }),
});

export const EventGetQuerySchema = z.object({ language: z.string().max(20).optional() });

export const SlugQuerySchema = z.object({
  slug: z.string().max(200).openapi({ description: "The slug to check" }),
  excludeId: z.string().uuid().optional().openapi({ description: "The event being edited (its own slug counts as available)" }),
});
export const SlugAvailableSchema = z
  .object({ slug: z.string(), available: z.boolean(), valid: z.boolean(), message: z.string().nullable() })
  .openapi("SlugAvailable");

export const ParticipantParamSchema = EventIdParamSchema.extend({
  pid: z.string().uuid().openapi({ param: { name: "pid", in: "path" }, description: "A participant id" }),
});

export const StatusParamSchema = ParticipantParamSchema.extend({
  status: ParticipationStatusSchema.openapi({ param: { name: "status", in: "path" } }),
});

export const ParticipationLookupParamSchema = z.object({
  participantId: z.string().uuid().openapi({ param: { name: "participantId", in: "path" } }),
  eventId: z.string().min(1).max(100).openapi({ param: { name: "eventId", in: "path" }, description: "The event's id or slug" }),
});

export const ParticipationSchema = z
  .object({
    eventId: z.string(),
    participantId: z.string(),
    status: z.enum([...PARTICIPATION_STATUSES, "NOT_PARTICIPATING"]),
    pendingReason: PendingReasonSchema.nullable(),
    paymentStatus: PaymentStatusSchema,
    paymentLink: z.string().nullable().openapi({ description: "Paid events while the payment awaits confirmation" }),
    waitlistPosition: z.number().int().nullable().openapi({ description: "1 for the next member to get a place" }),
    joinedAt: z.string().nullable(),
    statusChangedAt: z.string().nullable(),
  })
  .openapi("Participation");
export type Participation = z.infer<typeof ParticipationSchema>;

export const EventParticipantSchema = z
  .object({ id: z.string(), firstName: z.string(), lastName: z.string(), avatarUrl: z.string().nullable() })
  .openapi("EventParticipant");
export const EventParticipantPageSchema = pageOf(EventParticipantSchema, "EventParticipantPage");
export type EventParticipantPage = z.infer<typeof EventParticipantPageSchema>;

export const ResponsibleBodySchema = z.strictObject({ userId: z.string().uuid() }).openapi("ResponsibleAdd");
export const ResponsibleParamSchema = EventIdParamSchema.extend({
  userId: z.string().uuid().openapi({ param: { name: "userId", in: "path" } }),
});

// ---------------------------------------------------------------------------------------------
// Console (admins).

export const ConsoleEventSchema = z
  .object({
    id: z.string().uuid(),
    slug: z.string(),
    title: z.string(),
    date: z.string(),
    time: z.string(),
    timeZone: z.string(),
    eventDateTime: z.string(),
    type: EventTypeSchema,
    visibility: EventVisibilitySchema,
    paid: z.boolean(),
    approvalRequired: z.boolean(),
    enableOnboarding: z.boolean(),
    maxParticipants: z.number().int().nullable(),
    confirmedCount: z.number().int(),
    pendingCount: z.number().int().openapi({ description: "Participations waiting for approval, payment or a place" }),
    hasEnded: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("ConsoleEvent");
export type ConsoleEvent = z.infer<typeof ConsoleEventSchema>;

export const ConsoleListQuerySchema = z.object({
  sort: z.string().max(200).optional().openapi({ example: '["date","ASC"]', description: "[field, ASC|DESC]; fields date, title, createdAt" }),
  range: z.string().max(100).optional().openapi({ example: "[0,24]", description: "[first, last], inclusive, at most 500 rows" }),
  filter: z.string().max(20_000).optional().openapi({ example: '{"tab":"upcoming","q":"meetup"}', description: "{tab: upcoming|past, q, id}" }),
});
