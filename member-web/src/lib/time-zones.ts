import { isLang, LOCALES } from "../i18n/index.ts";

/**
 * The time zone's name in the reader's language on a given day ("Central European Standard
 * Time", "Москва, стандартное время"); the IANA id where the browser has no name for it.
 */
export function zoneName(timeZone: string, date: Date, language: string): string {
  try {
    const name = new Intl.DateTimeFormat(isLang(language) ? LOCALES[language] : language, { timeZone, timeZoneName: "long" })
      .formatToParts(date)
      .find((p) => p.type === "timeZoneName")?.value;
    return name && !/^GMT[+-]/.test(name) ? name : timeZone;
  } catch {
    return timeZone;
  }
}
