import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { useToken } from "../../lib/session.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { AuthCard } from "./auth-card.tsx";

const REDIRECT_SECONDS = 5;

/** /confirmed?code=…: confirms the e-mail, then goes to communities or login after 5 s (spec 2.3). */
export function ConfirmedPage({ code }: { code: string | undefined }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useToken();
  const errorText = useErrorText();
  const [state, setState] = useState<"checking" | "done" | "failed">(code ? "checking" : "failed");
  const [error, setError] = useState<string | null>(null);
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const started = useRef(false);
  const target = token ? "/my_communities" : "/login";

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    call(api.POST("/api/auth/confirm-email", { body: { code } }))
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: ["account"] });
        setState("done");
      })
      .catch((err: unknown) => {
        setError(errorText(err));
        setState("failed");
      });
  }, [code, queryClient, errorText]);

  useEffect(() => {
    if (state !== "done") return;
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [state]);

  useEffect(() => {
    if (state === "done" && seconds === 0) void navigate({ to: target, replace: true });
  }, [state, seconds, navigate, target]);

  if (state === "checking") {
    return (
      <AuthCard title={t("confirmed.checking")}>
        <div className="center">
          <Spinner label={t("confirmed.checking")} size="lg" />
        </div>
      </AuthCard>
    );
  }
  if (state === "failed") {
    return (
      <AuthCard title={t("confirmed.failed")}>
        {error ? <Alert kind="error">{error}</Alert> : null}
        <Link to={target} className="btn btn-secondary btn-block">
          {t("confirmed.goNow")}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("confirmed.title")} subtitle={t("confirmed.text", { seconds })}>
      <Link to={target} className="btn btn-primary btn-block">
        {t("confirmed.goNow")}
      </Link>
    </AuthCard>
  );
}
