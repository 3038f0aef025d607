import { useLocale } from "react-admin";

/** A decimal in the console's language: "0.74" in English, "0,74" in Russian. */
export function formatDecimal(value: number, digits: number, locale: string): string {
  return value.toLocaleString(locale === "ru" ? "ru-RU" : "en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** formatDecimal in the console's current language. */
export function useDecimal(): (value: number, digits: number) => string {
  const locale = useLocale();
  return (value, digits) => formatDecimal(value, digits, locale);
}
