import type { components } from "@tuesday/api-client";
import { infiniteQueryOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, call, isApiFailure } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { readAgain } from "../../lib/refresh.ts";

export type EventItem = components["schemas"]["Event"];
export type EventPage = components["schemas"]["EventPage"];
export type EventCreate = components["schemas"]["EventCreate"];
export type MyParticipation = components["schemas"]["MyParticipation"];
export type EventRecommendations = components["schemas"]["EventRecommendations"];

export const EVENTS_PAGE_SIZE = 20;
export type EventsTab = "upcoming" | "past";
export const EVENTS_TABS: readonly EventsTab[] = ["upcoming", "past"];

const noRetryOn4xx = (count: number, err: unknown) => count < 1 && !(isApiFailure(err) && err.status < 500);

/** Keys carry the token: a new session (or signing in on the public page) never sees old data. */
const key = (...parts: unknown[]) => ["events", storage.token(), ...parts];

export const eventQueries = {
  list: (tab: EventsTab, language: string) =>
    infiniteQueryOptions({
      queryKey: key("list", tab, language),
      queryFn: ({ pageParam }) =>
        call(api.GET(tab === "past" ? "/api/event/past" : "/api/event/upcoming", { params: { query: { page: pageParam, size: EVENTS_PAGE_SIZE, language } } })),
      initialPageParam: 0,
      getNextPageParam: (last: EventPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: noRetryOn4xx,
    }),
  one: (id: string, language: string) =>
    queryOptions({
      queryKey: key("one", id, language),
      // language "": the default texts (the edit form), not a translation.
      queryFn: () => call(api.GET("/api/event/{id}", { params: { path: { id }, query: language ? { language } : {} } })),
      retry: noRetryOn4xx,
    }),
  /** Attendee matchmaking: my recommended contacts among the confirmed attendees. */
  recommendations: (id: string) =>
    queryOptions({
      queryKey: key("recommendations", id),
      queryFn: () => call(api.GET("/api/event/{id}/recommendations", { params: { path: { id } } })),
      retry: noRetryOn4xx,
    }),
};

/** Drops a deleted event's cached page, in every language. */
export function forgetEvent(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: key("one", id) });
}

export function eventsChanged(queryClient: QueryClient): Promise<void> {
  return readAgain(queryClient, { queryKey: ["events"] });
}

/** Saves a file the API answered as a download (a Blob: the call carried the member's token). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The event's .ics file, fetched through the API client with the member's token (a plain link would
 * carry none: a private event would answer 401, and a place shown only to confirmed participants
 * would be missing), then saved as a download.
 */
export async function downloadCalendar(e: Pick<EventItem, "id" | "slug">, language: string): Promise<void> {
  const blob = await call(
    api.GET("/api/event/{id}/calendar.ics", { params: { path: { id: e.id }, query: language ? { language } : {} }, parseAs: "blob" }),
  );
  saveFile(new Blob([blob], { type: "text/calendar" }), `${e.slug || e.id}.ics`);
}

export const joinEvent = (id: string) => call(api.POST("/api/event/{id}/confirm-participation", { params: { path: { id } } }));
export const cancelEvent = (id: string) => call(api.PATCH("/api/event/{id}/cancel-participation", { params: { path: { id } } }));
/** Deletes the event (organizers): before it ends, everyone going or waiting is told and it leaves their calendars (decision 0231). */
export const deleteEvent = (id: string) => call(api.DELETE("/api/event/{id}", { params: { path: { id } } }));

/**
 * The one action button of the event page (spec 4.5), from what the API says about the event and
 * my participation. `signedIn` false is the public page.
 */
export type EventAction =
  | "ended"
  | "loginToJoin"
  | "loginToPayAndJoin"
  | "going"
  | "pending"
  | "pendingPayment"
  | "waitlist"
  | "rejected"
  | "joinAgain"
  | "askToJoin"
  | "payToJoin"
  | "joinWaitlist"
  | "joinCommunity"
  | "register";

/**
 * `inCommunity` false: signed in, but not (yet) a participant of this community (a member of
 * another one): joining the community comes first.
 */
export function eventAction(e: EventItem, signedIn: boolean, inCommunity = true): EventAction {
  if (e.hasEnded) return "ended";
  if (!signedIn) return e.paid ? "loginToPayAndJoin" : "loginToJoin";
  if (!inCommunity && !e.isOrganizer) return "joinCommunity";
  const p = e.myParticipation;
  switch (p?.status) {
    case "CONFIRMED":
      return "going";
    case "PENDING":
      return p.pendingReason === "PAYMENT" ? "pendingPayment" : p.pendingReason === "WAITLIST" ? "waitlist" : "pending";
    case "REJECTED":
      return "rejected";
    case "CANCELLED":
      return "joinAgain";
    default:
      // A full paid event asks no payment: the member joins the waitlist, and pays when a place is offered.
      if (e.paid) return e.spotsLeft === 0 ? "joinWaitlist" : "payToJoin";
      if (e.approvalRequired) return "askToJoin";
      return "register";
  }
}

export { zoneName } from "../../lib/time-zones.ts";
export { formatWhen } from "./format.ts";

export function formatPlace(e: Pick<EventItem, "location" | "type">): string {
  const l = e.location;
  return [l.address, l.postalCode, l.city, l.region, l.country].filter((x): x is string => Boolean(x)).join(", ");
}

/** The location visibilities of the event form, in the spec's order (3. Event). */
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
] as const satisfies readonly EventItem["locationVisibility"][];

/** Why part of the place is not shown: PRIVATE shows it to confirmed participants only, NONE to organizers only. */
export function locationVisibilityNote(e: Pick<EventItem, "locationVisibility" | "isOrganizer" | "myParticipation">): "private" | "hidden" | null {
  if (e.isOrganizer) return null;
  if (e.locationVisibility === "PRIVATE" && e.myParticipation?.status !== "CONFIRMED") return "private";
  if (e.locationVisibility === "NONE") return "hidden";
  return null;
}

export type EventAgenda = components["schemas"]["EventAgenda"];
export type EventMeeting = components["schemas"]["EventMeeting"];

/** Event 1:1s: my requests and booked meetings at the event. */
export const agendaQuery = (id: string) =>
  queryOptions({
    queryKey: key("agenda", id),
    queryFn: () => call(api.GET("/api/event/{id}/meetings", { params: { path: { id } } })),
    retry: noRetryOn4xx,
  });

export const requestOneToOne = (id: string, participantId: string) => call(api.POST("/api/event/{id}/meetings", { params: { path: { id } }, body: { participantId } }));

export function answerOneToOne(id: string, meetingId: string, verb: "accept" | "decline" | "cancel") {
  const params = { params: { path: { id, meetingId } } };
  if (verb === "accept") return call(api.POST("/api/event/{id}/meetings/{meetingId}/accept", params));
  if (verb === "decline") return call(api.POST("/api/event/{id}/meetings/{meetingId}/decline", params));
  return call(api.POST("/api/event/{id}/meetings/{meetingId}/cancel", params));
}

/** My booked 1:1s at the event as an .ics file, fetched with the member's token. */
export async function downloadAgenda(e: Pick<EventItem, "id" | "slug">): Promise<void> {
  const blob = await call(api.GET("/api/event/{id}/meetings/agenda.ics", { params: { path: { id: e.id } }, parseAs: "blob" }));
  saveFile(new Blob([blob], { type: "text/calendar" }), `${e.slug || e.id}-meetings.ics`);
}
