import i18next from "i18next";

const LABELS: Record<string, string> = {
  EMAIL: "E-mail",
  PHONE: "Phone",
  FACEBOOK: "Facebook",
  INSTAGRAM: "Instagram",
  LINKEDIN: "LinkedIn",
  VK: "VK",
  TELEGRAM: "Telegram",
  GITHUB: "GitHub",
  TWITTER: "X (Twitter)",
  SLACK: "Slack",
  DISCORD: "Discord",
  CALENDLY: "Calendly",
};

/** Contact types that are words, not brand names: these follow the interface language. */
const TRANSLATED = new Set(["PHONE", "EMAIL"]);

/** The contact type's name: brand names as they are, "Phone" and "E-mail" in the member's language. */
export function contactLabel(type: string): string {
  if (TRANSLATED.has(type)) return i18next.t(`contactTypes.${type as "PHONE" | "EMAIL"}`, { ns: "common" });
  return LABELS[type] ?? type;
}
