import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/first-paint.ts";
import { BrandMark } from "../shell/brand-mark.tsx";
import { LanguageSelect } from "../shell/language-select.tsx";

/** The frame of every sign-in screen: logo, title, subtitle, then the form. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <div className="auth-screen">
      <div className="auth-corner">
        <LanguageSelect />
      </div>
      <main className="auth-card" id="content">
        <Link to="/" className="auth-logo" aria-label={t("back")}>
          <BrandMark size={56} />
        </Link>
        <h1>{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </main>
      <p className="powered-by">{t("poweredBy")}</p>
    </div>
  );
}
