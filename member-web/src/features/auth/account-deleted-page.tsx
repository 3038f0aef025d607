import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "./auth-card.tsx";

export function AccountDeletedPage() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("accountDeleted.title")} subtitle={t("accountDeleted.text")}>
      <Link to="/" className="btn btn-secondary btn-block">
        {t("accountDeleted.home")}
      </Link>
    </AuthCard>
  );
}
