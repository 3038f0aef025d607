import { describe, expect, it } from "vitest";
import { formatWhen } from "./format.ts";

/** An event's time reads in the member's language, its zone by name, not as an IANA id. */
describe("formatWhen", () => {
  const event = { date: "2026-12-01", time: "18:30", endTime: "20:00", timeZone: "Europe/Moscow" };
  it("names the zone in Russian for a Russian reader", () => {
    const text = formatWhen(event, "ru");
    expect(text).toContain("18:30–20:00");
    expect(text).toContain("Москва");
    expect(text).not.toContain("Europe/Moscow");
  });
  it("names the zone in English for an English reader", () => {
    expect(formatWhen(event, "en")).toBe("Tue, Dec 1, 2026, 18:30–20:00 (Moscow Standard Time)");
  });
  it("keeps the id of a zone the runtime has no name for", () => {
    expect(formatWhen({ ...event, timeZone: "Etc/GMT-3" }, "ru")).toContain("(Etc/GMT-3)");
  });
});
