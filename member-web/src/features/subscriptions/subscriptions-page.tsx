import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, call } from "../../api/client.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { type ContactType, profileQueries } from "../profile/model.ts";

/** The channels the community notifies through (weekly contact, requests, chats, mailings). */
const CHANNELS: readonly ContactType[] = ["EMAIL", "TELEGRAM"];

/**
 * /subscriptions (spec 2.1, 7 update-notification-pref): what the member is notified through in
 * this community; turning a channel off sends nothing there (in-app notifications stay).
 */
export function SubscriptionsPage() {
  const { t } = useTranslation("subscriptions");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQueries.own());
  const toggle = useMutation({
    mutationFn: (input: { contactType: ContactType; disable: boolean }) => call(api.POST("/api/participant/update-notification-pref", { body: input })),
    onSuccess: (result) => queryClient.setQueryData(profileQueries.own().queryKey, (old) => (old ? { ...old, notificationPrefs: result.notificationPrefs } : old)),
  });
  const disabled = new Set((profile.data?.notificationPrefs ?? []).filter((p) => p.disable).map((p) => p.contactType));
  return (
    <main className="page page-narrow" id="content">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      {profile.isPending ? <Spinner label={t("loading")} /> : null}
      {profile.error ? <Alert kind="error">{errorText(profile.error)}</Alert> : null}
      {toggle.error ? <Alert kind="error">{errorText(toggle.error)}</Alert> : null}
      {profile.data === null ? <Alert kind="info">{t("noProfile")}</Alert> : null}
      {profile.data ? (
        <ul className="admin-list" aria-label={t("title")}>
          {CHANNELS.map((channel) => (
            <li key={channel} className="card">
              <label className="checkbox">
                <input
                  type="checkbox"
                  // The choice shows at once; a failure puts the saved state back.
                  checked={toggle.isPending && toggle.variables.contactType === channel ? !toggle.variables.disable : !disabled.has(channel)}
                  disabled={toggle.isPending}
                  onChange={(e) => toggle.mutate({ contactType: channel, disable: !e.target.checked })}
                />{" "}
                {t(`channel.${channel === "EMAIL" ? "EMAIL" : "TELEGRAM"}`)}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
