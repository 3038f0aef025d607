import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiFailure } from "../../api/client.ts";
import { zoneName } from "../../lib/time-zones.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { cancelMeeting, confirmMeeting, downloadCalendar, type Meeting, meetingQueries, pickSlot, proposeOthers, rescheduleMeeting, slotLabel } from "./model.ts";
import { readAgain } from "../../lib/refresh.ts";
import "./meetings.css";

type NoteAction = "propose" | "reschedule" | "cancel";

/** /meetings: my meetings; pick, confirm, propose other times, reschedule, cancel. Times in my zone and language. */
export function MeetingsPage({ highlight }: { highlight?: string | undefined }) {
  const { t, i18n } = useTranslation("meetings");
  const errorText = useErrorText();
  const query = useQuery(meetingQueries.list());
  const items = query.data?.items ?? [];
  const zone = items[0]?.timeZone;
  return (
    <main className="page page-narrow" id="content">
      <h1>{t("title")}</h1>
      {zone ? <p className="muted">{t("intro", { zone: zoneName(zone, new Date(), i18n.language) })}</p> : null}
      {query.isPending ? (
        <Skeleton lines={4} label={t("loading", { ns: "common" })} />
      ) : query.isError ? (
        <Alert kind="error">{errorText(query.error)}</Alert>
      ) : items.length === 0 ? (
        <section className="empty-state">
          <h2>{t("emptyTitle")}</h2>
          <p className="muted">{t("emptyText")}</p>
        </section>
      ) : (
        <ul className="meeting-list">
          {items.map((m) => (
            <MeetingCard key={m.id} m={m} locale={i18n.language} highlighted={m.id === highlight} />
          ))}
        </ul>
      )}
    </main>
  );
}

function MeetingCard({ m, locale, highlighted }: { m: Meeting; locale: string; highlighted: boolean }) {
  const { t } = useTranslation("meetings");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const noteId = useId();
  const [noteFor, setNoteFor] = useState<NoteAction | null>(null);
  const [note, setNote] = useState("");
  const [raced, setRaced] = useState(false);
  const name = `${m.other.firstName ?? ""} ${m.other.lastName ?? ""}`.trim();
  const act = useMutation({
    mutationFn: (run: () => Promise<Meeting>) => run(),
    onSuccess: () => {
      setNoteFor(null);
      setNote("");
      setRaced(false);
    },
    onError: (err) => setRaced(isApiFailure(err) && err.status === 409),
    onSettled: () => readAgain(queryClient, { queryKey: ["meetings"] }),
  });
  const label = (startsAt: string, endsAt: string) => slotLabel(startsAt, endsAt, m.timeZone, locale);
  const live = m.status !== "CANCELLED";

  return (
    <li className="card meeting-card" data-testid="meeting" data-status={m.status} aria-current={highlighted || undefined}>
      <div className="meeting-head">
        <h2>{t("with", { name })}</h2>
        <span className={`badge badge-meeting-${m.status.toLowerCase()}`} data-testid="meeting-status">
          {t(`status.${m.status}`)}
        </span>
      </div>
      <p className="small muted">
        {t(`format.${m.format}`)} · {t("theirZone", { zone: zoneName(m.otherTimeZone, new Date(), locale) })}
      </p>
      {m.note ? <p className="small">{t("noteFrom", { note: m.note })}</p> : null}

      {m.status === "PROPOSED" ? (
        m.slots.length ? (
          <>
            <p>{t("pickPrompt")}</p>
            <ul className="meeting-slots">
              {m.slots.map((s) => (
                <li key={s.startsAt} className="meeting-slot">
                  <time dateTime={s.startsAt}>{label(s.startsAt, s.endsAt)}</time>
                  <Button variant="secondary" busy={act.isPending} onClick={() => act.mutate(() => pickSlot(m.id, s.startsAt))} aria-label={`${t("pick")}: ${label(s.startsAt, s.endsAt)}`}>
                    {t("pick")}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">
            {t("noSlots")} <Link to="/profile" hash="section-availability">{t("title", { ns: "availability" })}</Link>
          </p>
        )
      ) : null}

      {m.startsAt && m.endsAt && (m.status === "PICKED" || m.status === "CONFIRMED") ? (
        <p>
          <strong>
            <time dateTime={m.startsAt} data-testid="meeting-time">
              {label(m.startsAt, m.endsAt)}
            </time>
          </strong>
        </p>
      ) : null}
      {m.status === "PICKED" ? <p className="small muted">{m.pickedByMe ? t("youPicked") : t("theyPicked")}</p> : null}
      {m.status === "CONFIRMED" && m.location ? (
        /^https?:\/\//.test(m.location) ? (
          <a className="btn btn-primary" href={m.location} target="_blank" rel="noopener noreferrer">
            {t("join")}
          </a>
        ) : (
          <p>{t("where", { place: m.location })}</p>
        )
      ) : null}
      {m.status === "CONFIRMED" && m.format === "PHONE" && !m.location ? <p>{t("phone")}</p> : null}

      {live ? (
        <div className="meeting-actions">
          {m.status === "PICKED" && !m.pickedByMe ? (
            <Button busy={act.isPending} onClick={() => act.mutate(() => confirmMeeting(m.id))}>
              {t("confirm")}
            </Button>
          ) : null}
          {m.status === "PROPOSED" || m.status === "PICKED" ? (
            <Button variant="secondary" onClick={() => setNoteFor("propose")}>
              {t("proposeOthers")}
            </Button>
          ) : null}
          {m.status === "CONFIRMED" ? (
            <>
              <Button variant="secondary" onClick={() => void downloadCalendar(m.id)}>
                {t("calendar")}
              </Button>
              <Button variant="secondary" onClick={() => setNoteFor("reschedule")}>
                {t("reschedule")}
              </Button>
            </>
          ) : null}
          <Button variant="ghost" onClick={() => setNoteFor("cancel")}>
            {t("cancel")}
          </Button>
        </div>
      ) : null}

      {noteFor ? (
        <form
          className="meeting-note"
          onSubmit={(e) => {
            e.preventDefault();
            const run = noteFor === "propose" ? proposeOthers : noteFor === "reschedule" ? rescheduleMeeting : cancelMeeting;
            act.mutate(() => run(m.id, note.trim()));
          }}
        >
          <label htmlFor={noteId}>{t("note")}</label>
          <textarea id={noteId} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          <div className="meeting-actions">
            <Button type="submit" busy={act.isPending}>
              {noteFor === "propose" ? t("proposeOthers") : noteFor === "reschedule" ? t("reschedule") : t("cancel")}
            </Button>
            <Button variant="ghost" onClick={() => setNoteFor(null)}>
              {t("back")}
            </Button>
          </div>
        </form>
      ) : null}
      {act.isError ? <Alert kind={raced ? "info" : "error"}>{raced ? `${t("conflict")} ${errorText(act.error)}` : errorText(act.error)}</Alert> : null}
    </li>
  );
}
