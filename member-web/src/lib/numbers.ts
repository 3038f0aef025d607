import { isLang, LOCALES } from "../i18n/index.ts";

/** A decimal in the reader's language: "0.74" in English, "0,74" in Russian. */
export function formatDecimal(value: number, digits: number, language: string): string {
  return value.toLocaleString(isLang(language) ? LOCALES[language] : language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * A price in the reader's language, with the community's currency when it has one
 * ("€15.50", "15,50 €", "1 500 ₽"); whole amounts without decimals. Unset: a bare number.
 */
export function formatPrice(value: number, currency: string | null | undefined, language: string): string {
  const locale = isLang(language) ? LOCALES[language] : language;
  const whole = Number.isInteger(value);
  const digits = whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return value.toLocaleString(locale, currency ? { style: "currency", currency, ...digits } : digits);
}
