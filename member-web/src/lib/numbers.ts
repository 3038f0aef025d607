import { isLang, LOCALES } from "../i18n/index.ts";

/** A decimal in the reader's language: "0.74" in English, "0,74" in Russian. */
export function formatDecimal(value: number, digits: number, language: string): string {
  return value.toLocaleString(isLang(language) ? LOCALES[language] : language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
