import type { components } from "@tuesday/api-client";
import { isLang, LOCALES } from "../../i18n/index.ts";
import { zoneName } from "../../lib/time-zones.ts";

type EventItem = components["schemas"]["Event"];

function locale(language: string): string {
  return isLang(language) ? LOCALES[language] : language;
}

/** "Tue, Dec 1, 2026, 18:30–20:00 (Central European Standard Time)": the event's own wall clock, as the organizer set it. */
export function formatWhen(e: Pick<EventItem, "date" | "time" | "endTime" | "timeZone">, language: string): string {
  const [y, m, d] = e.date.split("-").map(Number);
  const day = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(locale(language), {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const noon = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
  return `${day}, ${e.time}${e.endTime ? `–${e.endTime}` : ""} (${zoneName(e.timeZone, noon, language)})`;
}
