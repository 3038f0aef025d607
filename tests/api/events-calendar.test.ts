import { beforeAll, describe, expect, it } from "vitest";
import { eventReminderJob } from "@tuesday/platform";
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

describe("participation e-mails, in the member's language", () => {
  it("confirmed carries the .ics; pending, payment, waitlist, approved, rejected and promoted each send one", async () => {
    const [en, ru] = await Promise.all([who(env, "alpha", "member", "Emma"), who(env, "alpha", "member", "Ivan")]);
    await env.db`update participants set language = 'ru' where id = ${ru.id}`;
    const free = await makeEvent(env, organizer, { title: "Open night", translations: { ru: { title: "Открытый вечер" } }, maxParticipants: 1 });
    await ev.join(en, free);
    const [confirmed] = await env.mailTo(en.email);
    expect(confirmed?.subject).toBe("You're going to Open night");
    expect(confirmed?.text).toContain("Unter den Linden 1");
    expect(confirmed?.attachments).toEqual([expect.objectContaining({ filename: expect.stringMatching(/\.ics$/), contentType: expect.stringContaining("text/calendar") })]);
    expect(confirmed?.attachments?.[0]?.content).toContain("BEGIN:VEVENT");

    // Full: the Russian member goes on the waitlist, then moves up when the first cancels.
    await ev.join(ru, free);
    const [waitlist] = await env.mailTo(ru.email);
    expect(waitlist?.subject).toBe("Вы в листе ожидания «Открытый вечер»");
    expect(waitlist?.text).toContain("место 1");
    await ev.cancel(en, free);
    const [promoted] = await env.mailTo(ru.email);
    expect(promoted?.subject).toBe("Освободилось место: «Открытый вечер»");
    expect(promoted?.attachments?.[0]?.content).toContain("SUMMARY:Открытый вечер");

    const approval = await makeEvent(env, organizer, { title: "Closed circle", approvalRequired: true });
    const m = await who(env, "alpha", "member", "Max");
    await ev.join(m, approval);
    expect((await env.mailTo(m.email))[0]?.subject).toBe("Your request to join Closed circle");
    await ev.approve(organizer, approval, m.id);
    const [approved] = await env.mailTo(m.email);
    expect(approved?.subject).toBe("You're in: Closed circle");
    expect(approved?.attachments).toHaveLength(1);
    await ev.reject(organizer, approval, m.id);
    const [rejected] = await env.mailTo(m.email);
    expect(rejected?.subject).toBe("About your request to join Closed circle");
    expect(rejected?.attachments).toBeNull();

    const paid = await makeEvent(env, organizer, { title: "Paid workshop", paid: true, price: 30, paymentLink: "https://pay.example.com/w" });
    await ev.join(m, paid);
    const [payment] = await env.mailTo(m.email);
    expect(payment?.subject).toBe("Complete your payment for Paid workshop");
    expect(payment?.text).toContain("https://pay.example.com/w");
    expect(payment?.text).toContain("may take a while");
  });

  it("the location in a mail follows its visibility", async () => {
    const id = await makeEvent(env, organizer, { title: "Secret venue", locationVisibility: "CITY_ONLY", approvalRequired: true });
    const m = await who(env, "alpha", "member", "Vera");
    await ev.join(m, id);
    await ev.approve(organizer, id, m.id);
    const [mail] = await env.mailTo(m.email);
    expect(mail?.text).toContain("Berlin");
    expect(mail?.text).not.toContain("Unter den Linden");
    expect(mail?.attachments?.[0]?.content).not.toContain("Unter den Linden");
  });
});

describe("the reminder the day before (pg-boss)", () => {
  const dueNow = () => env.db`update pgboss.job set start_after = now() where name = 'event.reminder' and state = 'created'`;

  it("is planned for a day before the start when a member is confirmed, sent once per member and event, and skipped when the event moved", async () => {
    const id = await makeEvent(env, organizer, { title: "Reminder night", date: day(5) });
    const [a, b] = await Promise.all([who(env, "alpha", "member", "Rita"), who(env, "alpha", "member", "Rob")]);
    await ev.join(a, id);
    await ev.join(b, id);
    await ev.cancel(b, id);
    const [job] = await env.db<{ startAfter: Date; data: { participantId: string; startsAt: string } }[]>`
      select start_after as "startAfter", data from pgboss.job where name = 'event.reminder' and data->>'participantId' = ${a.id}`;
    const startsAt = new Date((await ev.get(a, id)).body.eventDateTime).getTime();
    expect(Math.abs((job?.startAfter.getTime() ?? 0) - (startsAt - 86_400_000))).toBeLessThan(5_000);
    expect(await env.drainJobs("event.reminder")).toBe(0);

    await dueNow();
    await env.drainJobs("event.reminder");
    const reminders = (await env.mailTo(a.email)).filter((m) => m.subject === "Tomorrow: Reminder night");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.attachments).toHaveLength(1);
    expect((await env.mailTo(b.email)).some((m) => m.subject.startsWith("Tomorrow"))).toBe(false);

    // A rerun of the same job sends nothing new.
    await env.deps.jobs.send(eventReminderJob, { communityId: "alpha", eventId: id, participantId: a.id, startsAt: job?.data.startsAt ?? "" });
    await env.drainJobs("event.reminder");
    expect((await env.mailTo(a.email)).filter((m) => m.subject === "Tomorrow: Reminder night")).toHaveLength(1);

    // Moved to another day: the old plan does nothing, a new reminder is planned for the new start.
    await ev.patch(organizer, id, { date: day(8) });
    await env.deps.jobs.send(eventReminderJob, { communityId: "alpha", eventId: id, participantId: a.id, startsAt: job?.data.startsAt ?? "" });
    const planned = await env.db<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name = 'event.reminder' and state = 'created' and data->>'participantId' = ${a.id}`;
    expect(planned[0]?.n).toBe(2);
    // The new plan: a day before the new start, for the confirmed member only.
    const movedAt = new Date((await ev.get(a, id)).body.eventDateTime).getTime();
    const replanned = await env.db<{ startAfter: Date; participantId: string }[]>`
      select start_after as "startAfter", data->>'participantId' as "participantId" from pgboss.job
      where name = 'event.reminder' and state = 'created' and data->>'eventId' = ${id} and data->>'startsAt' = ${new Date(movedAt).toISOString()}`;
    expect(replanned.map((r) => r.participantId)).toEqual([a.id]);
    expect(Math.abs((replanned[0]?.startAfter.getTime() ?? 0) - (movedAt - 86_400_000))).toBeLessThan(5_000);
    await dueNow();
    await env.drainJobs("event.reminder");
    expect((await env.mailTo(a.email)).filter((m) => m.subject === "Tomorrow: Reminder night")).toHaveLength(2);
  });
});

describe("a changed or cancelled event tells its attendees", () => {
  it("a new time mails the going (with the updated .ics) and the waiting, not those who left; a new title alone mails nobody; a deletion mails a cancellation whose .ics removes it", async () => {
    const id = await makeEvent(env, organizer, { title: "Moving night", date: day(6), time: "18:00", endTime: "20:00", timeZone: "Europe/Berlin" });
    const [going, left] = await Promise.all([who(env, "alpha", "member", "Gina"), who(env, "alpha", "member", "Leo")]);
    await ev.join(going, id);
    await ev.join(left, id);
    await ev.cancel(left, id);
    const mailsOf = async (w: Who, subject: string) => (await env.mailTo(w.email)).filter((m) => m.subject === subject);

    expect((await ev.patch(organizer, id, { title: "Moving night" })).status).toBe(200);
    expect((await ev.patch(organizer, id, { description: "Now with music" })).status).toBe(200);
    expect(await mailsOf(going, "New time or place: Moving night")).toHaveLength(0);

    const newDate = day(9);
    expect((await ev.patch(organizer, id, { date: newDate, time: "19:30" })).status).toBe(200);
    const [changed, ...more] = await mailsOf(going, "New time or place: Moving night");
    expect(more).toHaveLength(0);
    expect(changed?.text).toContain("the organizers changed Moving night");
    expect(changed?.text).toContain("19:30");
    const updated = unfold(changed?.attachments?.[0]?.content ?? "");
    expect(changed?.attachments?.[0]?.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    expect(updated).toContain(`DTSTART;TZID=Europe/Berlin:${newDate.replace(/-/g, "")}T193000`);
    expect(updated).toContain(`UID:${id}@alpha.test.example`);
    expect(Number(/\r\nSEQUENCE:(\d+)\r\n/.exec(updated)?.[1])).toBeGreaterThanOrEqual(0);
    expect(await mailsOf(left, "New time or place: Moving night")).toHaveLength(0);
    // In the app too: one notification for the change, none for the member who left.
    const notes = async (w: Who, type: string) =>
      ((await env.request("GET", "/api/notifications", { tenant: "alpha", token: w.token })).body.items as { type: string; data: { eventId: string; title: string } }[]).filter((n) => n.type === type);
    expect((await notes(going, "EVENT_CHANGED")).map((n) => n.data)).toEqual([{ eventId: id, title: "Moving night" }]);
    expect(await notes(left, "EVENT_CHANGED")).toHaveLength(0);

    expect((await ev.remove(organizer, id)).status).toBe(200);
    const cancelled = await mailsOf(going, "Cancelled: Moving night");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.text).toContain("it will not take place");
    expect(cancelled[0]?.attachments?.[0]?.contentType).toBe("text/calendar; charset=utf-8; method=CANCEL");
    const removal = unfold(cancelled[0]?.attachments?.[0]?.content ?? "");
    expect(removal).toContain("METHOD:CANCEL");
    expect(removal).toContain("STATUS:CANCELLED");
    expect(removal).toContain(`UID:${id}@alpha.test.example`);
    expect(await mailsOf(left, "Cancelled: Moving night")).toHaveLength(0);
    expect((await notes(going, "EVENT_CANCELLED")).map((n) => n.data)).toEqual([{ eventId: id, title: "Moving night" }]);
    expect(await notes(left, "EVENT_CANCELLED")).toHaveLength(0);
  });

  it("an event that has ended mails nobody when it is edited or deleted", async () => {
    const id = await makeEvent(env, organizer, { title: "Old times", date: day(3) });
    const attendee = await who(env, "alpha", "member", "Otto");
    await ev.join(attendee, id);
    await env.db`update events set starts_at = now() - interval '3 days', ends_at = now() - interval '2 days' where id = ${id}`;
    expect((await ev.remove(organizer, id)).status).toBe(200);
    expect((await env.mailTo(attendee.email)).filter((m) => m.subject.startsWith("Cancelled"))).toHaveLength(0);
  });
});
