import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextArea } from "../controls.tsx";
import type { FieldErrors } from "../field-errors.ts";
import { LIMITS, updateProfile } from "../model.ts";
import { type SectionProps, SectionFormShell, useSectionSave } from "./section-form.tsx";

/** Step "about": a free text with a counter. */
export function AboutSection({ profile, actions }: SectionProps) {
  const { t } = useTranslation("member");
  const [about, setAbout] = useState(profile.about ?? "");
  const s = useSectionSave(actions);

  const check = (): FieldErrors => ([...about].length > LIMITS.about ? { about: t("errors.tooLong", { max: LIMITS.about }) } : {});
  const save = () => updateProfile({ about: about.trim() || null });

  return (
    <SectionFormShell label={t("sections.about", { ns: "profile" })} actions={actions} state={s} onSubmit={() => void s.submit(check, save)}>
      <TextArea
        label={t("fields.about")}
        placeholder={t("fields.aboutPlaceholder")}
        value={about}
        onChange={(v) => {
          setAbout(v);
          s.clearField("about");
        }}
        max={LIMITS.about}
        rows={6}
        error={s.fieldErrors.about}
      />
    </SectionFormShell>
  );
}
