import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/field.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { AdminGate } from "./admin-gate.tsx";
import { adminChanged, adminQueries, type CommunitySettings, saveSettings } from "./model.ts";

type Draft = Pick<CommunitySettings, "title" | "description" | "moderationRequired" | "langChoices">;
const LANGS = ["en", "ru"] as const;

/**
 * /settings (spec 2.1, 2.3 "settings"): the community's name, description, languages and whether
 * new members wait for moderation; everything else (sign-in methods, onboarding steps, navigation)
 * is in the console's Settings.
 */
export function SettingsPage() {
  const { t } = useTranslation("adminPages");
  const community = useCommunity();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const isAdmin = useQuery(accountQueries.currentUser()).data?.role === "ROLE_ADMIN";
  const current = useQuery({ ...adminQueries.settings(community.id), enabled: isAdmin });
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    const s = current.data?.settings;
    if (s) setDraft({ title: s.title, description: s.description, moderationRequired: s.moderationRequired, langChoices: s.langChoices });
  }, [current.data]);
  const save = useMutation({
    mutationFn: (d: Draft) => saveSettings(community.id, d),
    onSuccess: () => adminChanged(queryClient),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft) save.mutate(draft);
  };
  const toggleLang = (lang: (typeof LANGS)[number], on: boolean) =>
    setDraft((d) => (d ? { ...d, langChoices: on ? [...new Set([...d.langChoices, lang])] : d.langChoices.filter((l) => l !== lang) } : d));
  return (
    <AdminGate title={t("settings.title")}>
      <main className="page page-narrow" id="content">
        <h1>{t("settings.title")}</h1>
        {current.error ? <Alert kind="error">{errorText(current.error)}</Alert> : null}
        {current.isPending ? <Spinner label={t("loading")} /> : null}
        {draft ? (
          <form className="form" onSubmit={submit} noValidate>
            {save.isSuccess ? <Alert kind="success">{t("settings.saved")}</Alert> : null}
            {save.error ? <Alert kind="error">{errorText(save.error)}</Alert> : null}
            <Field label={t("settings.name")} value={draft.title} required maxLength={120} onChange={(title) => setDraft({ ...draft, title })} />
            <div className="field">
              <label htmlFor={descriptionId}>{t("settings.description")}</label>
              <textarea id={descriptionId} rows={4} maxLength={2000} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
            </div>
            <fieldset className="field">
              <legend>{t("settings.languages")}</legend>
              {LANGS.map((lang) => (
                <label key={lang} className="checkbox">
                  <input type="checkbox" checked={draft.langChoices.includes(lang)} onChange={(e) => toggleLang(lang, e.target.checked)} /> {t(`settings.lang.${lang}`)}
                </label>
              ))}
            </fieldset>
            <label className="checkbox">
              <input type="checkbox" checked={draft.moderationRequired} onChange={(e) => setDraft({ ...draft, moderationRequired: e.target.checked })} /> {t("settings.moderationRequired")}
            </label>
            <div className="admin-actions">
              <Button type="submit" busy={save.isPending}>
                {t("settings.save")}
              </Button>
              <a className="btn btn-link" href="/console/#/settings">
                {t("settings.more")}
              </a>
            </div>
          </form>
        ) : null}
      </main>
    </AdminGate>
  );
}
