import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiFailure } from "../../api/client.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { TextArea } from "../profile/controls.tsx";
import { fullName } from "../profile/model.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { MemberContacts, MemberHead, TagChips } from "./member-summary.tsx";
import {
  formatDate,
  INTRO_MAX,
  matchingChanged,
  matchingQueries,
  NOTE_MAX,
  notInterested,
  profileLink,
  type Recommendation,
  type RelationReason,
  REPORT_NOTE_MAX,
  type ReportReason,
  refillTime,
  reportMember,
  sendIntro,
  setBookmark,
} from "./model.ts";

type Notify = (text: string) => void;

const SOURCE_LABEL = { WEEKLY: "card.weekly", ODD_OUT: "card.oddOut", INSTANT: "card.instant", ADMIN: "card.admin" } as const;

/** One recommendation as a large card: who, why you two, contacts, and the actions of spec 4.6. */
export function RecommendationCard({
  rec,
  participantId,
  highlighted,
  onNotify,
}: {
  rec: Recommendation;
  participantId: string | undefined;
  highlighted: boolean;
  onNotify: Notify;
}) {
  const { t, i18n } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [dialog, setDialog] = useState<"connect" | "dismiss" | "report" | null>(null);
  const card = rec.participant;
  const name = fullName(card);
  const connected = rec.status === "CONNECTED";

  const bookmark = useMutation({
    mutationFn: () => setBookmark(card.id, !rec.bookmarked),
    onSuccess: () => matchingChanged(queryClient),
  });

  const share = async () => {
    const link = profileLink(card.slug);
    try {
      await navigator.clipboard.writeText(link);
      onNotify(t("actions.copied"));
    } catch {
      onNotify(t("actions.copyFailed", { link }));
    }
  };

  return (
    <article
      className={`card match-card${highlighted ? " match-highlighted" : ""}`}
      data-testid="recommendation"
      data-result-id={rec.matchingResultId}
      aria-labelledby={`rec-${rec.matchingResultId}`}
      id={`match-${rec.matchingResultId}`}
    >
      <p className="eyebrow" id={`rec-${rec.matchingResultId}`}>
        {highlighted ? t("card.highlighted") : t(SOURCE_LABEL[rec.source])}
        <span className="visually-hidden">: {name}</span>
      </p>
      <MemberHead card={card} size={96} />
      <TagChips tags={card.tags} />
      {rec.reasons.length ? (
        <section className="why" aria-label={t("card.why")}>
          <h3>{t("card.why")}</h3>
          <ul>
            {rec.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="match-contacts" aria-label={t("card.contacts")}>
        <MemberContacts card={card} />
      </section>
      {connected ? (
        <p className="badge badge-success" data-testid="connected">
          {rec.introSentAt ? t("card.connectedOn", { date: formatDate(rec.introSentAt, i18n.language) }) : t("card.connected")}
        </p>
      ) : null}
      {bookmark.isError ? <Alert kind="error">{errorText(bookmark.error)}</Alert> : null}
      <div className="match-actions">
        {!connected ? (
          <Button onClick={() => setDialog("connect")} disabled={!participantId}>
            {t("actions.connect")}
          </Button>
        ) : null}
        <Button variant="secondary" aria-pressed={rec.bookmarked} busy={bookmark.isPending} onClick={() => bookmark.mutate()}>
          {rec.bookmarked ? t("actions.unbookmark") : t("actions.bookmark")}
        </Button>
        {!connected ? (
          <Button variant="secondary" onClick={() => setDialog("dismiss")}>
            {t("actions.notInterested")}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => void share()}>
          {t("actions.share")}
        </Button>
        <Button variant="ghost" onClick={() => setDialog("report")}>
          {t("actions.report")}
        </Button>
      </div>
      {dialog === "connect" && participantId ? (
        <ConnectDialog rec={rec} participantId={participantId} onClose={() => setDialog(null)} onNotify={onNotify} />
      ) : null}
      {dialog === "dismiss" ? <DismissDialog rec={rec} onClose={() => setDialog(null)} onNotify={onNotify} /> : null}
      {dialog === "report" ? <ReportDialog rec={rec} onClose={() => setDialog(null)} onNotify={onNotify} /> : null}
    </article>
  );
}

function ConnectDialog({ rec, participantId, onClose, onNotify }: { rec: Recommendation; participantId: string; onClose: () => void; onNotify: Notify }) {
  const { t, i18n } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const credits = useQuery(matchingQueries.credits());
  const [message, setMessage] = useState("");
  const [touched, setTouched] = useState(false);
  const name = fullName(rec.participant);
  const length = [...message.trim()].length;
  const fieldError = length === 0 ? t("connect.required") : length > INTRO_MAX ? t("connect.tooLong", { max: INTRO_MAX }) : null;

  const send = useMutation({
    mutationFn: () => sendIntro(participantId, rec.matchingResultId, message.trim()),
    onSuccess: async (result) => {
      queryClient.setQueryData(matchingQueries.credits().queryKey, result.credits);
      onNotify(t("connect.sent", { name }));
      onClose();
      await matchingChanged(queryClient);
    },
  });

  const failure = (() => {
    if (!send.isError) return null;
    const err = send.error;
    if (isApiFailure(err) && err.code === 1018) {
      const time = refillTime(err, i18n.language);
      return time ? t("connect.creditsOut", { time }) : t("connect.creditsOutNoTime");
    }
    if (isApiFailure(err) && err.code === 1003) return t("connect.already");
    return errorText(err);
  })();

  const cost = credits.data?.costs.INTERESTED_CLICK;
  return (
    <Dialog
      title={t("connect.title", { name })}
      testId="connect-dialog"
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (!fieldError) send.mutate();
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel", { ns: "common" })}
          </Button>
          <Button type="submit" busy={send.isPending}>
            {t("connect.send")}
          </Button>
        </>
      }
    >
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <TextArea
        label={t("connect.label")}
        value={message}
        onChange={setMessage}
        max={INTRO_MAX}
        rows={6}
        required
        autoFocus
        placeholder={t("connect.placeholder")}
        error={touched ? fieldError : null}
        hint={rec.participant.hasHiddenContacts ? t("connect.viaModerator", { name }) : t("connect.hint", { name })}
      />
      {credits.data && cost !== undefined ? (
        <p className="muted small" data-testid="credits">
          {t("connect.cost", { cost })} · {t("connect.balance", { count: credits.data.balance })}
        </p>
      ) : null}
    </Dialog>
  );
}

const REASONS: readonly RelationReason[] = ["NOT_INTERESTED", "ALREADY_KNOW", "OTHER"];

function DismissDialog({ rec, onClose, onNotify }: { rec: Recommendation; onClose: () => void; onNotify: Notify }) {
  const { t } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [reason, setReason] = useState<RelationReason>("NOT_INTERESTED");
  const [note, setNote] = useState("");
  const name = fullName(rec.participant);

  const dismiss = useMutation({
    mutationFn: () => notInterested(rec.participant.id, reason, note),
    onSuccess: async () => {
      onNotify(t("dismiss.done", { name }));
      onClose();
      await matchingChanged(queryClient);
    },
  });

  return (
    <Dialog
      title={t("dismiss.title", { name })}
      testId="dismiss-dialog"
      onClose={onClose}
      onSubmit={() => {
        if ([...note.trim()].length <= NOTE_MAX) dismiss.mutate();
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel", { ns: "common" })}
          </Button>
          <Button type="submit" className="btn-danger" busy={dismiss.isPending}>
            {t("dismiss.submit")}
          </Button>
        </>
      }
    >
      <p className="muted">{t("dismiss.text")}</p>
      {dismiss.isError ? <Alert kind="error">{errorText(dismiss.error)}</Alert> : null}
      <fieldset className="fieldset">
        <legend>{t("dismiss.reason")}</legend>
        <div className="options">
          {REASONS.map((r) => (
            <label key={r} className={`option${reason === r ? " option-on" : ""}`}>
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{t(`dismiss.${r}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea
        label={t("dismiss.note")}
        value={note}
        onChange={setNote}
        max={NOTE_MAX}
        rows={3}
        error={[...note.trim()].length > NOTE_MAX ? t("connect.tooLong", { max: NOTE_MAX }) : null}
      />
    </Dialog>
  );
}

const REPORT_REASONS: readonly ReportReason[] = ["SPAM", "INAPPROPRIATE", "FAKE", "HARASSMENT", "OTHER"];

/** "Report": a reason and an optional note to the community's moderators (one open report per member). */
function ReportDialog({ rec, onClose, onNotify }: { rec: Recommendation; onClose: () => void; onNotify: Notify }) {
  const { t } = useTranslation("matching");
  const errorText = useErrorText();
  const [reason, setReason] = useState<ReportReason>("SPAM");
  const [note, setNote] = useState("");
  const tooLong = [...note.trim()].length > REPORT_NOTE_MAX;

  const report = useMutation({
    mutationFn: () => reportMember(rec.participant.id, reason, note),
    onSuccess: () => {
      onNotify(t("report.done"));
      onClose();
    },
  });

  return (
    <Dialog
      title={t("report.title")}
      testId="report-dialog"
      onClose={onClose}
      onSubmit={() => {
        if (!tooLong) report.mutate();
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel", { ns: "common" })}
          </Button>
          <Button type="submit" className="btn-danger" busy={report.isPending}>
            {t("report.submit")}
          </Button>
        </>
      }
    >
      <p className="muted">{t("report.text")}</p>
      {report.isError ? <Alert kind="error">{errorText(report.error)}</Alert> : null}
      <fieldset className="fieldset">
        <legend>{t("report.reason")}</legend>
        <div className="options">
          {REPORT_REASONS.map((r) => (
            <label key={r} className={`option${reason === r ? " option-on" : ""}`}>
              <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{t(`report.${r}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea label={t("report.note")} value={note} onChange={setNote} max={REPORT_NOTE_MAX} rows={3} error={tooLong ? t("connect.tooLong", { max: REPORT_NOTE_MAX }) : null} />
    </Dialog>
  );
}
