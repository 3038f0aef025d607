import { queryOptions, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { BellIcon } from "../../ui/icons.tsx";

/** The unseen count only (one item fetched); under ["notifications"], so every change refreshes it. */
const unseenQuery = () =>
  queryOptions({
    queryKey: ["notifications", "unseen", storage.token()],
    queryFn: async () => (await call(api.GET("/api/notifications", { params: { query: { page: 0, size: 1 } } }))).unseenCount,
    staleTime: 30_000,
    retry: false,
  });

/**
 * The bell in the header (every community, both languages, no navigation.json entry needed):
 * links to /notifications and shows the unseen count, kept live by the realtime session, which
 * invalidates ["notifications"] whenever the member's topic announces one.
 */
export function NotificationsBell({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("bell");
  const count = useQuery(unseenQuery()).data ?? 0;
  const label = count > 0 ? t("unread", { count }) : t("label");
  return (
    <Link to="/notifications" className="nav-bell" aria-label={label} title={label} data-testid="notifications-bell" onClick={onNavigate}>
      <BellIcon size={20} />
      {count > 0 ? (
        <span className="nav-bell-count" aria-hidden="true" data-testid="notifications-bell-count">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
