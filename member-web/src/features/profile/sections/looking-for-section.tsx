import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../../api/client.ts";
import { ChipToggle, TextArea } from "../controls.tsx";
import type { FieldErrors } from "../field-errors.ts";
import { LIMITS, LOOKING_FOR, type LookingFor } from "../model.ts";
import { type SectionProps, SectionFormShell, useSectionSave } from "./section-form.tsx";

/** Step "lookingFor": the spec's choices as toggle chips, plus what I look for and can help with. */
export function LookingForSection({ profile, actions }: SectionProps) {
  const { t } = useTranslation("member");
  const [chosen, setChosen] = useState<LookingFor[]>(profile.lookingFor);
  const [lookingForText, setLookingForText] = useState(profile.lookingForText ?? "");
  const [canHelpWithText, setCanHelpWithText] = useState(profile.canHelpWithText ?? "");
  const s = useSectionSave(actions);

  const toggle = (choice: LookingFor) => {
    s.clearField("lookingFor");
    setChosen((list) => (list.includes(choice) ? list.filter((c) => c !== choice) : [...list, choice]));
  };

  const check = (): FieldErrors => {
    const e: FieldErrors = {};
    if (chosen.length === 0) e.lookingFor = t("errors.required");
    if ([...lookingForText].length > LIMITS.freeText) e.lookingForText = t("errors.tooLong", { max: LIMITS.freeText });
    if ([...canHelpWithText].length > LIMITS.freeText) e.canHelpWithText = t("errors.tooLong", { max: LIMITS.freeText });
    return e;
  };

  const save = () =>
    call(
      api.POST("/api/participant/update-looking-for", {
        body: { lookingFor: LOOKING_FOR.filter((c) => chosen.includes(c)), lookingForText: lookingForText.trim() || null, canHelpWithText: canHelpWithText.trim() || null },
      }),
    );

  return (
    <SectionFormShell label={t("sections.lookingFor", { ns: "profile" })} actions={actions} state={s} onSubmit={() => void s.submit(check, save)}>
      <fieldset className={`fieldset${s.fieldErrors.lookingFor ? " field-invalid" : ""}`} aria-describedby={s.fieldErrors.lookingFor ? "looking-for-error" : undefined}>
        <legend>
          {t("fields.lookingFor")}
          <span aria-hidden="true"> *</span>
        </legend>
        <div className="chip-group">
          {LOOKING_FOR.map((choice) => (
            <ChipToggle key={choice} pressed={chosen.includes(choice)} onToggle={() => toggle(choice)}>
              {t(`lookingFor.${choice}`)}
            </ChipToggle>
          ))}
        </div>
        {s.fieldErrors.lookingFor ? (
          <p className="field-error" id="looking-for-error" role="alert">
            {s.fieldErrors.lookingFor}
          </p>
        ) : null}
      </fieldset>
      <TextArea
        label={t("fields.lookingForText")}
        placeholder={t("fields.lookingForTextPlaceholder")}
        value={lookingForText}
        onChange={(v) => {
          setLookingForText(v);
          s.clearField("lookingForText");
        }}
        max={LIMITS.freeText}
        rows={3}
        error={s.fieldErrors.lookingForText}
      />
      <TextArea
        label={t("fields.canHelpWithText")}
        placeholder={t("fields.canHelpWithTextPlaceholder")}
        value={canHelpWithText}
        onChange={(v) => {
          setCanHelpWithText(v);
          s.clearField("canHelpWithText");
        }}
        max={LIMITS.freeText}
        rows={3}
        error={s.fieldErrors.canHelpWithText}
      />
    </SectionFormShell>
  );
}
