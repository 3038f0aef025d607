import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { brandTitle } from "../../app/branding.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { BrandMark } from "../shell/brand-mark.tsx";
import { LanguageSelect } from "../shell/language-select.tsx";

/** The signed-out header (spec 2.4): About, Members and Experts lead to registration; Log In, Sign Up. */
export function PublicHeader() {
  const { t } = useTranslation("nav");
  const community = useCommunity();
  return (
    <header className="topbar topbar-public">
      <div className="topbar-inner">
        <Link to="/" className="brand">
          <BrandMark size={32} />
          <span className="brand-title">{brandTitle(community)}</span>
        </Link>
        <nav className="public-nav" aria-label={t("mainLabel")}>
          <Link to="/registration" className="nav-link nav-desktop-only">
            {t("about")}
          </Link>
          <Link to="/registration" className="nav-link nav-desktop-only">
            {t("members")}
          </Link>
          <Link to="/registration" className="nav-link nav-desktop-only">
            {t("experts")}
          </Link>
        </nav>
        <div className="nav-actions nav-actions-public">
          <LanguageSelect />
          <Link to="/login" className="btn btn-ghost btn-small">
            {t("logIn")}
          </Link>
          <Link to="/registration" className="btn btn-primary btn-small">
            {t("signUp")}
          </Link>
        </div>
      </div>
    </header>
  );
}
