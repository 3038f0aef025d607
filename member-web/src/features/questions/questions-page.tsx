import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { BrandMark } from "../shell/brand-mark.tsx";
import { LanguageSelect } from "../shell/language-select.tsx";

/** /questions: the first step for a user with no participant; the questions come with onboarding. */
export function QuestionsPage() {
  const { t } = useTranslation("questions");
  const community = useCommunity();
  return (
    <div className="auth-screen">
      <div className="auth-corner">
        <LanguageSelect />
      </div>
      <main className="auth-card auth-card-wide" id="content">
        <div className="auth-logo">
          <BrandMark size={56} />
        </div>
        <p className="eyebrow">{brandTitle(community)}</p>
        <h1>{t("title")}</h1>
        <p className="auth-subtitle">{t("text")}</p>
        <Link to="/profile" className="btn btn-secondary btn-block">
          {t("toProfile")}
        </Link>
      </main>
    </div>
  );
}
