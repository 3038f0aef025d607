import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { TextArea } from "../profile/controls.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { matchingChanged, NOTE_MAX, updateScore } from "../recommendations/model.ts";

type Initial = { score: number | null; notes: string | null; noMeeting: boolean };

/** "Did you meet?": 1..5 stars with notes, or "we did not meet" (spec 3, meeting feedback). */
export function FeedbackDialog({
  matchingResultId,
  name,
  initial,
  onClose,
  onSaved,
}: {
  matchingResultId: string;
  name: string | null;
  initial: Initial | null;
  onClose: () => void;
  onSaved: (text: string) => void;
}) {
  const { t } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const groupId = useId();
  const [score, setScore] = useState<number | null>(initial?.score ?? null);
  const [notes, setNotes] = useState(initial?.notes ?? "");
  const [noMeeting, setNoMeeting] = useState(initial?.noMeeting ?? false);
  const [touched, setTouched] = useState(false);
  const invalid = !noMeeting && score === null;

  const save = useMutation({
    mutationFn: () => updateScore(matchingResultId, { score, notes, noMeeting }),
    onSuccess: async () => {
      onSaved(t("feedback.saved"));
      onClose();
      await matchingChanged(queryClient);
    },
  });

  return (
    <Dialog
      title={name ? t("feedback.title", { name }) : t("feedback.titleNoName")}
      testId="feedback-dialog"
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (!invalid && [...notes.trim()].length <= NOTE_MAX) save.mutate();
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("cancel", { ns: "common" })}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {t("feedback.save")}
          </Button>
        </>
      }
    >
      {save.isError ? <Alert kind="error">{errorText(save.error)}</Alert> : null}
      <fieldset className="fieldset" disabled={noMeeting} aria-describedby={touched && invalid ? `${groupId}-error` : undefined}>
        <legend>{t("feedback.stars")}</legend>
        <div className="stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`star${score !== null && n <= score ? " star-on" : ""}`}>
              <input type="radio" name={`${groupId}-score`} value={n} checked={score === n} onChange={() => setScore(n)} className="visually-hidden" />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t("feedback.star", { count: n })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {touched && invalid ? (
        <p className="field-error" id={`${groupId}-error`} role="alert">
          {t("feedback.chooseScore")}
        </p>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" checked={noMeeting} onChange={(e) => setNoMeeting(e.target.checked)} />
        <span>{t("feedback.noMeeting")}</span>
      </label>
      <TextArea
        label={t("feedback.notes")}
        value={notes}
        onChange={setNotes}
        max={NOTE_MAX}
        rows={3}
        error={[...notes.trim()].length > NOTE_MAX ? t("connect.tooLong", { max: NOTE_MAX }) : null}
      />
    </Dialog>
  );
}
