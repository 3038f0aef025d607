import { describe, expect, it } from "vitest";
import { insideWindows, proposeSlots, wallClock } from "./slots.ts";

const every = (from: string, to: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from, to }));

describe("proposeSlots", () => {
  it("keeps to both members' windows, each in its own zone, across a daylight-saving change", () => {
    // Europe/Berlin leaves summer time on 2026-10-25; New York on 2026-11-01: the overlap moves by an hour in between.
    const now = new Date("2026-10-22T00:00:00Z");
    const berlin = { timeZone: "Europe/Berlin", windows: every("15:00", "17:00") };
    const newYork = { timeZone: "America/New_York", windows: every("09:00", "11:00") };
    const slots = proposeSlots({ now, leadHours: 0, members: [berlin, newYork], busy: [], count: 50 });
    expect(slots.length).toBeGreaterThan(7);
    for (const s of slots) {
      expect(insideWindows(berlin, s.startsAt, s.endsAt)).toBe(true);
      expect(insideWindows(newYork, s.startsAt, s.endsAt)).toBe(true);
    }
    // 2026-10-26: Berlin UTC+1, New York still UTC-4: Berlin 15:00-17:00 is 10:00-12:00 in New York, overlap 10:00-11:00 there.
    const day = slots.filter((s) => s.startsAt.toISOString().startsWith("2026-10-26")).map((s) => s.startsAt.toISOString());
    expect(day).toEqual(["2026-10-26T14:00:00.000Z", "2026-10-26T14:30:00.000Z"]);
  });

  it("offers three on different days first, never over a busy time or an excluded one, and none before the lead time", () => {
    const now = new Date("2026-12-01T08:00:00Z");
    const utc = { timeZone: "UTC", windows: every("10:00", "11:00") };
    const busy = [{ startsAt: new Date("2026-12-02T10:00:00Z"), endsAt: new Date("2026-12-02T10:30:00Z") }];
    const slots = proposeSlots({ now, leadHours: 24, members: [utc, utc], busy, exclude: [new Date("2026-12-03T10:00:00Z")] });
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual(["2026-12-02T10:30:00.000Z", "2026-12-03T10:30:00.000Z", "2026-12-04T10:00:00.000Z"]);
  });

  it("finds nothing when the windows never meet", () => {
    const now = new Date("2026-12-01T00:00:00Z");
    const a = { timeZone: "UTC", windows: every("08:00", "09:00") };
    const b = { timeZone: "UTC", windows: every("09:00", "10:00") };
    expect(proposeSlots({ now, leadHours: 0, members: [a, b], busy: [] })).toEqual([]);
  });

  it("reads the weekday in the member's zone", () => {
    // Monday 00:30 in Tokyo is still Sunday in UTC.
    expect(wallClock(new Date("2026-11-29T15:30:00Z"), "Asia/Tokyo")).toEqual({ day: 1, date: "2026-11-30", minutes: 30 });
  });
});
