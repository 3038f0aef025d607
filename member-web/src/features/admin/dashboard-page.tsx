import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { isRestricted } from "../../app/restricted.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { AdminGate } from "./admin-gate.tsx";
import { adminQueries } from "./model.ts";

const CONSOLE = [
  { key: "participants", href: "/console/#/participants" },
  { key: "mailings", href: "/console/#/mailings" },
  { key: "matches", href: "/console/#/matches" },
  { key: "analytics", href: "/console/#/analytics" },
] as const;

/**
 * /dashboard (spec 2.1): the admin's overview of the community — members by moderation status,
 * completed profiles, recent joins — and the way to the admin work: pair scores, notifications,
 * settings (outside restricted mode) and the console.
 */
export function DashboardPage() {
  const { t } = useTranslation("adminPages");
  const community = useCommunity();
  const errorText = useErrorText();
  const user = useQuery(accountQueries.currentUser()).data;
  const stats = useQuery({ ...adminQueries.stats(community.id), enabled: user?.role === "ROLE_ADMIN" });
  const restricted = isRestricted(user, community.id);
  const s = stats.data;
  const figures = s
    ? ([
        ["total", s.total],
        ["pending", s.byStatus.pending],
        ["confirmed", s.byStatus.confirmed],
        ["rejected", s.byStatus.rejected],
        ["profileCompleted", s.profileCompleted],
        ["joinedLast7Days", s.joinedLast7Days],
      ] as const)
    : [];
  return (
    <AdminGate title={t("dashboard.title")}>
      <main className="page" id="content">
        <h1>{t("dashboard.title")}</h1>
        <p className="muted" data-testid="dashboard-community">
          {community.title}
        </p>
        {stats.error ? <Alert kind="error">{errorText(stats.error)}</Alert> : null}
        {stats.isPending ? <Spinner label={t("loading")} /> : null}
        {s ? (
          <dl className="admin-figures" data-testid="dashboard-stats">
            {figures.map(([key, n]) => (
              <div key={key} className="card admin-figure">
                <dt className="muted small">{t(`dashboard.stats.${key}`)}</dt>
                <dd>
                  <strong>{n}</strong>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        <h2>{t("dashboard.work")}</h2>
        <ul className="admin-entries">
          <li>
            <Link to="/score-match" className="btn btn-secondary">
              {t("dashboard.links.scoreMatch")}
            </Link>
          </li>
          <li>
            <Link to="/notifications" className="btn btn-secondary">
              {t("dashboard.links.notifications")}
            </Link>
          </li>
          {restricted ? null : (
            <li>
              <Link to="/settings" className="btn btn-secondary">
                {t("dashboard.links.settings")}
              </Link>
            </li>
          )}
          {CONSOLE.map((e) => (
            <li key={e.key}>
              <a href={e.href} className="btn btn-secondary">
                {t(`dashboard.console.${e.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </main>
    </AdminGate>
  );
}
