import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { allowsCode } from "../../api/community.ts";
import { track } from "../../app/analytics.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { rememberAgreement } from "../../app/sign-in.ts";
import { useEmailField } from "../../lib/use-email-field.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailField } from "../../ui/email-field.tsx";
import { requestSignInCode } from "../auth/code-flow.ts";
import { GoogleSignUp } from "../auth/google-sign-up.tsx";
import { PolicyCheckbox } from "../auth/policy-checkbox.tsx";

/**
 * Spec 5: the communities whose short sign-up form (not a landing's) asks for the agreement tick
 * before continuing: those that publish their own legal document set (tenant.json
 * `legalDocuments`; decision 0169).
 */
export function needsSignUpAgreement(community: { legalDocuments?: unknown }, landing: boolean): boolean {
  return !landing && !!community.legalDocuments;
}

/**
 * Spec 1 / 5: one e-mail field. Code-based communities send the code at once and continue on the
 * one-time-code page; others continue to registration with the e-mail filled in. A community with
 * a parent domain sends the visitor there with the e-mail in the query.
 */
export function ShortSignUpForm({ landing = false }: { landing?: boolean }) {
  const { t } = useTranslation("welcome");
  const tAuth = useTranslation("auth").t;
  const community = useCommunity();
  const navigate = useNavigate();
  const email = useEmailField();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const askAgreement = needsSignUpAgreement(community, landing);
  const [agreed, setAgreed] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.validate();
    if (!value || (askAgreement && !agreed)) return;
    setFailure(null);
    // Spec 7: a tag event on submit of the short sign-up form (only with ANALYTICS_URL).
    track("short_sign_up");
    if (community.parentCommunityDomain) {
      window.location.assign(`https://${community.parentCommunityDomain}/registration?email=${encodeURIComponent(value)}`);
      return;
    }
    if (!allowsCode(community)) {
      await navigate({ to: "/registration", search: { email: value } });
      return;
    }
    setBusy(true);
    try {
      if (askAgreement) rememberAgreement();
      await requestSignInCode(community, value);
      await navigate({ to: "/one-time-code" });
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="signup-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t("signUpTitle")}</h2>
      <p className="muted">{t("signUpHint")}</p>
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      {askAgreement ? <PolicyCheckbox checked={agreed} onChange={setAgreed} /> : null}
      <div className="signup-row">
        <EmailField email={email} required={false} />
        <Button type="submit" busy={busy} disabled={email.value.trim() === "" || email.error !== null || (askAgreement && !agreed)}>
          {t("signUpButton")}
        </Button>
      </div>
      <GoogleSignUp agreed={askAgreement ? agreed : null} onNeedsAgreement={() => setFailure(tAuth("registration.agreeFirst"))} />
    </form>
  );
}
