import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { SelectField } from "../../ui/field.tsx";
import { Avatar } from "../profile/controls.tsx";
import { initials } from "../profile/model.ts";
import { deleteEvent, type EventItem, eventsChanged, forgetEvent } from "./model.ts";
import {
  addResponsible,
  approve,
  confirmPayment,
  downloadAnswersCsv,
  onboardingQueries,
  type ReportItem,
  reject,
  removeResponsible,
} from "./onboarding-model.ts";

/** A person's name, or what stands for it when they gave none (an admin made by the CLI may have none). */
const nameOf = (p: { firstName: string; lastName: string }, t: TFunction<"events">) => `${p.firstName} ${p.lastName}`.trim() || t("unnamed");

/** The event's confirmed participants, a page at a time ("show more" while hasMore). */
export function EventAttendees({ eventId }: { eventId: string }) {
  const { t } = useTranslation("events");
  const attendees = useInfiniteQuery(onboardingQueries.attendees(eventId));
  const people = attendees.data?.pages.flatMap((p) => p.items) ?? [];
  if (attendees.isError || (attendees.isSuccess && people.length === 0)) return null;
  return (
    <section className="event-section" aria-labelledby="event-attendees-title" data-testid="event-attendees">
      <h2 id="event-attendees-title">{t("attendees.title")}</h2>
      <ul className="event-people">
        {people.map((p) => (
          <li key={p.id} className="event-person">
            {/* The photo or the initials, as elsewhere in the app; the name next to it says who it is. */}
            <Avatar url={p.avatarUrl} name={nameOf(p, t)} initials={initials(p)} size={32} decorative />
            <span className="event-person-name">{nameOf(p, t)}</span>
          </li>
        ))}
      </ul>
      {attendees.hasNextPage ? (
        <Button variant="secondary" busy={attendees.isFetchingNextPage} onClick={() => void attendees.fetchNextPage()}>
          {t("attendees.more")}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * Organizer actions on the event page: approve or reject pending requests, confirm payments,
 * manage the responsibles, and the ways to the questions, statistics, report and CSV export.
 */
export function EventOrganizerPanel({ e }: { e: EventItem }) {
  const { t } = useTranslation("events");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const report = useQuery(onboardingQueries.report(e.id));
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const changed = () => {
    void eventsChanged(queryClient);
  };
  const act = useMutation({
    mutationFn: async ({ what, who }: { what: "approve" | "reject" | "pay" | "addResponsible" | "removeResponsible"; who: string }): Promise<void> => {
      setError(null);
      if (what === "approve") await approve(e.id, who);
      else if (what === "reject") await reject(e.id, who);
      else if (what === "pay") await confirmPayment(e.id, who);
      else if (what === "addResponsible") await addResponsible(e.id, who);
      else await removeResponsible(e.id, who);
    },
    onSuccess: changed,
    onError: (err) => setError(errorText(err)),
  });

  const items = report.data?.items ?? [];
  const pending = items.filter((i) => i.status === "PENDING");
  const organizerIds = new Set(e.organizers.map((o) => o.userId));
  const candidates = items.filter((i) => i.status === "CONFIRMED" && !organizerIds.has(i.userId));

  const exportCsv = async () => {
    setError(null);
    setExporting(true);
    try {
      await downloadAnswersCsv(e.id, `${e.slug || e.id}-participants.csv`);
    } catch {
      setError(t("organizer.exportFailed"));
    } finally {
      setExporting(false);
    }
  };

  const row = (i: ReportItem) => (
    <li key={i.participantId} className="event-person" data-testid="pending-participant">
      <span>
        {nameOf(i, t)}
        {i.pendingReason ? <span className="muted small"> · {t(`organizer.reason.${i.pendingReason}`)}</span> : null}
        {e.paid ? <span className="muted small"> · {t(`organizer.payment.${i.paymentStatus}`)}</span> : null}
      </span>
      <span className="event-actions-inline">
        {i.pendingReason === "PAYMENT" || (e.paid && i.paymentStatus === "AWAITING") ? (
          <Button className="btn-small" onClick={() => act.mutate({ what: "pay", who: i.participantId })}>
            {t("organizer.confirmPayment")}
          </Button>
        ) : (
          <Button className="btn-small" onClick={() => act.mutate({ what: "approve", who: i.participantId })}>
            {t("organizer.approve")}
          </Button>
        )}
        <Button className="btn-small" variant="secondary" onClick={() => act.mutate({ what: "reject", who: i.participantId })}>
          {t("organizer.reject")}
        </Button>
      </span>
    </li>
  );

  return (
    <section className="card event-section" aria-labelledby="event-organizer-title" data-testid="event-organizer">
      <h2 id="event-organizer-title">{t("organizer.title")}</h2>
      <div className="event-actions">
        <Link to="/event/$eventId/edit" params={{ eventId: e.id }} className="btn btn-secondary">
          {t("edit")}
        </Link>
        <Link to="/event/$eventId/questions" params={{ eventId: e.id }} className="btn btn-secondary">
          {t("organizer.questions")}
        </Link>
        <Link to="/event/$eventId/questions" params={{ eventId: e.id }} search={{ tab: "statistics" }} className="btn btn-secondary">
          {t("organizer.statistics")}
        </Link>
        <Link to="/event/$eventId/questions" params={{ eventId: e.id }} search={{ tab: "report" }} className="btn btn-secondary">
          {t("organizer.report")}
        </Link>
        <Button variant="secondary" busy={exporting} onClick={() => void exportCsv()} data-testid="export-csv">
          {t("organizer.exportCsv")}
        </Button>
        <DeleteEvent e={e} />
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <h3>{t("organizer.pendingTitle", { count: pending.length })}</h3>
      {report.isError ? <Alert kind="error">{errorText(report.error)}</Alert> : null}
      {pending.length ? <ul className="event-people">{pending.map(row)}</ul> : <p className="muted small">{t("organizer.noPending")}</p>}
      <h3>{t("organizer.responsibles")}</h3>
      <ul className="event-people">
        {e.organizers.map((o) => (
          <li key={o.userId} className="event-person">
            <span>{nameOf(o, t)}</span>
            {e.organizers.length > 1 ? (
              <Button className="btn-small" variant="secondary" onClick={() => act.mutate({ what: "removeResponsible", who: o.userId })}>
                {t("organizer.removeResponsible")}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {candidates.length ? (
        <AddResponsible candidates={candidates} onAdd={(userId) => act.mutate({ what: "addResponsible", who: userId })} />
      ) : (
        <p className="muted small">{t("organizer.responsibleHint")}</p>
      )}
    </section>
  );
}

function AddResponsible({ candidates, onAdd }: { candidates: ReportItem[]; onAdd: (userId: string) => void }) {
  const { t } = useTranslation("events");
  const [userId, setUserId] = useState("");
  return (
    <div className="event-actions event-actions-field">
      <SelectField
        label={t("organizer.addResponsible")}
        value={userId}
        onChange={setUserId}
        options={[{ value: "", label: "—" }, ...candidates.map((c) => ({ value: c.userId, label: nameOf(c, t) }))]}
      />
      <Button className="btn-small" disabled={!userId} onClick={() => userId && onAdd(userId)}>
        {t("organizer.add")}
      </Button>
    </div>
  );
}

/**
 * Cancelling the event (its organizers): asked once more in a dialog that says who is told. An event
 * that has not ended mails everyone going or waiting and leaves their calendars (decision 0231); a
 * past one is only deleted. Then the events list, where it no longer is.
 */
function DeleteEvent({ e }: { e: EventItem }) {
  const { t } = useTranslation("events");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteEvent(e.id),
    onSuccess: async () => {
      setOpen(false);
      // Away from its page first: a page still open would read the deleted event again (a 404).
      await navigate({ to: "/events", search: e.hasEnded ? { tab: "past" } : {} });
      forgetEvent(queryClient, e.id);
      await eventsChanged(queryClient);
    },
  });
  const what = e.hasEnded ? "deletePast" : "cancel";
  return (
    <>
      <Button variant="secondary" className="btn-danger" onClick={() => setOpen(true)} data-testid="delete-event">
        {t(`organizer.${what}.open`)}
      </Button>
      {open ? (
        <Dialog
          title={t(`organizer.${what}.title`)}
          testId="delete-event-dialog"
          onClose={() => {
            if (!remove.isPending) setOpen(false);
          }}
          onSubmit={() => remove.mutate()}
          actions={
            <>
              <Button variant="secondary" disabled={remove.isPending} onClick={() => setOpen(false)}>
                {t("organizer.keep")}
              </Button>
              <Button type="submit" className="btn-danger" busy={remove.isPending}>
                {t(`organizer.${what}.confirm`)}
              </Button>
            </>
          }
        >
          <p>{t(`organizer.${what}.text`, { title: e.title })}</p>
          {remove.isError ? <Alert kind="error">{errorText(remove.error)}</Alert> : null}
        </Dialog>
      ) : null}
    </>
  );
}
