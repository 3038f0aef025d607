import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { MemberHead } from "../recommendations/member-summary.tsx";
import { agendaQuery, answerOneToOne, downloadAgenda, type EventItem, type EventMeeting, requestOneToOne } from "./model.ts";
import { readAgain } from "../../lib/refresh.ts";

const slotText = (m: Pick<EventMeeting, "startsAt" | "endsAt">, lang: string, timeZone: string) =>
  m.startsAt && m.endsAt
    ? `${new Intl.DateTimeFormat(lang, { timeZone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(m.startsAt))}–${new Intl.DateTimeFormat(lang, { timeZone, hour: "2-digit", minute: "2-digit" }).format(new Date(m.endsAt))}`
    : "";

/** The "ask for a 1:1" button on a recommended attendee, while the event books 1:1s and the pair has no open request. */
export function AskOneToOne({ eventId, participantId }: { eventId: string; participantId: string }) {
  const { t } = useTranslation("events");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const agenda = useQuery(agendaQuery(eventId));
  const ask = useMutation({
    mutationFn: () => requestOneToOne(eventId, participantId),
    onSuccess: () => readAgain(queryClient, { queryKey: agendaQuery(eventId).queryKey }),
  });
  if (!agenda.data?.open) return null;
  const open = agenda.data.items.find((i) => i.other.id === participantId && (i.status === "REQUESTED" || i.status === "ACCEPTED"));
  if (open) return <p className="muted small">{t(open.status === "ACCEPTED" ? "oneToOne.booked" : "oneToOne.waiting")}</p>;
  return (
    <div>
      <Button variant="secondary" busy={ask.isPending} onClick={() => ask.mutate()} data-testid="ask-one-to-one">
        {t("oneToOne.ask")}
      </Button>
      {ask.isError ? <Alert kind="error">{errorText(ask.error)}</Alert> : null}
    </div>
  );
}

/** Event 1:1s: my agenda (booked meetings with time and table), requests to answer, requests waiting; the .ics file. */
export function EventAgenda({ e }: { e: Pick<EventItem, "id" | "slug" | "timeZone"> }) {
  const { t, i18n } = useTranslation("events");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const agenda = useQuery(agendaQuery(e.id));
  const answer = useMutation({
    mutationFn: ({ meetingId, verb }: { meetingId: string; verb: "accept" | "decline" | "cancel" }) => answerOneToOne(e.id, meetingId, verb),
    onSettled: () => readAgain(queryClient, { queryKey: agendaQuery(e.id).queryKey }),
  });
  const ics = useMutation({ mutationFn: () => downloadAgenda(e) });
  if (agenda.isPending) return <Skeleton lines={2} label={t("loading", { ns: "common" })} />;
  if (agenda.isError) return <Alert kind="error">{errorText(agenda.error)}</Alert>;
  const a = agenda.data;
  if (!a.open && a.items.length === 0) return null;
  const booked = a.items.filter((i) => i.status === "ACCEPTED");
  const incoming = a.items.filter((i) => i.status === "REQUESTED" && !i.sentByMe);
  const waiting = a.items.filter((i) => i.status === "REQUESTED" && i.sentByMe);
  const busy = answer.isPending;
  return (
    <section className="event-agenda" aria-labelledby="event-agenda-title" data-testid="event-agenda">
      <h2 id="event-agenda-title">{t("oneToOne.title")}</h2>
      {answer.isError ? <Alert kind="error">{errorText(answer.error)}</Alert> : null}
      {booked.length === 0 && incoming.length === 0 && waiting.length === 0 ? <p className="muted">{t("oneToOne.empty")}</p> : null}
      {booked.length > 0 ? (
        <>
          <ul className="event-agenda-list">
            {booked.map((m) => (
              <li key={m.id} className="card event-agenda-item" data-testid="agenda-meeting">
                <p className="event-agenda-when">
                  <strong>{slotText(m, i18n.language, e.timeZone)}</strong>
                  {m.table ? <span className="event-agenda-table">{t("oneToOne.table", { table: m.table })}</span> : null}
                </p>
                <MemberHead card={m.other} size={40} level={3} />
                <div className="event-agenda-actions">
                  <Button variant="ghost" disabled={busy} onClick={() => answer.mutate({ meetingId: m.id, verb: "cancel" })}>
                    {t("oneToOne.cancel")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <div className="event-agenda-ics">
            <Button variant="secondary" busy={ics.isPending} onClick={() => ics.mutate()} data-testid="agenda-ics">
              {t("oneToOne.ics")}
            </Button>
          </div>
        </>
      ) : null}
      {incoming.length > 0 ? (
        <>
          <h3>{t("oneToOne.incoming")}</h3>
          <ul className="event-agenda-list">
            {incoming.map((m) => (
              <li key={m.id} className="card event-agenda-item" data-testid="agenda-incoming">
                <MemberHead card={m.other} size={40} level={3} />
                {m.message ? <p className="small">{m.message}</p> : null}
                <div className="event-agenda-actions">
                  <Button disabled={busy} onClick={() => answer.mutate({ meetingId: m.id, verb: "accept" })}>
                    {t("oneToOne.accept")}
                  </Button>
                  <Button variant="ghost" disabled={busy} onClick={() => answer.mutate({ meetingId: m.id, verb: "decline" })}>
                    {t("oneToOne.decline")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {waiting.length > 0 ? (
        <>
          <h3>{t("oneToOne.sent")}</h3>
          <ul className="event-agenda-list">
            {waiting.map((m) => (
              <li key={m.id} className="card event-agenda-item">
                <MemberHead card={m.other} size={40} level={3} />
                <div className="event-agenda-actions">
                  <Button variant="ghost" disabled={busy} onClick={() => answer.mutate({ meetingId: m.id, verb: "cancel" })}>
                    {t("oneToOne.withdraw")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
