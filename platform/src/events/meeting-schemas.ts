import { z } from "@hono/zod-openapi";
import { MemberCardSchema } from "../members/schemas.ts";
import { EventIdParamSchema } from "./schemas.ts";

const dateTime = (description: string) => z.string().datetime({ offset: true }).openapi({ format: "date-time", description });

export const MeetingSetupSlotInputSchema = z.object({ startsAt: dateTime("Start"), endsAt: dateTime("End") }).strict();

export const SaveMeetingSetupSchema = z
  .object({
    slots: z.array(MeetingSetupSlotInputSchema).max(200).openapi({ description: "The meeting slots, not overlapping; a slot keeps its id (and its meetings) while its start is unchanged" }),
    tables: z.array(z.string().trim().min(1).max(60)).max(1000).openapi({ description: "Table or room names, in the order they are given out; none: meetings get a slot only" }),
  })
  .strict()
  .openapi("SaveEventMeetingSetup");
export type SaveMeetingSetup = z.infer<typeof SaveMeetingSetupSchema>;

export const MeetingSetupSchema = z
  .object({
    eventId: z.string().uuid(),
    networking: z.boolean().openapi({ description: "Attendee matchmaking is on: attendees can request 1:1s" }),
    slots: z.array(
      z.object({
        id: z.string().uuid(),
        startsAt: z.string().openapi({ format: "date-time" }),
        endsAt: z.string().openapi({ format: "date-time" }),
        accepted: z.number().int().openapi({ description: "Meetings booked in this slot" }),
        tablesFree: z.number().int().nullable().openapi({ description: "Tables still free in this slot (null: the event has no tables)" }),
      }),
    ),
    tables: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
    requests: z.object({ requested: z.number().int(), accepted: z.number().int(), declined: z.number().int(), cancelled: z.number().int() }),
  })
  .openapi("EventMeetingSetup");
export type MeetingSetup = z.infer<typeof MeetingSetupSchema>;

export const EventMeetingStatusSchema = z.enum(["REQUESTED", "ACCEPTED", "DECLINED", "CANCELLED"]);

export const EventMeetingSchema = z
  .object({
    id: z.string().uuid(),
    eventId: z.string().uuid(),
    status: EventMeetingStatusSchema,
    sentByMe: z.boolean().openapi({ description: "I requested it (else the other attendee asked me)" }),
    other: MemberCardSchema,
    message: z.string().nullable(),
    startsAt: z.string().nullable().openapi({ format: "date-time", description: "The slot, once accepted" }),
    endsAt: z.string().nullable().openapi({ format: "date-time" }),
    table: z.string().nullable().openapi({ description: "The table or room, once accepted (null when the event has none)" }),
  })
  .openapi("EventMeeting");
export type EventMeeting = z.infer<typeof EventMeetingSchema>;

export const EventAgendaSchema = z
  .object({
    eventId: z.string().uuid(),
    open: z.boolean().openapi({ description: "1:1s can be requested: matchmaking is on and the organizers defined slots" }),
    slots: z.array(z.object({ startsAt: z.string().openapi({ format: "date-time" }), endsAt: z.string().openapi({ format: "date-time" }) })),
    items: z.array(EventMeetingSchema),
    calendarUrl: z.string().nullable().openapi({ description: "My booked 1:1s as an .ics file (null: none booked)" }),
  })
  .openapi("EventAgenda");
export type EventAgenda = z.infer<typeof EventAgendaSchema>;

export const RequestEventMeetingSchema = z
  .object({ participantId: z.string().uuid().openapi({ description: "The confirmed attendee I ask" }), message: z.string().trim().max(500).optional() })
  .strict()
  .openapi("RequestEventMeeting");
export type RequestEventMeeting = z.infer<typeof RequestEventMeetingSchema>;

export const EventMeetingParamSchema = EventIdParamSchema.extend({
  meetingId: z.string().uuid().openapi({ param: { name: "meetingId", in: "path" } }),
});
