import { useTranslation } from "react-i18next";
import { isApiFailure } from "../../api/client.ts";
import { contactLabel } from "./contact-label.ts";

export type FieldErrors = Record<string, string>;

type Rule = { re: RegExp; text: (m: RegExpExecArray) => string };

/**
 * Maps the API's `errors` (field -> English message) to localized texts. The server's words are
 * only matched, never shown: an unknown message reads as "please check this field".
 */
export function useFieldErrors(): (err: unknown) => FieldErrors | null {
  const { t } = useTranslation("member");
  const rules: Rule[] = [
    { re: /requires an answer/i, text: () => t("errors.required") },
    { re: /contact is required/i, text: () => t("errors.contactRequired") },
    { re: /duplicates/i, text: () => t("errors.duplicate") },
    { re: /not used in this community/i, text: () => t("errors.notAccepted") },
    { re: /linkedin\.com\/in\//i, text: () => t("errors.linkedinFormat") },
    { re: /international format/i, text: () => t("errors.phoneFormat") },
    { re: /^At least (\d+) of (.+) must be given/i, text: (m) => t("errors.atLeastContacts", { count: Number(m[1]), list: prettyList(m[2] ?? "") }) },
    { re: /between (\d+) and (\d+) characters/i, text: (m) => t("errors.lengthBetween", { min: m[1], max: m[2] }) },
    { re: /at most (\d+) characters/i, text: (m) => t("errors.tooLong", { max: m[1] }) },
    { re: /under (\d+) characters/i, text: (m) => t("errors.freeTextTooLong", { max: m[1] }) },
    { re: /^Choose one option/i, text: () => t("errors.chooseOne") },
    { re: /^Choose at least one/i, text: () => t("errors.chooseAtLeastOne") },
    { re: /^Choose up to (\d+)/i, text: (m) => t("errors.chooseUpTo", { count: Number(m[1]) }) },
    { re: /describe your answer|needs a free-text option/i, text: () => t("errors.describe") },
    { re: /Unknown or inactive option/i, text: () => t("errors.badOption") },
    { re: /^At most (\d+) tags/i, text: (m) => t("errors.tooManyTags", { max: m[1] }) },
    { re: /^At most (\d+) topics/i, text: (m) => t("errors.tooManyTopics", { max: m[1] }) },
    { re: /^Not a topic of this community/i, text: () => t("errors.unknownTopic") },
    { re: /lowercase letters, digits and hyphens/i, text: () => t("errors.slug") },
    { re: /Invalid format/i, text: () => t("errors.invalidFormat") },
  ];
  return (err) => {
    if (!isApiFailure(err) || Object.keys(err.fields).length === 0) return null;
    const out: FieldErrors = {};
    for (const [field, message] of Object.entries(err.fields)) {
      let text = t("errors.invalid");
      for (const rule of rules) {
        const m = rule.re.exec(message);
        if (m) {
          text = rule.text(m);
          break;
        }
      }
      out[field] = text;
    }
    return out;
  };
}

/** "LINKEDIN, FACEBOOK" -> "LinkedIn, Facebook" for the contact names inside a message. */
function prettyList(list: string): string {
  return list
    .split(",")
    .map((s) => contactLabel(s.trim()))
    .join(", ");
}
