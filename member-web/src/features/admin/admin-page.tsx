import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { useCommunity } from "../../app/community-context.tsx";

/** Where each part of running the community lives in the console (hash routes of /console/). */
const ENTRIES = [
  { key: "participants", href: "/console/#/" },
  { key: "crm", href: "/console/#/" },
  { key: "analytics", href: "/console/#/" },
  { key: "mailings", href: "/console/#/mailings" },
  { key: "matches", href: "/console/#/matches" },
  { key: "questions", href: "/console/#/questions" },
  { key: "settings", href: "/console/#/settings" },
  { key: "audit", href: "/console/#/audit" },
] as const;

/**
 * /admin (spec 2.1, 2.3): the community's name and description and the entry points of its
 * administration; the work itself happens in the console, which these links open.
 */
export function AdminPage() {
  const { t } = useTranslation("admin");
  const community = useCommunity();
  const user = useQuery(accountQueries.currentUser());
  const permissions = useQuery(accountQueries.permissions()).data ?? [];
  if (user.data && user.data.role !== "ROLE_ADMIN") {
    // Moderators work in the console too (its participants and moderation): their way in is here.
    const moderator = permissions.includes("CAN_MODERATE_COMMUNITY");
    return (
      <main className="page" id="content">
        <h1>{t("title")}</h1>
        <div className="empty-state">
          <p className="muted">{t(moderator ? "moderatorsConsole" : "adminsOnly")}</p>
          {moderator ? (
            <a href="/console/#/participants" className="btn btn-primary" data-testid="open-console">
              {t("openConsole")}
            </a>
          ) : null}
        </div>
      </main>
    );
  }
  return (
    <main className="page" id="content">
      <h1 data-testid="admin-community-title">{community.title}</h1>
      {community.description ? <p className="muted">{community.description}</p> : null}
      <p>
        <a href="/console/" className="btn btn-primary" data-testid="open-console">
          {t("openConsole")}
        </a>
      </p>
      <ul className="admin-entries">
        {ENTRIES.map((e) => (
          <li key={e.key}>
            <a href={e.href} className="btn btn-secondary">
              {t(`entries.${e.key}`)}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
