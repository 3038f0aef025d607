import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { MemberContacts, MemberHead } from "../recommendations/member-summary.tsx";
import { formatDate, matchingQueries } from "../recommendations/model.ts";
import { ListState, LoadMore } from "./list-state.tsx";

/**
 * My request tab: intros I sent. The API keeps them on my results (status CONNECTED, with the
 * message and when it went out), so this lists those.
 */
export function MyRequestsTab({ onRecommended }: { onRecommended: () => void }) {
  const { t, i18n } = useTranslation("matching");
  const list = useInfiniteQuery(matchingQueries.connected());
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ListState
      query={list}
      empty={items.length === 0}
      emptyTitle={t("myRequests.empty")}
      emptyText={t("myRequests.emptyText")}
      emptyAction={
        <Button variant="secondary" onClick={onRecommended}>
          {t("myRequests.toRecommended")}
        </Button>
      }
    >
      <ul className="match-list" aria-label={t("tabs.myRequest")}>
        {items.map((r) => (
          <li key={r.matchingResultId} className="card match-row" data-testid="my-request">
            <MemberHead card={r.participant} size={64} level={3} />
            {r.introMessage ? (
              <>
                <h4 className="small muted">{t("card.yourIntro")}</h4>
                <blockquote className="quote">{r.introMessage}</blockquote>
              </>
            ) : null}
            <p className="muted small">{r.introSentAt ? t("card.connectedOn", { date: formatDate(r.introSentAt, i18n.language) }) : t("card.connected")}</p>
            <MemberContacts card={r.participant} />
          </li>
        ))}
      </ul>
      <LoadMore query={list} />
    </ListState>
  );
}
