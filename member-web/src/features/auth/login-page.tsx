import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, Suspense, useState } from "react";
import { useTranslation } from "../../i18n/first-paint.ts";
import { api, call } from "../../api/client.ts";
import { allowedMethods } from "../../api/community.ts";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { completeSignIn, expectSession } from "../../app/sign-in.ts";
import { storage } from "../../lib/storage.ts";
import { useEmailField } from "../../lib/use-email-field.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { isPasswordLength } from "../../lib/validation.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { EmailField } from "../../ui/email-field.tsx";
import { Field } from "../../ui/field.tsx";
import { AuthCard } from "./auth-card.tsx";
import { DevGoogleButton, GoogleButton, GoogleButtonPlaceholder } from "./google-lazy.tsx";
import { requestMagicLink, requestSignInCode } from "./code-flow.ts";


type Busy = null | "password" | "code" | "link" | "google";

/** /login: only the methods the community's authConfig lists (spec 2.3). */
export function LoginPage({ ssoError, sessionEnded = false, accountDisabled = false }: { ssoError: boolean; sessionEnded?: boolean; accountDisabled?: boolean }) {
  const { t } = useTranslation("auth");
  const tCommon = useTranslation("common").t;
  const tErr = useTranslation("errors").t;
  const community = useCommunity();
  const navigate = useNavigate();
  const errorText = useErrorText({ signIn: true });
  const methods = allowedMethods(community);
  const hasPassword = methods.has("EMAIL");
  const hasCode = methods.has("NONE") || methods.has("OTP");
  const hasLink = methods.has("MAGIC");
  const sso = community.authConfig.find((a) => a.authType === "OAUTH2");
  const google = community.authConfig.find((a) => a.authType === "GOOGLE")?.externalContent;
  const googleClientId = google?.clientId;
  // The server names its development stand-in here (only /dev/ paths, which production never serves).
  const devGoogleUrl = google?.codeUrl?.startsWith("/dev/") ? google.codeUrl : undefined;
  const needsEmail = hasPassword || hasCode || hasLink;

  const email = useEmailField(storage.email() ?? "");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(
    ssoError ? t("login.ssoFailed") : accountDisabled ? tErr("accountDisabled") : sessionEnded ? t("login.sessionEnded") : null,
  );
  const [busy, setBusy] = useState<Busy>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<void>) => {
    setError(null);
    setBusy(kind);
    try {
      await action();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const signInWithPassword = () => {
    const value = email.validate();
    if (!value) return;
    if (!isPasswordLength(password)) {
      setPasswordError(tErr("passwordLength"));
      return;
    }
    setPasswordError(null);
    void run("password", async () => {
      const result = expectSession(await call(api.POST("/api/auth/login", { body: { authType: "EMAIL", email: value, password } })));
      await navigate({ href: await completeSignIn(result), replace: true });
    });
  };

  const sendCode = () => {
    const value = email.validate();
    if (!value) return;
    void run("code", async () => {
      await requestSignInCode(community, value);
      await navigate({ to: "/one-time-code" });
    });
  };

  const sendLink = () => {
    const value = email.validate();
    if (!value) return;
    void run("link", async () => {
      await requestMagicLink(value, storage.redirect());
      setLinkSentTo(value);
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (hasPassword) signInWithPassword();
    else if (hasCode) sendCode();
    else if (hasLink) sendLink();
  };

  const startSso = () => {
    const backTo = storage.redirect() ?? "/my_communities";
    window.location.assign(`/api/auth/oauth2/authorize?backTo=${encodeURIComponent(backTo)}`);
  };

  const signInWithGoogle = (idToken: string) =>
    void run("google", async () => {
      const result = await call(api.POST("/api/auth/login/google", { body: { token: idToken } }));
      await navigate({ href: await completeSignIn(result), replace: true });
    });

  const footer = hasPassword ? (
    <>
      <p>
        {t("login.noAccount")}{" "}
        {community.applyUrl ? (
          // Spec 2.3: this community takes applications instead of registrations.
          <a href={community.applyUrl} target="_blank" rel="noopener noreferrer" aria-label={t("applyNowLabel", { ns: "tenant" })}>
            {t("applyNow", { ns: "tenant" })}
          </a>
        ) : (
          <Link to="/registration">{t("login.register")}</Link>
        )}
      </p>
      <p>
        <Link to="/recovery">{t("login.forgot")}</Link>
      </p>
    </>
  ) : null;

  if (linkSentTo) {
    return (
      <AuthCard title={t("login.linkSentTitle")} subtitle={t("login.linkSent", { email: linkSentTo })}>
        <Button variant="secondary" block onClick={() => setLinkSentTo(null)}>
          {t("login.useAnother")}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle", { community: brandTitle(community) })} footer={footer}>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {needsEmail ? (
        <form className="form" onSubmit={onSubmit} noValidate aria-label={t("login.title")}>
          <EmailField email={email} />
          {hasPassword ? (
            <>
              <Field
                label={tCommon("password")}
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(v) => {
                  setPassword(v);
                  setPasswordError(null);
                }}
                error={passwordError}
                required
              />
              <Button type="submit" block busy={busy === "password"}>
                {t("login.submit")}
              </Button>
            </>
          ) : null}
          {hasPassword && (hasCode || hasLink) ? (
            <div className="divider">
              <span>{t("login.or")}</span>
            </div>
          ) : null}
          {hasCode ? (
            <Button type={hasPassword ? "button" : "submit"} variant={hasPassword ? "secondary" : "primary"} block busy={busy === "code"} onClick={hasPassword ? sendCode : undefined}>
              {t("login.sendCode")}
            </Button>
          ) : null}
          {hasLink ? (
            <Button
              type={hasPassword || hasCode ? "button" : "submit"}
              variant={hasPassword || hasCode ? "secondary" : "primary"}
              block
              busy={busy === "link"}
              onClick={hasPassword || hasCode ? sendLink : undefined}
            >
              {t("login.sendLink")}
            </Button>
          ) : null}
        </form>
      ) : null}
      {(sso || googleClientId) && needsEmail ? (
        <div className="divider">
          <span>{t("login.or")}</span>
        </div>
      ) : null}
      {sso ? (
        <Button variant="secondary" block onClick={startSso}>
          {sso.buttonLabel ?? t("login.sso")}
        </Button>
      ) : null}
      <Suspense fallback={googleClientId ? <GoogleButtonPlaceholder dev={Boolean(devGoogleUrl)} label={t("login.google")} /> : null}>
        {googleClientId && devGoogleUrl ? <DevGoogleButton signInUrl={devGoogleUrl} onToken={signInWithGoogle} /> : null}
        {googleClientId && !devGoogleUrl ? <GoogleButton clientId={googleClientId} onToken={signInWithGoogle} /> : null}
      </Suspense>
    </AuthCard>
  );
}
