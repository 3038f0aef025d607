import type { components } from "@tuesday/api-client";
import { queryOptions } from "@tanstack/react-query";
import { storage } from "../lib/storage.ts";
import { api, call } from "./client.ts";

export type CurrentUser = components["schemas"]["CurrentUser"];
export type Permission = components["schemas"]["Permissions"][number];
export type LoginResult = components["schemas"]["LoginResult"];

export const accountQueries = {
  /** Keyed by the token so a new session never sees the previous user's data. */
  currentUser: () =>
    queryOptions({
      queryKey: ["account", "current-user", storage.token()],
      queryFn: () => call(api.GET("/api/current-user")),
      staleTime: 60_000,
      retry: false,
    }),
  permissions: () =>
    queryOptions({
      queryKey: ["account", "permissions", storage.token()],
      // Spec 8: a failed permission fetch gives an empty list.
      queryFn: async (): Promise<Permission[]> => {
        if (!storage.token()) return [];
        try {
          return await call(api.GET("/api/permission/my"));
        } catch {
          return [];
        }
      },
      staleTime: 60_000,
    }),
};

export function isAdmin(permissions: readonly Permission[]): boolean {
  return permissions.includes("CAN_VIEW_ADMIN_PANEL");
}
