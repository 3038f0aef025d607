import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { useEmailField } from "../../lib/use-email-field.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailField } from "../../ui/email-field.tsx";
import { AuthCard } from "./auth-card.tsx";

/** /recovery: asks for a reset link; the answer never says whether the account exists. */
export function RecoveryPage() {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const email = useEmailField(storage.email() ?? "");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.validate();
    if (!value) return;
    setError(null);
    setBusy(true);
    try {
      await call(api.POST("/api/auth/recovery", { body: { email: value } }));
      setSentTo(value);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <p>
      <Link to="/login">{t("recovery.backToLogin")}</Link>
    </p>
  );
  if (sentTo) {
    return (
      <AuthCard title={t("recovery.title")} footer={footer}>
        <Alert kind="success">{t("recovery.sent", { email: sentTo })}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("recovery.title")} subtitle={t("recovery.subtitle")} footer={footer}>
      {error ? <Alert kind="error">{error}</Alert> : null}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t("recovery.title")}>
        <EmailField email={email} />
        <Button type="submit" block busy={busy}>
          {t("recovery.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
