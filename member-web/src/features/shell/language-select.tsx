import { useId } from "react";
import { useTranslation } from "../../i18n/first-paint.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { switchLanguage } from "../../app/language.ts";
import { loadedQueryClient } from "../../app/queries.ts";
import { isLang } from "../../i18n/index.ts";
import { useToken } from "../../lib/session.ts";

/** RU / EN switcher over the community's langChoices; hidden when there is only one. */
export function LanguageSelect({ variant = "compact", label }: { variant?: "compact" | "full"; label?: string }) {
  const { t, i18n } = useTranslation("common");
  const community = useCommunity();
  const token = useToken();
  const id = useId();
  if (community.langChoices.length < 2) return null;
  return (
    <div className={`lang-select lang-select-${variant}`}>
      <label htmlFor={id} className={variant === "compact" ? "visually-hidden" : undefined}>
        {label ?? t("language")}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => {
          if (!isLang(e.target.value)) return;
          // Server texts (match reasons, tab labels) follow the new language: fetch them again.
          void switchLanguage(e.target.value, token !== null).then(() => loadedQueryClient()?.invalidateQueries());
        }}
      >
        {community.langChoices.map((lang) => (
          <option key={lang} value={lang}>
            {variant === "compact" ? t(`languageShort.${lang}`) : t(`languages.${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
