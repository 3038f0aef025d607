import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { storage } from "../../lib/storage.ts";
import { Skeleton } from "../../ui/skeleton.tsx";

const TABS = ["recommended", "requests", "myRequest"] as const;
type Tab = (typeof TABS)[number];

/** /my_communities: the tabs of spec 2.3; recommendations arrive with the matching work. */
export function MyCommunitiesPage() {
  const { t } = useTranslation("communities");
  const community = useCommunity();
  const user = useQuery(accountQueries.currentUser());
  const [tab, setTab] = useState<Tab>("recommended");

  return (
    <main className="page" id="content">
      <h1>{t("title")}</h1>
      {storage.firstLogin() ? <p className="lead-small">{t("firstLoginWelcome", { community: brandTitle(community) })}</p> : null}
      <div className="tabs" role="tablist" aria-label={t("title")}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            className={`tab${tab === id ? " active" : ""}`}
            onClick={() => setTab(id)}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      <section className="panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {user.isPending ? (
          <Skeleton lines={4} avatar label={t("loading", { ns: "common" })} />
        ) : (
          <div className="empty-state">
            <div className="empty-illustration" aria-hidden="true">
              ☕
            </div>
            <h2>{t("recommendationsSoon")}</h2>
            <p className="muted">{t("recommendationsHint")}</p>
          </div>
        )}
      </section>
    </main>
  );
}
