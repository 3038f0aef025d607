import { z } from "@hono/zod-openapi";
import { pageParam, sizeParam } from "../lib/fields.ts";

export const NOTIFICATION_TYPES = ["INTRO_RECEIVED", "INTRO_ACCEPTED", "MATCH_OF_THE_WEEK", "EVENT_APPROVED", "EVENT_REMINDER", "EVENT_CHANGED", "EVENT_CANCELLED", "CHAT_MESSAGE", "MEETING_PROPOSED", "MEETING_PICKED", "MEETING_CONFIRMED", "MEETING_CANCELLED", "MEETING_REMINDER", "EVENT_MEETING_REQUESTED", "EVENT_MEETING_BOOKED", "EVENT_MEETING_DECLINED", "EVENT_MEETING_CANCELLED", "EVENT_MEETING_REMINDER", "REPORT_REVIEWED"] as const;
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES).openapi("NotificationType");
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 100;
/** Ids one seen / dismiss call may name. */
export const NOTIFICATION_IDS_MAX = 500;

export const NotificationSchema = z
  .object({
    id: z.string().uuid(),
    type: NotificationTypeSchema,
    data: z.record(z.string(), z.unknown()).openapi({ description: "Ids to render and link it by type, e.g. {introId, fromId} or {chatId, senderId, messageId}" }),
    createdAt: z.string(),
    seen: z.boolean(),
    seenAt: z.string().nullable(),
  })
  .openapi("Notification");
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z
  .object({
    items: z.array(NotificationSchema).openapi({ description: "Newest first; dismissed ones are left out" }),
    page: z.number().int(),
    size: z.number().int(),
    hasMore: z.boolean(),
    unseenCount: z.number().int(),
  })
  .openapi("NotificationPage");
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationListQuerySchema = z.object({
  page: pageParam(500),
  size: sizeParam(NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_DEFAULT),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NewerQuerySchema = z.object({ size: sizeParam(NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_MAX) });
export type NewerQuery = z.infer<typeof NewerQuerySchema>;

export const NewerNotificationsSchema = z
  .object({
    items: z.array(NotificationSchema).openapi({ description: "Newer than the given one, oldest first (the next call names the last)" }),
    hasMore: z.boolean(),
    unseenCount: z.number().int(),
  })
  .openapi("NewerNotifications");
export type NewerNotifications = z.infer<typeof NewerNotificationsSchema>;

const ids = z.array(z.string().uuid()).max(NOTIFICATION_IDS_MAX, `At most ${NOTIFICATION_IDS_MAX} ids`);

export const SeenBodySchema = z
  .object({ ids: ids.optional().openapi({ description: "The notifications seen; left out: every one of the caller's" }) })
  .openapi("NotificationsSeen");
export type SeenBody = z.infer<typeof SeenBodySchema>;

export const DismissBodySchema = z.object({ ids: ids.min(1, "Name at least one notification") }).openapi("NotificationsDismiss");
export type DismissBody = z.infer<typeof DismissBodySchema>;

export const NotificationCountSchema = z.object({ changed: z.number().int(), unseenCount: z.number().int() }).openapi("NotificationsChanged");
export type NotificationCount = z.infer<typeof NotificationCountSchema>;

export const NotificationIdParamSchema = z.object({
  id: z.string().uuid().openapi({ param: { name: "id", in: "path" }, description: "One of the caller's notifications" }),
});

/** What the member's own topic (/topic/notifications/{participantId}) carries. */
export type NotificationTopicBody = { type: "NOTIFICATION"; notification: Notification };

/** The channels a member can turn notifications off for (web push stays off in this build). */
export const NOTIFICATION_CHANNELS = ["EMAIL", "TELEGRAM"] as const;

export const NotificationPreferenceSchema = z
  .object({
    contactType: z.enum(NOTIFICATION_CHANNELS),
    disable: z.boolean().openapi({ description: "True: no notifications through this channel" }),
  })
  .openapi("NotificationPreference");
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

export const NotificationPreferencesSchema = z
  .object({ items: z.array(NotificationPreferenceSchema).openapi({ description: "Every channel, on unless turned off" }) })
  .openapi("NotificationPreferences");
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const UpdatePreferencesBodySchema = z
  .object({ items: z.array(NotificationPreferenceSchema).min(1).max(NOTIFICATION_CHANNELS.length) })
  .openapi("UpdateNotificationPreferences");
export type UpdatePreferencesBody = z.infer<typeof UpdatePreferencesBodySchema>;
