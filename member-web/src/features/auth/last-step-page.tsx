import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { api, call } from "../../api/client.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { AuthCard } from "./auth-card.tsx";

/** How often /last-step asks whether the address was confirmed meanwhile (often in another tab). */
export const LAST_STEP_POLL_MS = 3_000;

/**
 * /last-step: confirm the e-mail, with a resend (spec 2.3). The account is read fresh (and again
 * every few seconds and on focus): once the address is confirmed the member goes on to my communities.
 */
export function LastStepPage() {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const navigate = useNavigate();
  const user = useQuery({
    ...accountQueries.currentUser(),
    staleTime: 0,
    refetchOnMount: "always",
    refetchOnWindowFocus: "always",
    refetchInterval: (q) => (q.state.data?.emailVerified ? false : LAST_STEP_POLL_MS),
  }).data;
  const verified = user?.emailVerified === true;
  useEffect(() => {
    if (verified) void navigate({ to: "/my_communities", replace: true });
  }, [verified, navigate]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const resend = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await call(api.POST("/api/auth/confirm-email/resend"));
      setNotice(t("lastStep.resent"));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t("lastStep.title")}
      subtitle={user?.email ? t("lastStep.text", { email: user.email }) : t("lastStep.textNoEmail")}
    >
      {notice ? <Alert kind="success">{notice}</Alert> : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <Button variant="secondary" block busy={busy} onClick={() => void resend()}>
        {t("lastStep.resend")}
      </Button>
    </AuthCard>
  );
}
