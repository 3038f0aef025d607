import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { completeSignIn, expectSession } from "../../app/sign-in.ts";
import { storage } from "../../lib/storage.ts";
import { useEmailField } from "../../lib/use-email-field.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailField } from "../../ui/email-field.tsx";
import { AuthCard } from "./auth-card.tsx";
import { GoogleSignUp } from "./google-sign-up.tsx";
import { NewPasswordFields, useNewPassword } from "./new-password-fields.tsx";
import { PolicyCheckbox } from "./policy-checkbox.tsx";

/** /registration: e-mail, password twice, the policy box; then an automatic sign-in (spec 2.3, 4.3). */
export function RegistrationPage({ initialEmail }: { initialEmail: string | undefined }) {
  const { t } = useTranslation("auth");
  const tCommon = useTranslation("common").t;
  const community = useCommunity();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const email = useEmailField(initialEmail ?? storage.email() ?? "");
  const newPassword = useNewPassword();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.validate();
    const password = newPassword.validate();
    if (!value || !password || !agreed) return;
    setError(null);
    setBusy(true);
    try {
      await call(api.POST("/api/auth/register-user", { body: { email: value, password, agreePolicy: true } }));
      const result = expectSession(await call(api.POST("/api/auth/login", { body: { authType: "EMAIL", email: value, password } })));
      // After registering, the stored post-login redirect no longer applies (spec 4.3).
      storage.setRedirect(null);
      await navigate({ href: await completeSignIn(result), replace: true });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t("registration.title")}
      subtitle={t("registration.subtitle", { community: brandTitle(community) })}
      footer={
        <p>
          {t("registration.haveAccount")} <Link to="/login">{t("registration.logIn")}</Link>
        </p>
      }
    >
      {error ? <Alert kind="error">{error}</Alert> : null}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t("registration.title")}>
        <EmailField email={email} />
        <NewPasswordFields state={newPassword} passwordLabel={tCommon("password")} repeatLabel={t("registration.repeatPassword")} />
        <PolicyCheckbox checked={agreed} onChange={setAgreed} />
        <Button type="submit" block busy={busy} disabled={!agreed}>
          {t("registration.submit")}
        </Button>
      </form>
      {/* Spec 2.3: Google where the community lists it; the same box must be ticked first. */}
      <GoogleSignUp agreed={agreed} onNeedsAgreement={() => setError(t("registration.agreeFirst"))} />
    </AuthCard>
  );
}
