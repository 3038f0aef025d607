import type { components } from "@tuesday/api-client";
import { useEffect, useState } from "react";
import { usePermissions } from "react-admin";
import { api, call } from "../../api.ts";

type Community = components["schemas"]["Community"];

/** The community of this console (by the page's domain), or null while it loads or when it fails. */
export function useCommunity(): { community: Community | null; failed: boolean } {
  const [community, setCommunity] = useState<Community | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    call(api.GET("/api/community/get-by-domain", { params: { query: { domain: window.location.hostname } } }))
      .then((c) => !cancelled && setCommunity(c))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);
  return { community, failed };
}

/** Admins (CAN_VIEW_ADMIN_PANEL) may use the admin tools; moderators only moderate. */
export function useIsAdmin(): boolean {
  const { permissions } = usePermissions<string[]>();
  return (permissions ?? []).includes("CAN_VIEW_ADMIN_PANEL");
}
