import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { components } from "@tuesday/api-client";
import { notificationHref } from "./href.ts";

type Notification = components["schemas"]["Notification"];
type NotificationType = Notification["type"];

/** The API's notification types, as the OpenAPI spec lists them. */
const spec = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../../../openapi/openapi.json"), "utf8")) as {
  components: { schemas: { NotificationType: { enum: NotificationType[] } } };
};
const TYPES = spec.components.schemas.NotificationType.enum;

const ID = "00000000-0000-4000-8000-0000000000aa";
const note = (type: NotificationType, data: Record<string, unknown>): Notification =>
  ({ id: ID, type, data, createdAt: "2026-12-01T10:00:00Z", seenAt: null }) as unknown as Notification;

/** Where each type leads with its ids in the data, and without them. */
const WHERE: Record<NotificationType, [string | null, string | null]> = {
  CHAT_MESSAGE: [`/chats/${ID}`, "/chats"],
  INTRO_RECEIVED: ["/my_communities?tab=requests", "/my_communities?tab=requests"],
  INTRO_ACCEPTED: ["/contacts", "/contacts"],
  MATCH_OF_THE_WEEK: ["/my_communities", "/my_communities"],
  MEETING_PROPOSED: [`/meetings?meeting=${ID}`, "/meetings"],
  MEETING_PICKED: [`/meetings?meeting=${ID}`, "/meetings"],
  MEETING_CONFIRMED: [`/meetings?meeting=${ID}`, "/meetings"],
  MEETING_CANCELLED: [`/meetings?meeting=${ID}`, "/meetings"],
  MEETING_REMINDER: [`/meetings?meeting=${ID}`, "/meetings"],
  EVENT_APPROVED: [`/event/${ID}`, "/events"],
  EVENT_REMINDER: [`/event/${ID}`, "/events"],
  EVENT_CHANGED: [`/event/${ID}`, "/events"],
  // The event is gone: its community's other events.
  EVENT_CANCELLED: ["/events", "/events"],
  EVENT_MEETING_REQUESTED: [`/event/${ID}`, "/events"],
  EVENT_MEETING_BOOKED: [`/event/${ID}`, "/events"],
  EVENT_MEETING_DECLINED: [`/event/${ID}`, "/events"],
  EVENT_MEETING_CANCELLED: [`/event/${ID}`, "/events"],
  EVENT_MEETING_REMINDER: [`/event/${ID}`, "/events"],
  REPORT_REVIEWED: [null, null],
};

describe("where a notification leads (notificationHref)", () => {
  it("knows every type the API sends", () => {
    expect(Object.keys(WHERE).sort()).toEqual([...TYPES].sort());
  });

  it.each(TYPES)("%s: its chat, meeting or event when the data names it, else the list", (type) => {
    const [withIds, without] = WHERE[type];
    expect(notificationHref(note(type, { chatId: ID, meetingId: ID, eventId: ID }))).toBe(withIds);
    expect(notificationHref(note(type, {}))).toBe(without);
    // An id of the wrong kind is not a link.
    expect(notificationHref(note(type, { chatId: 7, meetingId: 7, eventId: 7 }))).toBe(without);
  });

  it("a type from a newer server leads nowhere", () => {
    expect(notificationHref(note("SOMETHING_NEW" as NotificationType, { eventId: ID }))).toBeNull();
  });
});
