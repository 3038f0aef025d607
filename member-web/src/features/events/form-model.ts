import type { EventCreate, EventItem } from "./model.ts";

/** The event form's text state: every input is a string or a flag until it is sent. */
export type EventFormState = {
  title: string;
  description: string;
  slug: string;
  date: string;
  time: string;
  endTime: string;
  timeZone: string;
  country: string;
  city: string;
  address: string;
  region: string;
  postalCode: string;
  googleMapsLink: string;
  latitude: string;
  longitude: string;
  type: "ONLINE" | "OFFLINE";
  onlineLink: string;
  paid: boolean;
  price: string;
  paymentLink: string;
  visibility: "PUBLIC" | "PRIVATE";
  approvalRequired: boolean;
  enableOnboarding: boolean;
  maxParticipants: string;
  organizerContact: string;
  networking: boolean;
  networkingOpensHours: string;
  locationVisibility: EventItem["locationVisibility"];
  /** Title and description by language, for the community's languages. */
  translations: Partial<Record<"en" | "ru", { title: string; description: string }>>;
};

export type FormErrorKey =
  | "required"
  | "pricePositive"
  | "paymentLink"
  | "onlineLink"
  | "endAfterStart"
  | "invalidDate"
  | "invalidTime"
  | "invalidNumber"
  | "invalidLatitude"
  | "invalidLongitude"
  | "invalidPrice"
  | "invalidMax"
  | "invalidHours"
  | "invalidLink"
  | "slugFormat"
  | "slugTaken"
  | "tooLong"
  | "invalidPostalCode"
  | "needsAddress"
  | "needsRegion"
  | "needsPostalCode";

export function emptyForm(timeZone: string): EventFormState {
  return {
    title: "",
    description: "",
    slug: "",
    date: "",
    time: "",
    endTime: "",
    timeZone,
    country: "",
    city: "",
    address: "",
    region: "",
    postalCode: "",
    googleMapsLink: "",
    latitude: "",
    longitude: "",
    type: "OFFLINE",
    onlineLink: "",
    paid: false,
    price: "",
    paymentLink: "",
    visibility: "PUBLIC",
    approvalRequired: false,
    enableOnboarding: false,
    maxParticipants: "",
    organizerContact: "",
    networking: false,
    networkingOpensHours: "",
    locationVisibility: "FULL",
    translations: {},
  };
}

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));

export function formOf(e: EventItem): EventFormState {
  return {
    title: e.title,
    description: e.description,
    slug: e.slug,
    date: e.date,
    time: e.time,
    endTime: e.endTime ?? "",
    timeZone: e.timeZone,
    country: e.location.country ?? "",
    city: e.location.city ?? "",
    address: e.location.address ?? "",
    region: e.location.region ?? "",
    postalCode: e.location.postalCode ?? "",
    googleMapsLink: e.location.googleMapsLink ?? "",
    latitude: str(e.location.latitude),
    longitude: str(e.location.longitude),
    type: e.type,
    onlineLink: e.onlineLink ?? "",
    paid: e.paid,
    price: str(e.price),
    paymentLink: e.paymentLink ?? "",
    visibility: e.visibility,
    approvalRequired: e.approvalRequired,
    enableOnboarding: e.enableOnboarding,
    maxParticipants: str(e.maxParticipants),
    organizerContact: e.organizerContact,
    networking: e.networking,
    networkingOpensHours: str(e.networkingOpensHours),
    locationVisibility: e.locationVisibility,
    translations: Object.fromEntries(
      Object.entries(e.translations).map(([lang, tr]) => [lang, { title: tr?.title ?? "", description: tr?.description ?? "" }]),
    ),
  };
}

export const SLUG = /^[\p{L}\p{N}-]+$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const POSTAL_CODE = /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u;

/** The optional place field a location visibility shows (street only, region+city, postal+city): it must be filled. */
const VISIBILITY_NEEDS: Partial<Record<EventFormState["locationVisibility"], ["address" | "region" | "postalCode", FormErrorKey]>> = {
  STREET_ONLY: ["address", "needsAddress"],
  REGION_CITY: ["region", "needsRegion"],
  POSTAL_CITY: ["postalCode", "needsPostalCode"],
};

/** An online event happens at its link: country and city are optional there (the server agrees). */
export function isRequired(f: Pick<EventFormState, "type">, k: "title" | "description" | "date" | "time" | "timeZone" | "organizerContact" | "city" | "country"): boolean {
  return !(f.type === "ONLINE" && (k === "city" || k === "country"));
}

/** Whether the chosen location visibility makes this place field required. */
export function requiredByVisibility(f: EventFormState, k: keyof EventFormState): boolean {
  return VISIBILITY_NEEDS[f.locationVisibility]?.[0] === k;
}

function isLink(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

const num = (s: string) => (s.trim() === "" ? null : Number(s.trim().replace(",", ".")));

/** The spec's event form rules (5. Event form), field by field; the server checks them again. */
export function validateEvent(f: EventFormState): Partial<Record<keyof EventFormState, FormErrorKey>> {
  const e: Partial<Record<keyof EventFormState, FormErrorKey>> = {};
  for (const k of ["title", "description", "date", "time", "timeZone", "organizerContact", "city", "country"] as const) {
    if (f[k].trim() === "" && isRequired(f, k)) e[k] = "required";
  }
  if (!e.date && !DATE.test(f.date.trim())) e.date = "invalidDate";
  if (!e.date && Number.isNaN(new Date(`${f.date.trim()}T00:00:00Z`).getTime())) e.date = "invalidDate";
  if (!e.time && !TIME.test(f.time.trim())) e.time = "invalidTime";
  if (f.endTime.trim() !== "") {
    if (!TIME.test(f.endTime.trim())) e.endTime = "invalidTime";
    else if (!e.time && f.endTime.trim() <= f.time.trim()) e.endTime = "endAfterStart";
  }
  for (const [k, max] of [["address", 300], ["region", 100], ["postalCode", 20]] as const) {
    if (f[k].trim().length > max) e[k] = "tooLong";
  }
  if (!e.postalCode && f.postalCode.trim() !== "" && !POSTAL_CODE.test(f.postalCode.trim())) e.postalCode = "invalidPostalCode";
  const needs = VISIBILITY_NEEDS[f.locationVisibility];
  if (needs && f[needs[0]].trim() === "") e[needs[0]] = needs[1];
  if (f.googleMapsLink.trim() !== "" && !isLink(f.googleMapsLink.trim())) e.googleMapsLink = "invalidLink";
  const lat = num(f.latitude);
  if (lat !== null && (Number.isNaN(lat) || lat < -90 || lat > 90)) e.latitude = "invalidLatitude";
  const lon = num(f.longitude);
  if (lon !== null && (Number.isNaN(lon) || lon < -180 || lon > 180)) e.longitude = "invalidLongitude";
  const max = num(f.maxParticipants);
  if (max !== null && (!Number.isInteger(max) || max < 1)) e.maxParticipants = "invalidMax";
  const hours = num(f.networkingOpensHours);
  if (hours !== null && (!Number.isInteger(hours) || hours < 0 || hours > 8760)) e.networkingOpensHours = "invalidHours";
  if (f.type === "ONLINE") {
    if (f.onlineLink.trim() === "") e.onlineLink = "onlineLink";
    else if (!isLink(f.onlineLink.trim())) e.onlineLink = "invalidLink";
  } else if (f.onlineLink.trim() !== "" && !isLink(f.onlineLink.trim())) e.onlineLink = "invalidLink";
  if (f.paid) {
    const price = num(f.price);
    if (price === null || price <= 0) e.price = price !== null && Number.isNaN(price) ? "invalidPrice" : "pricePositive";
    else if (Number.isNaN(price) || Math.round(price * 100) !== price * 100) e.price = "invalidPrice";
    if (f.paymentLink.trim() === "") e.paymentLink = "paymentLink";
    else if (!isLink(f.paymentLink.trim())) e.paymentLink = "invalidLink";
  }
  if (f.slug.trim() !== "" && !SLUG.test(f.slug.trim())) e.slug = "slugFormat";
  return e;
}

/** The body of POST /event/create and PATCH /event/{id}. */
export function bodyOf(f: EventFormState): EventCreate {
  const blankNull = (s: string) => (s.trim() === "" ? null : s.trim());
  return {
    title: f.title.trim(),
    description: f.description.trim(),
    ...(f.slug.trim() ? { slug: f.slug.trim() } : {}),
    date: f.date.trim(),
    time: f.time.trim(),
    endTime: blankNull(f.endTime),
    timeZone: f.timeZone.trim(),
    location: {
      country: f.country.trim(),
      city: f.city.trim(),
      address: blankNull(f.address),
      region: blankNull(f.region),
      postalCode: blankNull(f.postalCode),
      googleMapsLink: blankNull(f.googleMapsLink),
      latitude: num(f.latitude),
      longitude: num(f.longitude),
    },
    type: f.type,
    onlineLink: blankNull(f.onlineLink),
    paid: f.paid,
    price: f.paid ? num(f.price) : null,
    paymentLink: f.paid ? blankNull(f.paymentLink) : null,
    visibility: f.visibility,
    approvalRequired: f.approvalRequired,
    enableOnboarding: f.enableOnboarding,
    maxParticipants: num(f.maxParticipants),
    organizerContact: f.organizerContact.trim(),
    networking: f.networking,
    networkingOpensHours: f.networking ? num(f.networkingOpensHours) : null,
    locationVisibility: f.locationVisibility,
    translations: Object.fromEntries(
      Object.entries(f.translations).flatMap(([lang, tr]) => {
        const title = tr?.title.trim() ?? "";
        const description = tr?.description.trim() ?? "";
        if (!title && !description) return [];
        return [[lang, { ...(title ? { title } : {}), ...(description ? { description } : {}) }]];
      }),
    ),
  };
}
