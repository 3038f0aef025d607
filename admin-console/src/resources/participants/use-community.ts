import type { components } from "@tuesday/api-client";
import { useQuery } from "@tanstack/react-query";
import { usePermissions } from "react-admin";
import { useConsoleDataProvider } from "../../data-provider.ts";

type Community = components["schemas"]["Community"];

/** The community of this console (by the page's domain), or null while it loads or when it fails. */
export function useCommunity(): { community: Community | null; failed: boolean; isPending: boolean } {
  const dataProvider = useConsoleDataProvider();
  const { data, isError, isPending } = useQuery({ queryKey: ["community"], queryFn: () => dataProvider.getCommunity(), staleTime: Number.POSITIVE_INFINITY, retry: false });
  return { community: data ?? null, failed: isError, isPending };
}

/** Admins (CAN_VIEW_ADMIN_PANEL) may use the admin tools; moderators only moderate. */
export function useIsAdmin(): boolean {
  const { permissions } = usePermissions<string[]>();
  return (permissions ?? []).includes("CAN_VIEW_ADMIN_PANEL");
}
