/**
 * The calendar side of an event: an iCalendar file (RFC 5545) with the event's time zone as a
 * VTIMEZONE, and add-to-calendar links. The location in both is what the recipient may see.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import type { Tenant } from "../tenancy/schema.ts";
import type { EventRow } from "./queries.ts";
import type { EventLocation } from "./schemas.ts";

export function eventUrl(tenant: Tenant, e: Pick<EventRow, "id">): string {
  return `${tenant.url}/event/${e.id}`;
}

export function icsUrl(tenant: Tenant, e: Pick<EventRow, "id">): string {
  return `${tenant.url}/api/event/${e.id}/calendar.ics`;
}

/** The visible location as one line (address, postal code and city, region, country). */
export function locationLine(l: EventLocation): string {
  const cityLine = [l.postalCode, l.city].filter(Boolean).join(" ");
  return [l.address, cityLine, l.region, l.country].filter(Boolean).join(", ");
}

function vtimezone(tz: string): string | null {
  const block = tzlib_get_ical_block(tz)[0];
  return block?.startsWith("BEGIN:VTIMEZONE") ? block : null;
}

/**
 * The event's wall-clock time as ical-generator reads it: with a TZID it formats a native Date by
 * its local-time fields, so the Date is built from the wall-clock fields in local time.
 */
function wallClock(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, 0, 0);
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * One event as an .ics file. `title`, `description` are in the recipient's language already.
 * `cancel`: the event was cancelled, and the file (METHOD:CANCEL, STATUS:CANCELLED, the same UID)
 * takes it out of the calendar it was added to. SEQUENCE counts the seconds since the event was
 * created to its last change, so a changed event's file replaces the one sent before.
 */
export function buildIcs(
  tenant: Tenant,
  e: EventRow,
  view: { title: string; description: string; location: EventLocation; onlineLink: string | null },
  opts: { cancel?: boolean } = {},
): string {
  const calendar = ical({
    prodId: { company: "Tuesday", product: tenant.config.title, language: tenant.config.lang.toUpperCase() },
    name: tenant.config.title,
    method: opts.cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone, so DTSTAMP stays in UTC; the event's own zone brings its VTIMEZONE.
    timezone: { name: null, generator: vtimezone },
  });
  const url = eventUrl(tenant, e);
  const location = locationLine(view.location);
  const details = [view.description, view.onlineLink ? `Online: ${view.onlineLink}` : null, url].filter(Boolean).join("\n\n");
  calendar.createEvent({
    id: `${e.id}@${tenant.domain}`,
    start: wallClock(e.date, e.time),
    end: e.endTime ? wallClock(e.date, e.endTime) : wallClock(nextDay(e.date), "00:00"),
    timezone: e.timeZone,
    summary: view.title,
    description: details,
    ...(location ? { location } : {}),
    url,
    stamp: e.updatedAt,
    lastModified: e.updatedAt,
    sequence: Math.max(0, Math.floor((e.updatedAt.getTime() - e.createdAt.getTime()) / 1000)),
    ...(opts.cancel ? { status: ICalEventStatus.CANCELLED } : {}),
  });
  return calendar.toString();
}

const compact = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

const query = (params: [string, string][]) => params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");

/** Add-to-calendar links: the .ics file, Google Calendar and Outlook (built as strings: a listing makes 40 of them). */
export function calendarLinks(
  tenant: Tenant,
  e: EventRow,
  view: { title: string; description: string; location: EventLocation },
): { ics: string; google: string; outlook: string } {
  const location = locationLine(view.location);
  const details = `${view.description}\n\n${eventUrl(tenant, e)}`;
  const where: [string, string][] = location ? [["location", location]] : [];
  const google = query([
    ["action", "TEMPLATE"],
    ["text", view.title],
    ["dates", `${compact(e.startsAt)}/${compact(e.endsAt)}`],
    ["ctz", e.timeZone],
    ["details", details],
    ...where,
  ]);
  const outlook = query([
    ["path", "/calendar/action/compose"],
    ["rru", "addevent"],
    ["subject", view.title],
    ["startdt", e.startsAt.toISOString()],
    ["enddt", e.endsAt.toISOString()],
    ["body", details],
    ...where,
  ]);
  return {
    ics: icsUrl(tenant, e),
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`,
  };
}
