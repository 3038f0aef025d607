/** Event 1:1 notices and reminders: the other attendee hears of a request, a booking, a decline and a cancel; a booked 1:1 is reminded of. */
import { sendTelegramNotifications } from "@tuesday/platform";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { api, day, makeEvent, type Who, who } from "./events-helpers.ts";
import { startBotApi } from "./telegram-helpers.ts";

const bot = await startBotApi();
const env = await testEnvForFile({
  config: { telegram: { apiUrl: bot.url, botToken: "123456:TEST-TOKEN", botUsername: "tuesday_test_bot", secret: "telegram-test-secret-0123456789" } },
});
afterAll(async () => bot.close());
const ev = api(env);
let organizer: Who;
beforeAll(async () => {
  organizer = await who(env, "alpha", "moderator", "Olga");
});

const as = (w: Who) => ({ tenant: w.tenant, token: w.token });
const ask = (w: Who, id: string, participantId: string) => env.request("POST", `/api/event/${id}/meetings`, { ...as(w), body: { participantId, message: "Coffee by the stage?" } });
const verb = (w: Who, id: string, meetingId: string, v: "accept" | "decline" | "cancel") => env.request("POST", `/api/event/${id}/meetings/${meetingId}/${v}`, as(w));
type Note = { type: string; data: Record<string, unknown> };
const notes = async (w: Who) => ((await env.request("GET", "/api/notifications", as(w))).body.items as Note[]).filter((n) => n.type.startsWith("EVENT_MEETING_"));
const reminderJobs = (meetingId: string) =>
  env.db<{ id: string; state: string; startAfter: Date }[]>`select id, state, start_after as "startAfter" from pgboss.job where name = 'event-meeting.reminder' and data->>'meetingId' = ${meetingId}`;

const SLOT = { startsAt: `${day(10)}T10:00:00.000Z`, endsAt: `${day(10)}T10:20:00.000Z` };

/** An event with one slot and one table, and `n` confirmed attendees named Ann0, Ann1, ... */
async function eventWith(n: number): Promise<{ id: string; people: Who[] }> {
  const id = await makeEvent(env, organizer, { networking: true });
  const saved = await env.request("PUT", `/api/event/${id}/meeting-setup`, { ...as(organizer), body: { slots: [SLOT], tables: ["Table 7"] } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const people = await Promise.all(Array.from({ length: n }, (_, i) => who(env, "alpha", "member", `Ann${i}`)));
  for (const p of people) expect((await ev.join(p, id)).body).toMatchObject({ status: "CONFIRMED" });
  return { id, people };
}

/** The calendar file of the newest mail to `email`, parsed back with ical.js. */
async function lastIcs(email: string) {
  const [mail] = await env.mailTo(email);
  const file = mail?.attachments?.find((a) => a.contentType.startsWith("text/calendar"));
  if (!file) throw new Error(`no calendar file in the last mail to ${email}: ${mail?.subject}`);
  const cal = new ICAL.Component(ICAL.parse(file.content));
  const vevent = cal.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  const e = new ICAL.Event(vevent);
  return {
    contentType: file.contentType,
    method: String(cal.getFirstPropertyValue("method")),
    uid: e.uid,
    sequence: e.sequence,
    status: String(vevent.getFirstPropertyValue("status")),
    start: e.startDate.toJSDate().toISOString(),
    end: e.endDate.toJSDate().toISOString(),
    location: vevent.getFirstPropertyValue("location"),
    organizer: String(vevent.getFirstPropertyValue("organizer")),
    attendees: vevent.getAllProperties("attendee").map((p) => String(p.getFirstValue()).toLowerCase()),
  };
}

describe("event 1:1 notices", () => {
  it("a request reaches the attendee asked; the booking reaches the asker with the time, the table and a REQUEST invitation for both", async () => {
    const { id, people } = await eventWith(2);
    const [a, b] = people as [Who, Who];
    const req = await ask(a, id, b.id);
    expect(req.status, JSON.stringify(req.body)).toBe(201);

    const [asked] = await notes(b);
    expect(asked).toMatchObject({ type: "EVENT_MEETING_REQUESTED", data: { eventId: id, meetingId: req.body.id, otherId: a.id, otherName: "Ann0 Person" } });
    expect(await notes(a)).toEqual([]);
    const [mail] = await env.mailTo(b.email);
    expect(mail?.subject).toContain("Ann0 Person asks you for a 1:1");
    expect(mail?.text).toContain("Coffee by the stage?");
    expect(mail?.text).toContain(`/event/${id}`);
    // The asker's own mails are only the event's confirmation.
    expect((await env.mailTo(a.email)).filter((m) => m.subject.includes("1:1"))).toEqual([]);

    const ok = await verb(b, id, req.body.id, "accept");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [booked] = await notes(a);
    expect(booked).toMatchObject({ type: "EVENT_MEETING_BOOKED", data: { meetingId: req.body.id, otherName: "Ann1 Person", startsAt: SLOT.startsAt, table: "Table 7" } });
    // b acted: no notification, but the calendar entry like a.
    expect((await notes(b)).map((n) => n.type)).toEqual(["EVENT_MEETING_REQUESTED"]);
    for (const w of [a, b]) {
      const ics = await lastIcs(w.email);
      expect(ics).toMatchObject({ method: "REQUEST", uid: `event-meeting-${req.body.id}@alpha.test.example`, sequence: 0, status: "CONFIRMED", start: SLOT.startsAt, end: SLOT.endsAt, location: "Table 7" });
      expect(ics.contentType).toContain("method=REQUEST");
      expect(ics.organizer.toLowerCase()).toMatch(/^mailto:/);
      expect(ics.attendees.sort()).toEqual([`mailto:${a.email}`, `mailto:${b.email}`].map((x) => x.toLowerCase()).sort());
      const [m] = await env.mailTo(w.email);
      expect(m?.text).toContain("Table 7");
    }
    // The agenda's calendar file names the same entry.
    const agenda = await env.request("GET", `/api/event/${id}/meetings/agenda.ics`, as(a));
    expect(String(agenda.body)).toContain(`UID:event-meeting-${req.body.id}@alpha.test.example`);
  });

  it("a decline reaches the asker without a calendar file; a withdrawn request reaches the attendee asked", async () => {
    const { id, people } = await eventWith(3);
    const [a, b, c] = people as [Who, Who, Who];
    const r1 = await ask(a, id, b.id);
    expect((await verb(b, id, r1.body.id, "decline")).status).toBe(200);
    expect((await notes(a)).map((n) => n.type)).toEqual(["EVENT_MEETING_DECLINED"]);
    const [declined] = await env.mailTo(a.email);
    expect(declined?.subject).toContain("declined");
    expect(declined?.attachments ?? []).toEqual([]);

    const r2 = await ask(a, id, c.id);
    expect((await verb(a, id, r2.body.id, "cancel")).status).toBe(200);
    expect((await notes(c)).map((n) => n.type).sort()).toEqual(["EVENT_MEETING_CANCELLED", "EVENT_MEETING_REQUESTED"]);
    const [withdrawn] = await env.mailTo(c.email);
    expect(withdrawn?.subject).toContain("withdrawn");
    expect(withdrawn?.attachments ?? []).toEqual([]);
    // Repeating a verb tells nobody twice.
    expect((await verb(a, id, r2.body.id, "cancel")).status).toBe(200);
    expect((await notes(c)).length).toBe(2);
  });
});

describe("event 1:1 reminders", () => {
  it("a booking plans one reminder 15 minutes before; it reaches both in the app and Telegram, once", async () => {
    const { id, people } = await eventWith(2);
    const [a, b] = people as [Who, Who];
    const req = await ask(a, id, b.id);
    await verb(b, id, req.body.id, "accept");
    const jobs = await reminderJobs(req.body.id);
    expect(jobs.length).toBe(1);
    expect(Math.abs((jobs[0]?.startAfter.getTime() ?? 0) - (new Date(SLOT.startsAt).getTime() - 15 * 60_000))).toBeLessThan(2_000);

    const [row] = await env.db<{ userId: string }[]>`select user_id as "userId" from participants where id = ${a.id}`;
    await env.db`insert into telegram_links (community_id, participant_id, user_id, chat_id) values ('alpha', ${a.id}, ${row?.userId ?? ""}, '880001')`;
    await sendTelegramNotifications(env.deps, { communityId: "alpha" });
    bot.calls.length = 0;

    await env.db`update pgboss.job set start_after = now() where name = 'event-meeting.reminder' and data->>'meetingId' = ${req.body.id}`;
    expect(await env.drainJobs("event-meeting.reminder")).toBe(1);
    for (const [w, other] of [
      [a, "Ann1 Person"],
      [b, "Ann0 Person"],
    ] as const) {
      const reminders = (await notes(w)).filter((n) => n.type === "EVENT_MEETING_REMINDER");
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.data).toMatchObject({ eventId: id, meetingId: req.body.id, otherName: other, startsAt: SLOT.startsAt, table: "Table 7" });
    }
    expect(await sendTelegramNotifications(env.deps, { communityId: "alpha" })).toEqual({ sent: 1, failed: 0 });
    const text = String(bot.calls[0]?.json?.text);
    expect(text).toContain("starts in 15 minutes");
    expect(text).toContain("With: Ann1 Person");
    expect(text).toContain("Table: Table 7");
    expect(text).toContain(`/event/${id}`);

    // The same job again (a retry) tells nobody twice.
    await env.deps.jobs.boss.send("event-meeting.reminder", { communityId: "alpha", eventId: id, meetingId: req.body.id, startsAt: SLOT.startsAt });
    expect(await env.drainJobs("event-meeting.reminder")).toBe(1);
    expect((await notes(a)).filter((n) => n.type === "EVENT_MEETING_REMINDER")).toHaveLength(1);
  });

  it("cancelling a booked 1:1 cancels its reminder job and sends both the CANCEL of the same entry", async () => {
    const { id, people } = await eventWith(2);
    const [a, b] = people as [Who, Who];
    const req = await ask(a, id, b.id);
    await verb(b, id, req.body.id, "accept");
    expect((await reminderJobs(req.body.id)).map((j) => j.state)).toEqual(["created"]);

    expect((await verb(b, id, req.body.id, "cancel")).status).toBe(200);
    expect((await reminderJobs(req.body.id)).map((j) => j.state)).toEqual(["cancelled"]);
    expect((await notes(a)).map((n) => n.type).sort()).toEqual(["EVENT_MEETING_BOOKED", "EVENT_MEETING_CANCELLED"]);
    for (const w of [a, b]) {
      const ics = await lastIcs(w.email);
      expect(ics).toMatchObject({ method: "CANCEL", uid: `event-meeting-${req.body.id}@alpha.test.example`, sequence: 1, status: "CANCELLED", start: SLOT.startsAt });
      expect(ics.contentType).toContain("method=CANCEL");
    }
    // A reminder that ran anyway (planned before the cancel) says nothing.
    await env.deps.jobs.boss.send("event-meeting.reminder", { communityId: "alpha", eventId: id, meetingId: req.body.id, startsAt: SLOT.startsAt });
    expect(await env.drainJobs("event-meeting.reminder")).toBe(1);
    expect((await notes(a)).filter((n) => n.type === "EVENT_MEETING_REMINDER")).toEqual([]);
  });
});
