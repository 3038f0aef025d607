import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../ui/field.tsx";
import type { FieldErrors } from "../field-errors.ts";
import { isLinkedInProfile, normaliseLinkedIn, type Profile, updateProfile } from "../model.ts";
import { type SectionProps, SectionFormShell, useSectionSave } from "./section-form.tsx";

/** Step "networks": the LinkedIn link with the prefix rule (spec 5); a blank value skips the step. */
export function NetworksSection({ profile, actions }: SectionProps) {
  const { t } = useTranslation("member");
  const [link, setLink] = useState(profile.contacts.LINKEDIN ?? "");
  const s = useSectionSave(actions);

  const check = (): FieldErrors => {
    const v = link.trim();
    return v && !isLinkedInProfile(v) ? { "contacts.LINKEDIN": t("errors.linkedinFormat") } : {};
  };

  const save = async (): Promise<Profile | null> => {
    const v = normaliseLinkedIn(link) ?? "";
    // Blank and nothing stored: nothing to write, the step is skipped.
    if (!v && !profile.contacts.LINKEDIN) return profile;
    if (v === profile.contacts.LINKEDIN) return profile;
    return updateProfile({ contacts: { LINKEDIN: v || null } });
  };

  return (
    <SectionFormShell label={t("sections.networks", { ns: "profile" })} actions={actions} state={s} onSubmit={() => void s.submit(check, save)}>
      {actions.confirmSaved ? <p className="muted section-intro">{t("networks.intro")}</p> : null}
      <Field
        label={t("fields.linkedin")}
        name="linkedin"
        type="text"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="https://www.linkedin.com/in/username"
        hint={t("networks.hint")}
        value={link}
        onChange={(v) => {
          setLink(v);
          s.clearField("contacts.LINKEDIN");
          s.clearField("contacts");
        }}
        error={s.fieldErrors["contacts.LINKEDIN"] ?? s.fieldErrors.contacts}
      />
    </SectionFormShell>
  );
}
