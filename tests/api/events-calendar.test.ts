import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { api, day, expectError, makeEvent, type Who, who } from "./events-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let organizer: Who;
let member: Who;
beforeAll(async () => {
  [organizer, member] = await Promise.all([who(env, "alpha", "moderator", "Olga"), who(env, "alpha", "member", "Mia")]);
});

const ics = (w: Who | undefined, id: string, q = "") => env.request("GET", `/api/event/${id}/calendar.ics${q}`, { tenant: "alpha", token: w?.token });

/** Unfolds RFC 5545 folded lines. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

describe("GET /event/{id}/calendar.ics", () => {
  it("is an RFC 5545 calendar with the event's time zone (VTIMEZONE, TZID) and local wall-clock times", async () => {
    const date = day(30);
    const id = await makeEvent(env, organizer, { title: "Winter talks", date, time: "18:30", endTime: "21:00", timeZone: "Europe/Berlin", translations: { ru: { title: "Зимние доклады" } } });
    const res = await ics(undefined, id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = unfold(String(res.body));
    expect(text.split("\r\n")[0]).toBe("BEGIN:VCALENDAR");
    expect(text).toContain("VERSION:2.0");
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(text).toContain("PRODID:");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin");
    const compactDate = date.replace(/-/g, "");
    expect(text).toContain(`DTSTART;TZID=Europe/Berlin:${compactDate}T183000`);
    expect(text).toContain(`DTEND;TZID=Europe/Berlin:${compactDate}T210000`);
    expect(text).toContain(`UID:${id}@alpha.test.example`);
    expect(text).toContain("SUMMARY:Winter talks");
    expect(text).toContain("LOCATION:Unter den Linden 1\\, 10117 Berlin\\, Berlin\\, Germany");
    expect(text).toContain(`URL;VALUE=URI:http://alpha.localhost:3000/event/${id}`);
    expect(text.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(unfold(String((await ics(undefined, id, "?language=ru")).body))).toContain("SUMMARY:Зимние доклады");
  });

  it("carries only the location its visibility allows, and follows the event's visibility", async () => {
    const id = await makeEvent(env, organizer, { locationVisibility: "CITY_ONLY", visibility: "PRIVATE" });
    expectError(await ics(undefined, id), 401, 1004);
    const text = unfold(String((await ics(member, id)).body));
    expect(text).toContain("LOCATION:Berlin\r\n");
    expect(text).not.toContain("Unter den Linden");
    expect(unfold(String((await ics(organizer, id)).body))).toContain("Unter den Linden");
  });

  it("the event carries add-to-calendar links", async () => {
    const id = await makeEvent(env, organizer, { locationVisibility: "COUNTRY_CITY" });
    const links = (await ev.get(member, id)).body.calendarLinks;
    expect(links.ics).toBe(`http://alpha.localhost:3000/api/event/${id}/calendar.ics`);
    const google = new URL(links.google);
    expect(google.hostname).toBe("calendar.google.com");
    expect(google.searchParams.get("text")).toBe("Summer meetup");
    expect(google.searchParams.get("ctz")).toBe("Europe/Berlin");
    expect(google.searchParams.get("location")).toBe("Berlin, Germany");
    expect(google.searchParams.get("dates")).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
    expect(new URL(links.outlook).searchParams.get("subject")).toBe("Summer meetup");
  });
});
