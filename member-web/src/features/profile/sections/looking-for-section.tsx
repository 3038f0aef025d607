import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, call } from "../../../api/client.ts";
import { ChipToggle, TextArea } from "../controls.tsx";
import type { FieldErrors } from "../field-errors.ts";
import { LIMITS, LOOKING_FOR, type LookingFor } from "../model.ts";
import { MAX_TOPIC_PICKS, useTopics } from "../topics.ts";
import { type SectionProps, SectionFormShell, useSectionSave } from "./section-form.tsx";

type TopicSide = "needTopics" | "offerTopics";

/**
 * Step "lookingFor": the spec's choices as toggle chips, the community's topics I need help with
 * and can help with (when it has a taxonomy), plus what I look for and can help with in my words.
 */
export function LookingForSection({ profile, actions }: SectionProps) {
  const { t } = useTranslation("member");
  const [chosen, setChosen] = useState<LookingFor[]>(profile.lookingFor);
  const [lookingForText, setLookingForText] = useState(profile.lookingForText ?? "");
  const [canHelpWithText, setCanHelpWithText] = useState(profile.canHelpWithText ?? "");
  const topics = useTopics();
  const [picks, setPicks] = useState<Record<TopicSide, string[]>>({ needTopics: profile.needTopics, offerTopics: profile.offerTopics });
  const s = useSectionSave(actions);
  const hasTopics = topics.topics.length > 0;

  const togglePick = (side: TopicSide, key: string) => {
    s.clearField(side);
    setPicks((p) => ({ ...p, [side]: p[side].includes(key) ? p[side].filter((k) => k !== key) : [...p[side], key] }));
  };

  const toggle = (choice: LookingFor) => {
    s.clearField("lookingFor");
    setChosen((list) => (list.includes(choice) ? list.filter((c) => c !== choice) : [...list, choice]));
  };

  const check = (): FieldErrors => {
    const e: FieldErrors = {};
    if (chosen.length === 0) e.lookingFor = t("errors.required");
    if ([...lookingForText].length > LIMITS.freeText) e.lookingForText = t("errors.tooLong", { max: LIMITS.freeText });
    if ([...canHelpWithText].length > LIMITS.freeText) e.canHelpWithText = t("errors.tooLong", { max: LIMITS.freeText });
    for (const side of ["needTopics", "offerTopics"] as const) {
      if (topics.known(picks[side]).length > MAX_TOPIC_PICKS) e[side] = t("errors.tooManyTopics", { max: MAX_TOPIC_PICKS });
    }
    return e;
  };

  const save = () =>
    call(
      api.POST("/api/participant/update-looking-for", {
        body: {
          lookingFor: LOOKING_FOR.filter((c) => chosen.includes(c)),
          lookingForText: lookingForText.trim() || null,
          canHelpWithText: canHelpWithText.trim() || null,
          // Only topics still offered: a pick of a topic archived meanwhile would be refused.
          ...(hasTopics ? { needTopics: topics.known(picks.needTopics), offerTopics: topics.known(picks.offerTopics) } : {}),
        },
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
      {hasTopics
        ? (["needTopics", "offerTopics"] as const).map((side) => (
            <fieldset key={side} className={`fieldset${s.fieldErrors[side] ? " field-invalid" : ""}`} aria-describedby={`${side}-hint${s.fieldErrors[side] ? ` ${side}-error` : ""}`}>
              <legend>{t(`fields.${side}`)}</legend>
              <p className="field-hint" id={`${side}-hint`}>
                {t("fields.topicsHint", { max: MAX_TOPIC_PICKS })}
              </p>
              <div className="chip-group">
                {topics.topics.map((topic) => (
                  <ChipToggle key={topic.key} pressed={picks[side].includes(topic.key)} onToggle={() => togglePick(side, topic.key)}>
                    {topics.label(topic.key)}
                  </ChipToggle>
                ))}
              </div>
              {s.fieldErrors[side] ? (
                <p className="field-error" id={`${side}-error`} role="alert">
                  {s.fieldErrors[side]}
                </p>
              ) : null}
            </fieldset>
          ))
        : null}
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
