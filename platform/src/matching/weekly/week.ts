/**
 * Weeks of the weekly matching. A week is named by its Tuesday (the day the e-mail arrives) as an
 * ISO date "YYYY-MM-DD" in the community's time zone. Date arithmetic is done on UTC midnights of
 * those calendar dates, so no time zone offset or DST shift can move a day.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type LocalTime = { date: string; weekday: number; hour: number; minute: number };

/** The wall-clock date, weekday (0 = Sunday) and hour at `now` in `timeZone`. */
export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const date = `${get("year")}-${get("month")}-${get("day")}`;
  return { date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), hour: Number(get("hour")), minute: Number(get("minute")) };
}

export function isIsoDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isTuesday(date: string): boolean {
  return isIsoDate(date) && weekdayOf(date) === 2;
}

/**
 * The next Tuesday strictly after the local date of `now`: on Monday that is tomorrow, on Tuesday
 * (when this week's contacts are already out) the one a week later.
 */
export function comingTuesday(now: Date, timeZone: string): string {
  const { date, weekday } = localTime(now, timeZone);
  const ahead = (2 - weekday + 7) % 7 || 7;
  return addDays(date, ahead);
}

/** Days from a to b (both ISO dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round((new Date(`${b}T00:00:00Z`).getTime() - new Date(`${a}T00:00:00Z`).getTime()) / DAY_MS);
}
