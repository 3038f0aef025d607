import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { allowsCode } from "../../api/community.ts";
import { track } from "../../app/analytics.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { useEmailField } from "../../lib/use-email-field.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailField } from "../../ui/email-field.tsx";
import { requestSignInCode } from "../auth/code-flow.ts";

/**
 * Spec 1 / 5: one e-mail field. Code-based communities send the code at once and continue on the
 * one-time-code page; others continue to registration with the e-mail filled in. A community with
 * a parent domain sends the visitor there with the e-mail in the query.
 */
export function ShortSignUpForm() {
  const { t } = useTranslation("welcome");
  const community = useCommunity();
  const navigate = useNavigate();
  const email = useEmailField();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.validate();
    if (!value) return;
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
      <div className="signup-row">
        <EmailField email={email} required={false} />
        <Button type="submit" busy={busy} disabled={email.value.trim() === "" || email.error !== null}>
          {t("signUpButton")}
        </Button>
      </div>
    </form>
  );
}
