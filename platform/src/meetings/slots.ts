/**
 * Proposed slots: 30-minute starts on the half hour, in the coming 7 days, inside both members'
 * weekly windows (each read in the member's own time zone), overlapping neither member's other
 * booked meetings. Pure: the service gives it the windows and the busy times.
 */

export const SLOT_MINUTES = 30;
export const HORIZON_DAYS = 7;
export const SLOTS_PROPOSED = 3;

export type Window = { day: number; from: string; to: string };
export type Availability = { timeZone: string; windows: readonly Window[] };
export type Interval = { startsAt: Date; endsAt: Date };

const STEP_MS = SLOT_MINUTES * 60_000;
const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `at` in `timeZone`: ISO weekday (Monday = 1), the local date, minutes since midnight. */
export function wallClock(at: Date, timeZone: string): { day: number; date: string; minutes: number } {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return { day: WEEKDAY[parts.weekday ?? "Mon"] ?? 1, date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Whether [start, end) lies inside one of the member's windows, on one local day. */
export function insideWindows(a: Availability, startsAt: Date, endsAt: Date): boolean {
  const s = wallClock(startsAt, a.timeZone);
  const e = wallClock(new Date(endsAt.getTime() - 1), a.timeZone);
  if (s.date !== e.date) return false;
  const from = s.minutes;
  const to = e.minutes + 1;
  return a.windows.some((w) => w.day === s.day && toMinutes(w.from) <= from && to <= toMinutes(w.to));
}

const overlaps = (a: Interval, b: Interval) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * Up to `count` slots for two members, spread over different days first (the earliest slot of each
 * day, then the next ones), never one in `exclude` (slots already offered and turned down).
 */
export function proposeSlots(input: {
  now: Date;
  leadHours: number;
  members: readonly Availability[];
  busy: readonly Interval[];
  exclude?: readonly Date[];
  count?: number;
}): Interval[] {
  const count = input.count ?? SLOTS_PROPOSED;
  const first = Math.ceil((input.now.getTime() + input.leadHours * 3_600_000) / STEP_MS) * STEP_MS;
  const last = input.now.getTime() + HORIZON_DAYS * 86_400_000;
  const excluded = new Set((input.exclude ?? []).map((d) => d.getTime()));
  const byDay = new Map<string, Interval[]>();
  for (let t = first; t + STEP_MS <= last; t += STEP_MS) {
    if (excluded.has(t)) continue;
    const slot = { startsAt: new Date(t), endsAt: new Date(t + STEP_MS) };
    if (!input.members.every((m) => insideWindows(m, slot.startsAt, slot.endsAt))) continue;
    if (input.busy.some((b) => overlaps(b, slot))) continue;
    const day = slot.startsAt.toISOString().slice(0, 10);
    const list = byDay.get(day) ?? [];
    list.push(slot);
    byDay.set(day, list);
  }
  const days = [...byDay.values()];
  const out: Interval[] = [];
  for (let round = 0; out.length < count && days.some((d) => d.length > round); round++) {
    for (const d of days) {
      const s = d[round];
      if (s && out.length < count) out.push(s);
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
