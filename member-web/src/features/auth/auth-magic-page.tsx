import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { completeSignIn } from "../../app/sign-in.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { AuthCard } from "./auth-card.tsx";

/** /auth-magic?url_auth_token=…&back_to=…: a one-time link signs in once, then goes on. */
export function AuthMagicPage({ token, backTo }: { token: string | undefined; backTo: string | undefined }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const errorText = useErrorText({ signIn: true });
  const [error, setError] = useState<string | null>(token ? null : t("magic.failed"));
  // A link works once: StrictMode's double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    (async () => {
      try {
        const result = await call(api.POST("/api/auth/auth-magic", { body: { url_auth_token: token, back_to: backTo ?? null } }));
        const href = await completeSignIn(result);
        // The console (/console/, a link sent by its sign-in page) is another app: a full load.
        if (href.startsWith("/console")) window.location.replace(href);
        else await navigate({ href, replace: true });
      } catch (err) {
        setError(errorText(err));
      }
    })();
  }, [token, backTo, navigate, errorText]);

  if (error) {
    return (
      <AuthCard title={t("magic.failed")}>
        <Alert kind="error">{error}</Alert>
        <Link to="/login" className="btn btn-secondary btn-block">
          {t("magic.requestNew")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("magic.signingIn")}>
      <div className="center">
        <Spinner label={t("magic.signingIn")} size="lg" />
      </div>
    </AuthCard>
  );
}
