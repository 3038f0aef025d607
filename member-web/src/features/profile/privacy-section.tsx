import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCommunity } from "../../app/community-context.tsx";
import { contactLabel } from "./contact-label.ts";
import { type ContactType, PRIVACY, type Privacy, type Profile, updateProfile } from "./model.ts";
import { SectionFormShell, useSectionSave } from "./sections/section-form.tsx";

/** Contact privacy: NONE, PRIVATE, or CUSTOM with the contact types to hide. The server enforces it. */
export function PrivacySection({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const tm = useTranslation("member").t;
  const community = useCommunity();
  const [privacy, setPrivacy] = useState<Privacy>(profile.privacy);
  const [hidden, setHidden] = useState<ContactType[]>(profile.hiddenContacts);
  const actions = { submitLabel: tm("save"), confirmSaved: true };
  const s = useSectionSave(actions);
  const types = community.contactsConfig;

  const save = () => updateProfile({ privacy, hiddenContacts: privacy === "CUSTOM" ? hidden : [] });

  return (
    <SectionFormShell label={t("sections.privacy")} actions={actions} state={s} onSubmit={() => void s.submit(() => ({}), save)}>
      <p className="muted section-intro">{t("privacy.intro")}</p>
      <fieldset className="fieldset">
        <legend className="visually-hidden">{t("sections.privacy")}</legend>
        <div className="radio-cards">
          {PRIVACY.map((value) => (
            <label key={value} className={`radio-card${privacy === value ? " radio-card-on" : ""}`}>
              <input type="radio" name="privacy" value={value} checked={privacy === value} onChange={() => setPrivacy(value)} />
              <span>
                <strong>{t(`privacy.${value}`)}</strong>
                <span className="field-hint">{t(`privacy.${value}_hint`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {privacy === "CUSTOM" ? (
        <fieldset className="fieldset">
          <legend>{t("privacy.hiddenList")}</legend>
          <div className="hide-list">
            {types.map((type) => {
              const label = contactLabel(type);
              const on = hidden.includes(type);
              return (
                <label key={type} className="checkbox">
                  <input type="checkbox" checked={on} onChange={(e) => setHidden((list) => (e.target.checked ? [...list, type] : list.filter((x) => x !== type)))} aria-label={t("privacy.hide", { type: label })} />
                  <span>
                    {label}
                    {profile.contacts[type] ? <span className="muted small"> · {profile.contacts[type]}</span> : null}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}
    </SectionFormShell>
  );
}
