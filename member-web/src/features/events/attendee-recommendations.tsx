import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import "../recommendations/matching.css";
import { MemberContacts, MemberHead, TagChips } from "../recommendations/member-summary.tsx";
import { AskOneToOne } from "./event-agenda.tsx";
import { eventQueries } from "./model.ts";

/** Attendee matchmaking (issue 12 point 8): recommended contacts among the event's confirmed attendees. */
export function AttendeeRecommendations({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation("events");
  const errorText = useErrorText();
  const recs = useQuery(eventQueries.recommendations(eventId));
  return (
    <section className="event-networking" aria-labelledby="event-networking-title" data-testid="event-recommendations">
      <h2 id="event-networking-title">{t("networking.title")}</h2>
      {recs.isPending ? (
        <Skeleton lines={3} avatar label={t("loading", { ns: "common" })} />
      ) : recs.isError ? (
        <Alert kind="error">{errorText(recs.error)}</Alert>
      ) : recs.data.unavailable === "NOT_OPEN_YET" && recs.data.opensAt ? (
        <p className="muted">{t("networking.opensAt", { when: new Date(recs.data.opensAt).toLocaleString(i18n.language) })}</p>
      ) : recs.data.unavailable === "NOT_IN_MATCHING" ? (
        <p className="muted">{t("networking.profileFirst")}</p>
      ) : recs.data.items.length === 0 ? (
        <p className="muted">{t("networking.empty")}</p>
      ) : (
        <ul className="event-recs">
          {recs.data.items.map((r) => (
            <li key={r.participant.id} className="card match-row" data-testid="event-recommendation">
              <MemberHead card={r.participant} size={64} level={3} />
              <TagChips tags={r.participant.tags} max={5} />
              {r.reasons.length > 0 ? (
                <ul className="small">
                  {r.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              ) : null}
              <MemberContacts card={r.participant} />
              <AskOneToOne eventId={eventId} participantId={r.participant.id} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
