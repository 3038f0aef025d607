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
