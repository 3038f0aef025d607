import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { TabList } from "../../ui/tabs.tsx";
import { ListState, LoadMore } from "../requests/list-state.tsx";
import "./events.css";
import { useCommunity } from "../../app/community-context.tsx";
import { formatPrice } from "../../lib/numbers.ts";
import { type EventItem, EVENTS_TABS, type EventsTab, eventQueries, formatPlace, formatWhen } from "./model.ts";

/** /events (spec 2.3): Upcoming and Past, and a create action for community moderators and admins. */
export function EventsPage({ tab }: { tab: EventsTab }) {
  const { t, i18n } = useTranslation("events");
  const navigate = useNavigate();
  const permissions = useQuery(accountQueries.permissions());
  const canCreate = permissions.data?.includes("CAN_MODERATE_COMMUNITY") ?? false;
  const list = useInfiniteQuery(eventQueries.list(tab, i18n.language));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <main className="page" id="content">
      <div className="events-head">
        <h1>{t("title")}</h1>
        {canCreate ? (
          <Link to="/event/create" className="btn btn-primary" data-testid="create-event">
            {t("create")}
          </Link>
        ) : null}
      </div>
      <TabList
        tabs={EVENTS_TABS}
        current={tab}
        label={t("title")}
        labelOf={(id) => t(`tabs.${id}`)}
        onSelect={(next) => void navigate({ to: "/events", search: next === "past" ? { tab: "past" } : {}, replace: true })}
      />
      <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        <ListState
          query={list}
          empty={items.length === 0}
          emptyTitle={t(tab === "past" ? "emptyPast" : "emptyUpcoming")}
          emptyText={t(tab === "past" ? "emptyPastText" : "emptyUpcomingText")}
        >
          <ul className="event-list" aria-label={t(`tabs.${tab}`)}>
            {items.map((e) => (
              <EventRow key={e.id} event={e} language={i18n.language} />
            ))}
          </ul>
          <LoadMore query={list} />
        </ListState>
      </section>
    </main>
  );
}

function EventRow({ event: e, language }: { event: EventItem; language: string }) {
  const { t } = useTranslation("events");
  const community = useCommunity();
  const place = e.type === "ONLINE" ? t("online") : formatPlace(e);
  return (
    <li className="card event-row" data-testid="event">
      {e.image ? <img className="event-thumb" src={e.image["256"]} alt="" width={96} height={96} /> : null}
      <div>
        <h2 className="event-row-title">
          <Link to="/event/$eventId" params={{ eventId: e.slug || e.id }}>
            {e.title}
          </Link>
        </h2>
        <p className="muted small">{formatWhen(e, language)}</p>
        {place ? <p className="small">{place}</p> : null}
        <p className="small">
          {e.myParticipation?.status === "CONFIRMED" ? <span className="event-badge">{t("badge.going")}</span> : null}
          {e.myParticipation?.status === "PENDING" ? <span className="event-badge">{t("badge.pending")}</span> : null}
          {e.paid && e.price !== null ? <span className="event-badge">{t("price", { price: formatPrice(e.price, community.currency, language) })}</span> : null}
          {e.visibility === "PRIVATE" ? <span className="event-badge">{t("private")}</span> : null}
        </p>
      </div>
    </li>
  );
}
