import type { components } from "@tuesday/api-client";
import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import { api, call, isApiFailure } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";

export type Notification = components["schemas"]["Notification"];
export type NotificationPage = components["schemas"]["NotificationPage"];
export type NotificationType = Notification["type"];

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationQueries = {
  list: () =>
    infiniteQueryOptions({
      queryKey: ["notifications", "list", storage.token()],
      queryFn: ({ pageParam }) => call(api.GET("/api/notifications", { params: { query: { page: pageParam, size: NOTIFICATION_PAGE_SIZE } } })),
      initialPageParam: 0,
      getNextPageParam: (last: NotificationPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: (count, err) => count < 1 && !(isApiFailure(err) && err.status < 500),
    }),
};

export function markSeen(ids?: string[]) {
  return call(api.POST("/api/notifications/seen", { body: ids ? { ids } : {} }));
}

export function dismiss(ids: string[]) {
  return call(api.POST("/api/notifications/dismiss", { body: { ids } }));
}

export const notificationsChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ["notifications"] });

/** Where a notification leads, by its type and data. */
export function notificationHref(n: Notification): string | null {
  const d = n.data as Record<string, unknown>;
  const str = (k: string) => (typeof d[k] === "string" ? (d[k] as string) : null);
  switch (n.type) {
    case "CHAT_MESSAGE":
      return str("chatId") ? `/chats/${str("chatId")}` : "/chats";
    case "INTRO_RECEIVED":
      return "/my_communities?tab=requests";
    case "INTRO_ACCEPTED":
      return "/contacts";
    case "MATCH_OF_THE_WEEK":
      return "/my_communities";
    case "MEETING_PROPOSED":
    case "MEETING_PICKED":
    case "MEETING_CONFIRMED":
    case "MEETING_CANCELLED":
    case "MEETING_REMINDER":
      return str("meetingId") ? `/meetings?meeting=${str("meetingId")}` : "/meetings";
    case "EVENT_CANCELLED":
      return "/events";
    case "EVENT_APPROVED":
    case "EVENT_REMINDER":
    case "EVENT_CHANGED":
    case "EVENT_MEETING_REQUESTED":
    case "EVENT_MEETING_BOOKED":
    case "EVENT_MEETING_DECLINED":
    case "EVENT_MEETING_CANCELLED":
    case "EVENT_MEETING_REMINDER":
      return str("eventId") ? `/event/${str("eventId")}` : "/events";
    default:
      return null;
  }
}
