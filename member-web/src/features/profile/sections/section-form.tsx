import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/use-error-text.ts";
import { Alert } from "../../../ui/alert.tsx";
import { Button } from "../../../ui/button.tsx";
import { type FieldErrors, useFieldErrors } from "../field-errors.ts";
import { type Profile, profileSaved } from "../model.ts";

/**
 * How a section ends: onboarding passes "Next" with back/skip, the profile page "Save". The same
 * section components serve both, so a field exists once.
 */
export type SectionActions = {
  submitLabel: string;
  /** Buttons before the submit one (previous, skip). */
  extra?: ReactNode;
  /** Called after a successful save with the stored profile. */
  onSaved?: (profile: Profile) => void;
  /** The profile page confirms a save in place; onboarding moves on instead. */
  confirmSaved?: boolean;
};

export type SectionProps = { profile: Profile; actions: SectionActions };

/**
 * The save cycle of one section: client checks first (they return field errors), then the call;
 * the API's `errors` land on the fields, anything else above the form.
 */
export function useSectionSave(actions: SectionActions) {
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const mapFields = useFieldErrors();
  const { t } = useTranslation("member");
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** `handled` may take an error itself (and show it its own way); it returns true when it did. */
  const submit = async (check: () => FieldErrors, save: () => Promise<Profile | null>, handled?: (err: unknown) => boolean) => {
    setFormError(null);
    setSaved(false);
    const local = check();
    setFieldErrors(local);
    if (Object.keys(local).length) {
      setFormError(t("errors.fixBelow"));
      return;
    }
    setBusy(true);
    try {
      const profile = await save();
      if (profile) profileSaved(queryClient, profile);
      if (actions.confirmSaved) {
        setSaved(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setSaved(false), 3000);
      }
      setBusy(false);
      if (profile) actions.onSaved?.(profile);
    } catch (err) {
      setBusy(false);
      if (handled?.(err)) return;
      const fields = mapFields(err);
      if (fields) {
        setFieldErrors(fields);
        setFormError(t("errors.fixBelow"));
      } else setFormError(errorText(err));
      setBusy(false);
    }
  };

  const clearField = (key: string) =>
    setFieldErrors((prev) => {
      if (!(key in prev)) return prev;
      const next = { ...prev };
      delete next[key];
      return next;
    });

  return { busy, fieldErrors, formError, saved, submit, clearField, setFormError };
}

type FormShellProps = {
  label: string;
  actions: SectionActions;
  state: { busy: boolean; formError: string | null; saved: boolean };
  onSubmit: () => void;
  children: ReactNode;
  submitDisabled?: boolean;
  hideSubmit?: boolean;
};

export function SectionFormShell({ label, actions, state, onSubmit, children, submitDisabled, hideSubmit }: FormShellProps) {
  const { t } = useTranslation("member");
  const handle = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="form section-form" onSubmit={handle} noValidate aria-label={label}>
      {children}
      {state.formError ? <Alert kind="error">{state.formError}</Alert> : null}
      <div className="form-actions">
        {state.saved ? (
          <span className="saved-note" role="status">
            ✓ {t("saved")}
          </span>
        ) : null}
        {actions.extra}
        {hideSubmit ? null : (
          <Button type="submit" busy={state.busy} busyLabel={t("saving")} disabled={submitDisabled}>
            {actions.submitLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
