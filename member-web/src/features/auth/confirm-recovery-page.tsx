import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { completeSignIn } from "../../app/sign-in.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { AuthCard } from "./auth-card.tsx";
import { NewPasswordFields, useNewPassword } from "./new-password-fields.tsx";

/** /confirm-recovery?code=…: a new password; success signs the user in. */
export function ConfirmRecoveryPage({ code }: { code: string | undefined }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const errorText = useErrorText();
  const newPassword = useNewPassword();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!code) {
    return (
      <AuthCard title={t("confirmRecovery.title")}>
        <Alert kind="error">{t("confirmRecovery.noCode")}</Alert>
        <Link to="/recovery" className="btn btn-secondary btn-block">
          {t("confirmRecovery.requestAgain")}
        </Link>
      </AuthCard>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const password = newPassword.validate();
    if (!password) return;
    setError(null);
    setBusy(true);
    try {
      const result = await call(api.POST("/api/auth/confirm-recovery", { body: { code, password } }));
      await navigate({ href: await completeSignIn(result), replace: true });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t("confirmRecovery.title")}>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t("confirmRecovery.title")}>
        <NewPasswordFields state={newPassword} passwordLabel={t("confirmRecovery.newPassword")} repeatLabel={t("confirmRecovery.repeatPassword")} />
        <Button type="submit" block busy={busy}>
          {t("confirmRecovery.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
