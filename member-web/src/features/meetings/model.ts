import type { components } from "@tuesday/api-client";
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";

export type Meeting = components["schemas"]["Meeting"];
export type Availability = components["schemas"]["Availability"];
export type UpdateAvailability = components["schemas"]["UpdateAvailability"];
export type AvailabilityWindow = components["schemas"]["AvailabilityWindow"];
export type MeetingFormat = components["schemas"]["MeetingFormat"];

export const MEETING_FORMATS: readonly MeetingFormat[] = ["VIDEO", "PHONE", "IN_PERSON"];

export const meetingQueries = {
  list: () => queryOptions({ queryKey: ["meetings", "list", storage.token()], queryFn: () => call(api.GET("/api/meetings")) }),
  availability: () => queryOptions({ queryKey: ["meetings", "availability", storage.token()], queryFn: () => call(api.GET("/api/meetings/availability")) }),
};

export const saveAvailability = (body: UpdateAvailability) => call(api.PUT("/api/meetings/availability", { body }));
export const pickSlot = (id: string, startsAt: string) => call(api.POST("/api/meetings/{id}/pick", { params: { path: { id } }, body: { startsAt } }));
export const confirmMeeting = (id: string) => call(api.POST("/api/meetings/{id}/confirm", { params: { path: { id } } }));
export const proposeOthers = (id: string, note: string) => call(api.POST("/api/meetings/{id}/propose", { params: { path: { id } }, body: note ? { note } : {} }));
export const rescheduleMeeting = (id: string, note: string) => call(api.POST("/api/meetings/{id}/reschedule", { params: { path: { id } }, body: note ? { note } : {} }));
export const cancelMeeting = (id: string, note: string) => call(api.POST("/api/meetings/{id}/cancel", { params: { path: { id } }, body: note ? { note } : {} }));

/** The .ics of a booked meeting, fetched with the session and saved as a file. */
export async function downloadCalendar(id: string): Promise<void> {
  const text = await call(api.GET("/api/meetings/{id}/calendar.ics", { params: { path: { id } }, parseAs: "text" }));
  const url = URL.createObjectURL(new Blob([text as string], { type: "text/calendar" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "meeting.ics";
  a.click();
  URL.revokeObjectURL(url);
}

/** A meeting time in the member's own zone and language: "Tue 1 Dec, 10:00–10:30". */
export function slotLabel(startsAt: string, endsAt: string, timeZone: string, locale: string): string {
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: "short", day: "numeric", month: "short" }).format(new Date(startsAt));
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
  return `${day}, ${time(startsAt)}–${time(endsAt)}`;
}

/** The time zones the browser knows, the member's own first. */
export function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [current, ...all.filter((z) => z !== current)];
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
