import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { allowsCode, codeAuthType } from "../../api/community.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { completeSignIn, expectSession } from "../../app/sign-in.ts";
import { storage } from "../../lib/storage.ts";
import { useEmailField } from "../../lib/use-email-field.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailField } from "../../ui/email-field.tsx";
import { Field } from "../../ui/field.tsx";
import { AuthCard } from "./auth-card.tsx";
import { RESEND_SECONDS, requestSignInCode } from "./code-flow.ts";
import { formatCountdown, useCountdown } from "./use-countdown.ts";

/** /one-time-code: send, resend after a countdown, change e-mail, enter the code (spec 2.3). */
export function OneTimeCodePage({ initialEmail }: { initialEmail: string | undefined }) {
  const { t } = useTranslation("auth");
  const tErr = useTranslation("errors").t;
  const community = useCommunity();
  const navigate = useNavigate();
  const errorText = useErrorText({ signIn: true });

  const storedEmail = storage.email();
  const email = useEmailField(initialEmail ?? storedEmail ?? "");
  const [sentAt, setSentAt] = useState<number | null>(() => (storedEmail && (!initialEmail || initialEmail === storedEmail) ? storage.codeSentAt() : null));
  const [sentTo, setSentTo] = useState<string | null>(sentAt ? storedEmail : null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | "send" | "verify">(null);
  const remaining = useCountdown(sentAt, RESEND_SECONDS);

  if (!allowsCode(community)) {
    return (
      <AuthCard title={t("oneTimeCode.title")}>
        <Alert kind="error">{tErr("code.1008")}</Alert>
        <Link to="/login" className="btn btn-secondary btn-block">
          {t("magic.requestNew")}
        </Link>
      </AuthCard>
    );
  }

  const send = async (address: string, isResend: boolean) => {
    setError(null);
    setNotice(null);
    setBusy("send");
    try {
      await requestSignInCode(community, address);
      setSentAt(Date.now());
      setSentTo(address);
      if (isResend) setNotice(t("oneTimeCode.resent"));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const onSendSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.validate();
    if (value) void send(value, false);
  };

  const onCodeSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setCodeError(tErr("codeRequired"));
      return;
    }
    if (!sentTo) return;
    setError(null);
    setNotice(null);
    setBusy("verify");
    try {
      const result = expectSession(await call(api.POST("/api/auth/login", { body: { authType: codeAuthType(community), email: sentTo, password: value } })));
      storage.setCodeSentAt(null);
      await navigate({ href: await completeSignIn(result), replace: true });
    } catch (err) {
      setError(errorText(err));
      setBusy(null);
    }
  };

  const changeEmail = () => {
    storage.setCodeSentAt(null);
    setSentAt(null);
    setSentTo(null);
    setCode("");
    setError(null);
    setNotice(null);
  };

  if (!sentTo) {
    return (
      <AuthCard title={t("oneTimeCode.title")} subtitle={t("oneTimeCode.subtitle")}>
        {error ? <Alert kind="error">{error}</Alert> : null}
        <form className="form" onSubmit={onSendSubmit} noValidate aria-label={t("oneTimeCode.title")}>
          <EmailField email={email} />
          <Button type="submit" block busy={busy === "send"}>
            {t("oneTimeCode.send")}
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("oneTimeCode.title")} subtitle={t("oneTimeCode.sentTo", { email: sentTo })}>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      <form className="form" onSubmit={(e) => void onCodeSubmit(e)} noValidate aria-label={t("oneTimeCode.title")}>
        <Field
          label={t("oneTimeCode.code")}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          className="code-input"
          value={code}
          onChange={(v) => {
            setCode(v);
            setCodeError(null);
          }}
          error={codeError}
          required
          autoFocus
        />
        <Button type="submit" block busy={busy === "verify"}>
          {t("oneTimeCode.submit")}
        </Button>
      </form>
      <div className="code-actions">
        {remaining > 0 ? (
          <p className="muted" aria-live="off">
            {t("oneTimeCode.resendIn", { time: formatCountdown(remaining) })}
          </p>
        ) : (
          <Button variant="link" busy={busy === "send"} onClick={() => void send(sentTo, true)}>
            {t("oneTimeCode.resend")}
          </Button>
        )}
        <Button variant="link" onClick={changeEmail}>
          {t("oneTimeCode.changeEmail")}
        </Button>
      </div>
    </AuthCard>
  );
}
