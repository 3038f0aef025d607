import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { storage } from "../../lib/storage.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { LiveNotice, TabList } from "../../ui/tabs.tsx";
import { ListState } from "../requests/list-state.tsx";
import { MyRequestsTab } from "../requests/my-requests-tab.tsx";
import { RequestsTab } from "../requests/requests-tab.tsx";
import "../profile/members.css";
import "./matching.css";
import { formatDay, matchingQueries, type Recommendation, setMatchingStatus, skipMatching } from "./model.ts";
import { RecommendationCard } from "./recommendation-card.tsx";
import { StatusPanel } from "./status-panel.tsx";

const MY_COMMUNITIES_TABS = ["recommended", "requests", "my-request"] as const;
export type MyCommunitiesTab = (typeof MY_COMMUNITIES_TABS)[number];
const TAB_LABEL = { recommended: "tabs.recommended", requests: "tabs.requests", "my-request": "tabs.myRequest" } as const;

/**
 * /my_communities (spec 2.3): Recommended, Requests and My request. `match` (from the Tuesday
 * e-mail) highlights that recommendation; `skip` (from the reminder e-mail) skips that week.
 */
export function MyCommunitiesPage({ tab, match, skip }: { tab: MyCommunitiesTab; match?: string | undefined; skip?: string | undefined }) {
  const { t } = useTranslation("matching");
  const community = useCommunity();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);

  const select = (next: MyCommunitiesTab) =>
    void navigate({ to: "/my_communities", search: next === "recommended" ? {} : { tab: next }, replace: true });

  return (
    <main className="page" id="content">
      <h1>{t("title")}</h1>
      {storage.firstLogin() ? <p className="lead-small">{t("welcome", { community: brandTitle(community) })}</p> : null}
      {skip ? <SkipFromMail week={skip} /> : null}
      <LiveNotice text={notice} />
      <TabList tabs={MY_COMMUNITIES_TABS} current={tab} label={t("title")} labelOf={(id) => t(TAB_LABEL[id])} onSelect={select} />
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "recommended" ? (
          <RecommendedTab match={match} onNotify={setNotice} />
        ) : tab === "requests" ? (
          <RequestsTab />
        ) : (
          <MyRequestsTab onRecommended={() => select("recommended")} />
        )}
      </section>
    </main>
  );
}

function RecommendedTab({ match, onNotify }: { match: string | undefined; onNotify: (text: string) => void }) {
  const { t } = useTranslation("matching");
  const community = useCommunity();
  const user = useQuery(accountQueries.currentUser());
  const recs = useQuery(matchingQueries.recommended());
  const participantId = user.data?.connectedParticipants.find((p) => p.communityId === community.id)?.id;
  const items = recs.data?.items ?? [];
  // The contact from the e-mail first, then the weekly contact (the main event), then on-demand ones.
  const rank = (r: Recommendation) => (r.matchingResultId === match ? 0 : r.source === "INSTANT" ? 2 : 1);
  const ordered = [...items].sort((a, b) => rank(a) - rank(b));
  const scrolled = useRef(false);

  useEffect(() => {
    if (!match || scrolled.current || !items.some((i) => i.matchingResultId === match)) return;
    scrolled.current = true;
    document.getElementById(`match-${match}`)?.scrollIntoView({ block: "start" });
  }, [match, items]);

  return (
    <div className="match-layout">
      <div className="match-main">
        <ListState
          query={recs}
          empty={items.length === 0}
          emptyTitle={t("empty.title")}
          emptyText={t("empty.text")}
          emptyAction={
            <Link to="/profile" className="btn btn-secondary">
              <span>{t("empty.profile")}</span>
            </Link>
          }
        >
          <div className="match-list">
            {ordered.map((rec) => (
              <RecommendationCard
                key={rec.matchingResultId}
                rec={rec}
                participantId={participantId}
                highlighted={rec.matchingResultId === match}
                onNotify={onNotify}
              />
            ))}
          </div>
        </ListState>
      </div>
      <StatusPanel />
    </div>
  );
}

/** `?skip=<week>` from the reminder e-mail: skips that week once and says so. */
function SkipFromMail({ week }: { week: string }) {
  const { t, i18n } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const started = useRef(false);
  const skip = useMutation({
    mutationFn: () => skipMatching(/^\d{4}-\d{2}-\d{2}$/.test(week) ? week : undefined),
    onSuccess: (status) => setMatchingStatus(queryClient, status),
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    skip.mutate();
  }, [skip]);

  if (skip.isError) return <Alert kind="error">{errorText(skip.error)}</Alert>;
  if (!skip.isSuccess) return null;
  return (
    <div data-testid="skip-confirmation">
      <Alert kind="success">{t("status.skipFromMail", { date: formatDay(skip.data.skippedWeek ?? week, i18n.language) })}</Alert>
    </div>
  );
}
