import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { addTags, LIMITS } from "../model.ts";

/**
 * Tags as chips: Enter or a comma adds, Backspace on an empty box removes the last one. The
 * spec's tag rule is applied as they are added, so the chips show what will be stored.
 */
export function TagsInput({ value, onChange, error }: { value: string[]; onChange: (tags: string[]) => void; error?: string | undefined }) {
  const { t } = useTranslation("member");
  const id = useId();
  const [draft, setDraft] = useState("");

  const commit = () => {
    if (!draft.trim()) return;
    onChange(addTags(value, draft).slice(0, LIMITS.tags));
    setDraft("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      commit();
    } else if (e.key === "Backspace" && draft === "" && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{t("fields.tags")}</label>
      <div className="tags-input">
        <ul className="chips" aria-label={t("fields.tags")}>
          {value.map((tag) => (
            <li key={tag} className="chip">
              <span>{tag}</span>
              <button type="button" className="chip-remove" aria-label={t("fields.removeTag", { tag })} onClick={() => onChange(value.filter((x) => x !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="tags-entry">
          <input
            id={id}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={commit}
            placeholder={t("fields.tagsPlaceholder")}
            disabled={value.length >= LIMITS.tags}
            aria-describedby={`${id}-hint`}
            aria-invalid={error ? true : undefined}
          />
          <button type="button" className="btn btn-secondary btn-small" onClick={commit} disabled={!draft.trim()}>
            {t("fields.addTag")}
          </button>
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-hint`}>
          {t("fields.tagsHint", { max: LIMITS.tags, length: LIMITS.tag })}
        </p>
      )}
    </div>
  );
}
