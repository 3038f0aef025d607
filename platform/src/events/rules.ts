/**
 * The event form's rules (spec 5), applied to the event as it will be stored: a create's input over
 * the defaults, or a PATCH over the current event. One function, so both obey the same rules.
 */
import type { FieldErrors } from "../lib/errors.ts";
import type { Lang } from "../tenancy/schema.ts";
import type { EventFields, EventRow } from "./queries.ts";
import { type EventCreate, type EventPatch, REQUIRED } from "./schemas.ts";
import { transliterate } from "../lib/transliterate.ts";

export const MESSAGES = {
  required: REQUIRED,
  pricePositive: "A paid event needs a price greater than 0",
  paymentLink: "A paid event needs a payment link",
  onlineLink: "An online event needs a meeting link",
  endAfterStart: "The end time must be after the start time",
  language: (langs: readonly string[]) => `Translations are for the community's languages (${langs.join(", ")})`,
  visibilityNeeds: {
    address: "The place is shown as the street only: enter the street and number",
    region: "The place is shown as region and city: enter the region",
    postalCode: "The place is shown as postal code and city: enter the postal code",
  },
  belowConfirmed: (n: number) => `${n} participants are confirmed already; the limit cannot be lower`,
} as const;

/** The event with everything a create does not name set to its default. */
const DEFAULTS: EventFields = {
  slug: "",
  title: "",
  description: "",
  translations: {},
  date: "",
  time: "",
  endTime: null,
  timeZone: "",
  address: null,
  latitude: null,
  longitude: null,
  mapsLink: null,
  country: "",
  region: null,
  city: "",
  postalCode: null,
  locationVisibility: "FULL",
  type: "OFFLINE",
  onlineLink: null,
  paid: false,
  price: null,
  paymentLink: null,
  visibility: "PUBLIC",
  approvalRequired: false,
  onboardingEnabled: false,
  maxParticipants: null,
  organizerContact: "",
  networking: false,
  networkingOpensHours: null,
};

const orNull = (s: string | null | undefined): string | null | undefined => (s === undefined ? undefined : s === null || s.trim() === "" ? null : s);

function pick<T>(value: T | undefined, current: T): T {
  return value === undefined ? current : value;
}

/** `input` over `base` (the current event, or the defaults for a create). Empty optional texts become null. */
export function mergeEvent(base: EventRow | null, input: EventCreate | EventPatch): EventFields {
  const b: EventFields = base ? fieldsOf(base) : DEFAULTS;
  const loc = input.location ?? {};
  return {
    slug: pick(input.slug, b.slug),
    title: pick(input.title, b.title),
    description: pick(input.description, b.description),
    translations: pick(input.translations, b.translations),
    date: pick(input.date, b.date),
    time: pick(input.time, b.time),
    endTime: pick(orNull(input.endTime), b.endTime),
    timeZone: pick(input.timeZone, b.timeZone),
    address: pick(orNull(loc.address), b.address),
    latitude: pick(loc.latitude, b.latitude),
    longitude: pick(loc.longitude, b.longitude),
    mapsLink: pick(orNull(loc.googleMapsLink), b.mapsLink),
    country: pick(loc.country, b.country),
    region: pick(orNull(loc.region), b.region),
    city: pick(loc.city, b.city),
    postalCode: pick(orNull(loc.postalCode), b.postalCode),
    locationVisibility: pick(input.locationVisibility, b.locationVisibility),
    type: pick(input.type, b.type),
    onlineLink: pick(orNull(input.onlineLink), b.onlineLink),
    paid: pick(input.paid, b.paid),
    price: pick(input.price, b.price),
    paymentLink: pick(orNull(input.paymentLink), b.paymentLink),
    visibility: pick(input.visibility, b.visibility),
    approvalRequired: pick(input.approvalRequired, b.approvalRequired),
    onboardingEnabled: pick(input.enableOnboarding, b.onboardingEnabled),
    maxParticipants: pick(input.maxParticipants, b.maxParticipants),
    organizerContact: pick(input.organizerContact, b.organizerContact),
    networking: pick(input.networking, b.networking),
    networkingOpensHours: pick(input.networkingOpensHours, b.networkingOpensHours),
  };
}

export function fieldsOf(e: EventRow): EventFields {
  const { id: _id, communityId: _c, createdBy: _by, startsAt: _s, endsAt: _e, image: _i, createdAt: _ca, updatedAt: _ua, ...fields } = e;
  return fields;
}

/** The optional location field a visibility value is about (spec 3: street only, region+city, postal+city). */
const VISIBILITY_NEEDS: Partial<Record<EventFields["locationVisibility"], "address" | "region" | "postalCode">> = {
  STREET_ONLY: "address",
  REGION_CITY: "region",
  POSTAL_CITY: "postalCode",
};

/** Every broken rule of the merged event, keyed by field path as the form names it. */
export function eventErrors(e: EventFields, langs: readonly Lang[]): FieldErrors {
  const errors: FieldErrors = {};
  const required: [string, string][] = [
    ["title", e.title],
    ["description", e.description],
    ["date", e.date],
    ["time", e.time],
    ["timeZone", e.timeZone],
    ["organizerContact", e.organizerContact],
    // An online event happens at its link: country and city are optional there.
    ...(e.type === "ONLINE" ? [] : ([["location.city", e.city], ["location.country", e.country]] as [string, string][])),
  ];
  for (const [field, value] of required) if (!value.trim()) errors[field] = MESSAGES.required;
  if (e.paid) {
    if (e.price === null || !(e.price > 0)) errors.price = MESSAGES.pricePositive;
    if (!e.paymentLink) errors.paymentLink = MESSAGES.paymentLink;
  }
  if (e.type === "ONLINE" && !e.onlineLink) errors.onlineLink = MESSAGES.onlineLink;
  if (e.endTime !== null && e.time && e.endTime <= e.time) errors.endTime = MESSAGES.endAfterStart;
  // A location visibility that shows one optional field needs that field, or it shows next to nothing.
  const shown = VISIBILITY_NEEDS[e.locationVisibility];
  if (shown && !e[shown]?.trim()) errors[`location.${shown}`] = MESSAGES.visibilityNeeds[shown];
  for (const lang of Object.keys(e.translations)) {
    if (!(langs as readonly string[]).includes(lang)) errors[`translations.${lang}`] = MESSAGES.language(langs);
  }
  return errors;
}

/** A readable slug from a title: letters (Cyrillic in Latin) and digits, joined by hyphens. */
export function slugFromTitle(title: string): string {
  // Latin letters first (Cyrillic transliterated), so links carry no percent-encoding; letters of
  // other scripts stay, as the slug pattern allows.
  const base = transliterate(title)
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return base || "event";
}
