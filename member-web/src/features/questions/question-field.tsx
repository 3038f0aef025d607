import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TextArea } from "../profile/controls.tsx";
import { type Draft, FREE_TEXT_LIMIT, type Question, wantsText } from "./model.ts";

/**
 * One onboarding question by its type: RADIO (one option), CHECKBOX (up to maxChoices, with a
 * counter), TEXT; a FREE_TEXT option opens a text box. Required ones carry " *".
 */
export function QuestionField({ question: q, draft, onChange, error }: { question: Question; draft: Draft | undefined; onChange: (d: Draft) => void; error: string | undefined }) {
  const { t } = useTranslation("questions");
  const id = useId();
  const d: Draft = draft ?? { optionIds: [], text: "" };
  const max = q.type === "CHECKBOX" ? (q.maxChoices ?? q.options.length) : 1;
  const full = q.type === "CHECKBOX" && d.optionIds.length >= max;
  const errorId = `${id}-error`;

  if (q.type === "TEXT") {
    return (
      <div className="question" data-question={q.key}>
        <TextArea label={q.text} value={d.text} onChange={(text) => onChange({ optionIds: [], text })} max={FREE_TEXT_LIMIT - 1} rows={3} required={q.required} placeholder={t("textPlaceholder")} error={error} />
      </div>
    );
  }

  const choose = (optionId: string, on: boolean) => {
    if (q.type === "RADIO") return onChange({ ...d, optionIds: [optionId] });
    onChange({ ...d, optionIds: on ? [...d.optionIds, optionId] : d.optionIds.filter((x) => x !== optionId) });
  };

  return (
    <fieldset className={`question fieldset${error ? " field-invalid" : ""}`} data-question={q.key} aria-describedby={error ? errorId : undefined}>
      <legend>
        {q.text}
        {q.required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {q.type === "CHECKBOX" && max > 1 ? (
        <p className="field-hint" aria-live="polite">
          {t("chosen", { count: d.optionIds.length, max })}
        </p>
      ) : null}
      <div className="options">
        {q.options.map((o) => {
          const checked = d.optionIds.includes(o.id);
          return (
            <label key={o.id} className={`option${checked ? " option-on" : ""}${full && !checked ? " option-off" : ""}`}>
              <input
                type={q.type === "RADIO" ? "radio" : "checkbox"}
                name={`${id}-q`}
                checked={checked}
                disabled={full && !checked}
                onChange={(e) => choose(o.id, e.target.checked)}
              />
              <span>{o.text}</span>
            </label>
          );
        })}
      </div>
      {wantsText(q, d) ? (
        <TextArea
          label={t("otherPlaceholder")}
          value={d.text}
          onChange={(text) => onChange({ ...d, text })}
          max={FREE_TEXT_LIMIT - 1}
          rows={2}
          placeholder={t("otherPlaceholder")}
        />
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
