import { z } from "@hono/zod-openapi";
import { MemberCardSchema } from "../members/schemas.ts";
import { AvailabilityWindowSchema, MEETING_FORMATS } from "../tenancy/schema.ts";

export const MeetingFormatSchema = z.enum(MEETING_FORMATS).openapi("MeetingFormat");
export type MeetingFormat = z.infer<typeof MeetingFormatSchema>;

export const MEETING_STATUSES = ["PROPOSED", "PICKED", "CONFIRMED", "CANCELLED"] as const;
export const MeetingStatusSchema = z.enum(MEETING_STATUSES).openapi("MeetingStatus");
export type MeetingStatus = z.infer<typeof MeetingStatusSchema>;

const TimeZoneField = z.string().min(1).max(64).openapi({ description: "IANA time zone, e.g. Europe/Berlin", example: "Europe/Berlin" });
const NoteField = z.string().trim().max(500);

export const AvailabilityWindowWireSchema = AvailabilityWindowSchema.openapi("AvailabilityWindow", {
  description: "A weekly window: day 1..7 (Monday = 1), from and to as HH:MM in the member's time zone",
});

export const AvailabilitySchema = z
  .object({
    timeZone: TimeZoneField,
    windows: z.array(AvailabilityWindowWireSchema),
    formats: z.array(MeetingFormatSchema).openapi({ description: "Preferred formats, first preferred" }),
    city: z.string().nullable().openapi({ description: "Where the member meets in person" }),
    isDefault: z.boolean().openapi({ description: "true: the member set nothing yet; these are the community's defaults" }),
    enabled: z.boolean().openapi({ description: "The community proposes meetings (tenant.json meetings.enabled)" }),
    onboardingStep: z.boolean().openapi({ description: "The community asks for availability in onboarding" }),
  })
  .openapi("Availability");
export type Availability = z.infer<typeof AvailabilitySchema>;

export const UpdateAvailabilitySchema = z
  .strictObject({
    timeZone: TimeZoneField,
    windows: z.array(AvailabilityWindowWireSchema).max(50),
    formats: z.array(MeetingFormatSchema).min(1).max(3),
    city: z.string().trim().max(120).nullable().optional(),
  })
  .openapi("UpdateAvailability");
export type UpdateAvailability = z.infer<typeof UpdateAvailabilitySchema>;

export const MeetingSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string() }).openapi("MeetingSlot");
export type MeetingSlot = z.infer<typeof MeetingSlotSchema>;

export const MeetingSchema = z
  .object({
    id: z.string().uuid(),
    source: z.enum(["WEEKLY", "INTRO"]),
    status: MeetingStatusSchema,
    other: MemberCardSchema,
    otherTimeZone: z.string().openapi({ description: "The other member's time zone" }),
    timeZone: z.string().openapi({ description: "My time zone: the app shows times in it" }),
    slots: z.array(MeetingSlotSchema).openapi({ description: "Slots offered (PROPOSED)" }),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    pickedByMe: z.boolean().openapi({ description: "PICKED: I picked the time (the other member confirms)" }),
    proposedByMe: z.boolean().openapi({ description: "The current slots were asked for by me" }),
    format: MeetingFormatSchema,
    location: z.string().nullable().openapi({ description: "CONFIRMED: the video link, or the place" }),
    sequence: z.number().int(),
    note: z.string().nullable().openapi({ description: "The note of the last reschedule or cancel" }),
    calendarUrl: z.string().nullable().openapi({ description: "CONFIRMED: the .ics file" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Meeting");
export type Meeting = z.infer<typeof MeetingSchema>;

export const MeetingListSchema = z.object({ items: z.array(MeetingSchema) }).openapi("MeetingList");
export type MeetingList = z.infer<typeof MeetingListSchema>;

export const MeetingIdParamSchema = z.object({
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "The meeting id" }),
});

export const PickSlotSchema = z.strictObject({ startsAt: z.string().datetime({ offset: true }).openapi({ description: "One of the meeting's slots" }) }).openapi("PickSlot");
export type PickSlot = z.infer<typeof PickSlotSchema>;

export const MeetingNoteSchema = z.strictObject({ note: NoteField.optional() }).openapi("MeetingNote");
export type MeetingNote = z.infer<typeof MeetingNoteSchema>;

export const MeetingWeekSchema = z
  .object({
    week: z.string().openapi({ description: "The Monday (UTC) of the week the meetings were proposed" }),
    proposed: z.number().int(),
    confirmed: z.number().int(),
    held: z.number().int().openapi({ description: "Confirmed, over, and a member said they met" }),
    noShow: z.number().int().openapi({ description: "Confirmed, over, and a member said they did not meet" }),
    cancelled: z.number().int(),
  })
  .openapi("MeetingWeek");
export const MeetingWeeksSchema = z.object({ weeks: z.array(MeetingWeekSchema) }).openapi("MeetingWeeks");
export type MeetingWeeks = z.infer<typeof MeetingWeeksSchema>;
export const MeetingWeeksQuerySchema = z.object({ weeks: z.coerce.number().int().min(1).max(52).default(12) });
export type MeetingWeeksQuery = z.infer<typeof MeetingWeeksQuerySchema>;
