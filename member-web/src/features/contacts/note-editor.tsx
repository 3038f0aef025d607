import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { TextArea } from "../profile/controls.tsx";
import { matchingChanged, NOTE_MAX, updateNote } from "../recommendations/model.ts";

/** My private note about a contact (update-note): shown, edited in place, cleared by saving it empty. */
export function NoteEditor({ matchingResultId, note }: { matchingResultId: string; note: string | null }) {
  const { t } = useTranslation("matching");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note ?? "");
  const tooLong = [...draft.trim()].length > NOTE_MAX;
  const save = useMutation({
    mutationFn: () => updateNote(matchingResultId, draft),
    onSuccess: async () => {
      setEditing(false);
      await matchingChanged(queryClient);
    },
  });

  if (!editing) {
    return (
      <div className="note">
        {note ? (
          <p className="own-note" data-testid="note">
            <strong>{t("contacts.note")}:</strong> {note}
          </p>
        ) : null}
        {save.isSuccess ? (
          <p className="muted small" role="status">
            {t("contacts.noteSaved")}
          </p>
        ) : null}
        <Button
          variant="link"
          onClick={() => {
            setDraft(note ?? "");
            setEditing(true);
          }}
        >
          {note ? t("contacts.editNote") : t("contacts.addNote")}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="note"
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooLong) save.mutate();
      }}
    >
      {save.isError ? <Alert kind="error">{errorText(save.error)}</Alert> : null}
      <TextArea
        label={t("contacts.note")}
        value={draft}
        onChange={setDraft}
        max={NOTE_MAX}
        rows={3}
        autoFocus
        hint={t("contacts.noteHint")}
        error={tooLong ? t("connect.tooLong", { max: NOTE_MAX }) : null}
      />
      <div className="match-actions">
        <Button type="submit" busy={save.isPending}>
          {t("contacts.saveNote")}
        </Button>
        <Button variant="secondary" onClick={() => setEditing(false)}>
          {t("cancel", { ns: "common" })}
        </Button>
      </div>
    </form>
  );
}
