/**
 * A meeting as an iTIP invitation (RFC 5546 over RFC 5545): METHOD:REQUEST when booked or moved,
 * METHOD:CANCEL when cancelled. The UID is the meeting's for its whole life, and SEQUENCE grows
 * with every change, so calendars update the one entry instead of adding another. The community
 * (its sender address) is the ORGANIZER; both members are ATTENDEEs.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Tenant } from "../tenancy/schema.ts";

export type InvitePerson = { name: string; email: string };

export const meetingUid = (tenant: Tenant, meetingId: string) => `meeting-${meetingId}@${tenant.domain}`;

export function buildMeetingIcs(
  tenant: Tenant,
  m: {
    id: string;
    /** Another UID than the pair meeting's (an event 1:1 keeps the one of its event's agenda). */
    uid?: string;
    startsAt: Date;
    endsAt: Date;
    sequence: number;
    summary: string;
    description: string;
    location: string | null;
    url: string;
    attendees: readonly InvitePerson[];
    cancelled: boolean;
    stamp?: Date;
  },
): string {
  const calendar = ical({
    prodId: { company: "Tuesday", product: tenant.config.title, language: tenant.config.lang.toUpperCase() },
    name: tenant.config.title,
    method: m.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const isLink = m.location !== null && /^https?:\/\//.test(m.location);
  calendar.createEvent({
    id: m.uid ?? meetingUid(tenant, m.id),
    sequence: m.sequence,
    start: m.startsAt,
    end: m.endsAt,
    stamp: m.stamp ?? new Date(),
    summary: m.summary,
    description: [m.description, m.location && isLink ? m.location : null, m.url].filter(Boolean).join("\n\n"),
    ...(m.location ? { location: m.location } : {}),
    url: isLink && m.location ? m.location : m.url,
    status: m.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: tenant.config.brandConfig.title, email: tenant.config.senderEmail },
    attendees: m.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      role: ICalAttendeeRole.REQ,
      // Both members chose the time: they are not asked to reply (RSVP=FALSE).
      status: ICalAttendeeStatus.ACCEPTED,
      rsvp: false,
    })),
  });
  return calendar.toString();
}
