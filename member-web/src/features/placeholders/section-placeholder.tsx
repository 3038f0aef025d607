import { useTranslation } from "react-i18next";

/** A section of the bar whose screens are not built yet. */
export function SectionPlaceholder({ section }: { section: "participants" | "contacts" | "events" | "chats" }) {
  const { t } = useTranslation("nav");
  return (
    <main className="page" id="content">
      <h1>{t(section)}</h1>
      <div className="empty-state">
        <p className="muted">{t("comingSoon", { ns: "common" })}</p>
      </div>
    </main>
  );
}
