import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { signOut } from "../../app/sign-in.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { LanguageSelect } from "../shell/language-select.tsx";

/** /profile: the account for now (e-mail, language, log out); the profile editor comes later. */
export function ProfilePage() {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const user = useQuery(accountQueries.currentUser());
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    await signOut(queryClient);
    await navigate({ to: "/login" });
  };

  return (
    <main className="page page-narrow" id="content">
      <h1>{t("title")}</h1>
      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">{t("account")}</h2>
        {user.isPending ? (
          <Skeleton lines={2} avatar label={t("loading", { ns: "common" })} />
        ) : user.isError ? (
          <Alert kind="error">{errorText(user.error)}</Alert>
        ) : (
          <dl className="details">
            <dt>{t("emailLabel")}</dt>
            <dd data-testid="profile-email">{user.data.email ?? "—"}</dd>
          </dl>
        )}
        <div className="row">
          <LanguageSelect variant="full" label={t("languageLabel")} />
        </div>
        <Button variant="secondary" busy={busy} busyLabel={t("loggingOut")} onClick={() => void logout()}>
          {t("logout")}
        </Button>
      </section>
      <p className="muted">{t("moreSoon")}</p>
    </main>
  );
}
