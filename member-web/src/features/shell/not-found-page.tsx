import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

export function NotFoundPage() {
  const { t } = useTranslation("notFound");
  return (
    <main className="page page-narrow page-center" id="content">
      <h1>{t("title")}</h1>
      <p>
        <Link to="/" className="btn btn-secondary">
          {t("home")}
        </Link>
      </p>
    </main>
  );
}
