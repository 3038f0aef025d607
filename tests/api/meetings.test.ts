import { sendTelegramNotifications } from "@tuesday/platform";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { arrangeMatch, expectError, type Member, member } from "./matching-api-helpers.ts";
import { startBotApi } from "./telegram-helpers.ts";

const meetings = { enabled: true, leadHours: 30, video: { kind: "generated" as const, url: "https://meet.example.org/{room}" } };
const bot = await startBotApi();
const env = await testEnvForFile({
  tenants: [tenantFixture("meet", { isDefault: true, meetings }), tenantFixture("other", { meetings })],
  config: { telegram: { apiUrl: bot.url, botToken: "123456:TEST-TOKEN", botUsername: "tuesday_test_bot", secret: "telegram-test-secret-0123456789" } },
});
afterAll(async () => bot.close());

type Window = { day: number; from: string; to: string };
const everyDay = (from: string, to: string): Window[] => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from, to }));

const as = (m: Member) => ({ tenant: m.tenant, token: m.token });
const setAvailability = async (m: Member, timeZone: string, windows: Window[], formats = ["VIDEO"]) => {
  const res = await env.request("PUT", "/api/meetings/availability", { ...as(m), body: { timeZone, windows, formats } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const list = async (m: Member) => (await env.request("GET", "/api/meetings", as(m))).body.items as MeetingBody[];
const post = (m: Member, path: string, body: unknown = {}) => env.request("POST", `/api/meetings/${path}`, { ...as(m), body });

type MeetingBody = { id: string; status: string; slots: { startsAt: string; endsAt: string }[]; startsAt: string | null; endsAt: string | null; location: string | null; sequence: number; pickedByMe: boolean; timeZone: string; otherTimeZone: string };

/** a sends b an intro and b accepts: the proposal job runs; returns the pair's meeting as a sees it. */
async function connect(a: Member, b: Member): Promise<MeetingBody> {
  const match = await arrangeMatch(env, a.tenant, a.id, b.id, { source: "WEEKLY" });
  const sent = await env.request("POST", "/api/matching/send-intro", { ...as(a), body: { from: a.id, matchingResultId: match.resultA, introMessage: "Let's talk" } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const answered = await env.request("POST", `/api/requests/${sent.body.request.id}/answer`, { ...as(b), body: { answer: "ACCEPTED" } });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  await env.drainJobs("meeting.propose");
  const mine = (await list(a)).find((m) => m.status !== "CANCELLED" && (m as unknown as { other: { id: string } }).other.id === b.id);
  if (!mine) throw new Error("no meeting proposed");
  return mine;
}

/** The local weekday (Monday = 1) and minutes of `iso` in `timeZone`, as Intl reads them. */
function local(iso: string, timeZone: string): { day: number; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  return { day: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday ?? "") + 1, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

type Invite = { method: string; uid: string; sequence: number; status: string; start: Date; end: Date; organizer: string; attendees: string[]; location: string | null; version: string; prodid: string; dtstamp: unknown };

/** The invitation attached to the newest mail to `email`, parsed back with ical.js. */
async function lastInvite(email: string): Promise<Invite> {
  const [mail] = await env.mailTo(email);
  const ics = mail?.attachments?.find((a) => a.contentType.startsWith("text/calendar"));
  if (!ics) throw new Error(`no invitation in the last mail to ${email}: ${mail?.subject}`);
  const cal = new ICAL.Component(ICAL.parse(ics.content));
  const ev = cal.getFirstSubcomponent("vevent");
  if (!ev) throw new Error("no VEVENT");
  const event = new ICAL.Event(ev);
  expect(ics.contentType).toContain(`method=${cal.getFirstPropertyValue("method")}`);
  return {
    method: String(cal.getFirstPropertyValue("method")),
    version: String(cal.getFirstPropertyValue("version")),
    prodid: String(cal.getFirstPropertyValue("prodid")),
    uid: event.uid,
    sequence: event.sequence,
    status: String(ev.getFirstPropertyValue("status")),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    dtstamp: ev.getFirstPropertyValue("dtstamp"),
    organizer: String(ev.getFirstPropertyValue("organizer")),
    attendees: ev.getAllProperties("attendee").map((p) => String(p.getFirstValue())),
    location: (ev.getFirstPropertyValue("location") as string | null) ?? null,
  };
}

let berlin: Member;
let newYork: Member;
beforeAll(async () => {
  [berlin, newYork] = await Promise.all([member(env, "meet", { firstName: "Berta" }), member(env, "meet", { firstName: "Nick", language: "ru" })]);
});

describe("availability", () => {
  it("starts from the community's defaults and saves my windows, zone and formats", async () => {
    const m = await member(env, "meet", { firstName: "Dora" });
    const before = (await env.request("GET", "/api/meetings/availability", as(m))).body;
    expect(before).toMatchObject({ isDefault: true, timeZone: "UTC", formats: ["VIDEO"] });
    expect(before.windows).toContainEqual({ day: 1, from: "10:00", to: "18:00" });
    await setAvailability(m, "Asia/Tokyo", [{ day: 2, from: "08:00", to: "09:30" }], ["IN_PERSON", "VIDEO"]);
    expect((await env.request("GET", "/api/meetings/availability", as(m))).body).toMatchObject({
      isDefault: false,
      timeZone: "Asia/Tokyo",
      windows: [{ day: 2, from: "08:00", to: "09:30" }],
      formats: ["IN_PERSON", "VIDEO"],
    });
  });

  it("refuses an unknown zone, a window ending before it starts, and unknown fields", async () => {
    const m = await member(env, "meet");
    const put = (body: unknown) => env.request("PUT", "/api/meetings/availability", { ...as(m), body });
    expectError(await put({ timeZone: "Mars/Olympus", windows: [], formats: ["VIDEO"] }), 400, 1001);
    expectError(await put({ timeZone: "UTC", windows: [{ day: 1, from: "12:00", to: "11:00" }], formats: ["VIDEO"] }), 400, 1001);
    expectError(await put({ timeZone: "UTC", windows: [{ day: 8, from: "10:00", to: "11:00" }], formats: ["VIDEO"] }), 400, 1001);
    expectError(await put({ timeZone: "UTC", windows: [], formats: ["VIDEO"], extra: 1 }), 400, 1001);
  });
});

describe("proposed slots", () => {
  it("two members in different zones get three 30-minute slots inside both windows, in the coming week", async () => {
    await setAvailability(berlin, "Europe/Berlin", everyDay("09:00", "12:00"));
    await setAvailability(newYork, "America/New_York", everyDay("04:00", "07:00"));
    const m = await connect(berlin, newYork);
    expect(m.status).toBe("PROPOSED");
    expect(m.timeZone).toBe("Europe/Berlin");
    expect(m.otherTimeZone).toBe("America/New_York");
    expect(m.slots).toHaveLength(3);
    const now = Date.now();
    for (const s of m.slots) {
      const start = new Date(s.startsAt).getTime();
      expect(new Date(s.endsAt).getTime() - start).toBe(30 * 60_000);
      expect(start).toBeGreaterThanOrEqual(now + 30 * 3_600_000 - 60_000);
      expect(start).toBeLessThanOrEqual(now + 7 * 86_400_000);
      const b = local(s.startsAt, "Europe/Berlin");
      expect(b.minutes).toBeGreaterThanOrEqual(9 * 60);
      expect(b.minutes + 30).toBeLessThanOrEqual(12 * 60);
      const n = local(s.startsAt, "America/New_York");
      expect(n.minutes).toBeGreaterThanOrEqual(4 * 60);
      expect(n.minutes + 30).toBeLessThanOrEqual(7 * 60);
    }
    // Both got the times by e-mail in their own language and zone, and in the app.
    const [toBerlin] = await env.mailTo(berlin.email);
    expect(toBerlin?.subject).toBe("Pick a time to meet Nick Member");
    expect(toBerlin?.text).toContain("(Europe/Berlin)");
    const [toNewYork] = await env.mailTo(newYork.email);
    expect(toNewYork?.subject).toBe("Выберите время встречи: Berta Member");
    expect(toNewYork?.text).toContain("(America/New_York)");
    const notes = (await env.request("GET", "/api/notifications", as(newYork))).body.items as { type: string }[];
    expect(notes.map((n) => n.type)).toContain("MEETING_PROPOSED");
    // The same pair is not proposed twice while its meeting is open.
    const [low, high] = [berlin.id, newYork.id].sort();
    const [pairRows] = await env.db<{ count: number }[]>`select count(*)::int as count from meetings where community_id = 'meet' and status <> 'CANCELLED'
      and participant_low = ${low ?? ""} and participant_high = ${high ?? ""}`;
    expect(pairRows?.count).toBe(1);
  });

  it("no slot is proposed over another booked meeting of either member", async () => {
    const [a, b, c] = await Promise.all([member(env, "meet"), member(env, "meet"), member(env, "meet")]);
    for (const m of [a, b, c]) await setAvailability(m, "UTC", everyDay("10:00", "11:00"));
    const ac = await connect(a, c);
    // A slot at the start of its day's window (the earliest slot can fall inside the window when
    // the notice period ends there, depending on the time the test runs), so 10:30 is free after it.
    const first = ac.slots.find((s) => s.startsAt.endsWith("T10:00:00.000Z"));
    if (!first) throw new Error("no slot at 10:00");
    expect((await post(a, `${ac.id}/pick`, { startsAt: first.startsAt })).body.status).toBe("PICKED");
    expect((await post(c, `${ac.id}/confirm`)).body.status).toBe("CONFIRMED");
    const ab = await connect(a, b);
    expect(ab.slots.length).toBeGreaterThan(0);
    for (const s of ab.slots) expect(s.startsAt < first.endsAt && first.startsAt < s.endsAt).toBe(false);
    // The same day still has room at 10:30: the proposal uses it rather than skipping the day.
    expect(ab.slots.map((s) => s.startsAt)).toContain(new Date(new Date(first.startsAt).getTime() + 30 * 60_000).toISOString());
  });
});

describe("pick, confirm, propose others", () => {
  it("two picks at once give one meeting, whoever comes first", async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = await Promise.all([member(env, "meet"), member(env, "meet")]);
      const m = await connect(a, b);
      const slot = m.slots[round % m.slots.length];
      if (!slot) throw new Error("no slot");
      const same = round % 2 === 0;
      const other = m.slots.find((s) => s.startsAt !== slot.startsAt) ?? slot;
      const [ra, rb] = await Promise.all([post(a, `${m.id}/pick`, { startsAt: slot.startsAt }), post(b, `${m.id}/pick`, { startsAt: same ? slot.startsAt : other.startsAt })]);
      const rows = await env.db<{ status: string; startsAt: Date }[]>`select status, starts_at as "startsAt" from meetings where community_id = 'meet'
        and (participant_low = ${a.id} or participant_high = ${a.id})`;
      expect(rows).toHaveLength(1);
      if (same) {
        // The second pick of the same time is the confirmation.
        expect([ra.status, rb.status]).toEqual([200, 200]);
        expect(rows[0]?.status).toBe("CONFIRMED");
        expect(rows[0]?.startsAt.toISOString()).toBe(slot.startsAt);
      } else {
        expect([ra.status, rb.status].sort()).toEqual([200, 409]);
        expect(rows[0]?.status).toBe("PICKED");
      }
    }
  });

  it("a time not offered is a 400; the picker cannot confirm their own pick; the other can propose other times", async () => {
    const [a, b] = await Promise.all([member(env, "meet"), member(env, "meet")]);
    const m = await connect(a, b);
    expectError(await post(a, `${m.id}/pick`, { startsAt: "2020-01-01T10:00:00Z" }), 400, 1001);
    const slot = m.slots[0];
    if (!slot) throw new Error("no slot");
    await post(a, `${m.id}/pick`, { startsAt: slot.startsAt });
    expectError(await post(a, `${m.id}/confirm`), 409, 1022);
    expect((await env.mailTo(b.email))[0]?.subject).toBe("Test Member picked a time to meet");
    const again = await post(b, `${m.id}/propose`, { note: "Mornings are hard" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.status).toBe("PROPOSED");
    expect(again.body.proposedByMe).toBe(true);
    expect(again.body.slots).toHaveLength(3);
    expect(again.body.slots.map((s: { startsAt: string }) => s.startsAt)).not.toContain(slot.startsAt);
    expect((await env.mailTo(a.email))[0]?.subject).toBe("Pick a time to meet Test Member");
  });
});

describe("invitations", () => {
  it("booking sends METHOD:REQUEST; reschedule keeps the UID and raises SEQUENCE; cancel sends METHOD:CANCEL", async () => {
    const [a, b] = await Promise.all([member(env, "meet", { firstName: "Ada" }), member(env, "meet", { firstName: "Bob" })]);
    const m = await connect(a, b);
    const slot = m.slots[1];
    if (!slot) throw new Error("no slot");
    await post(b, `${m.id}/pick`, { startsAt: slot.startsAt });
    const booked = await post(a, `${m.id}/confirm`);
    expect(booked.body).toMatchObject({ status: "CONFIRMED", startsAt: slot.startsAt, sequence: 0 });
    expect(booked.body.location).toMatch(/^https:\/\/meet\.example\.org\/meet-[A-Za-z0-9_-]{12}$/);

    const first = await lastInvite(a.email);
    expect(first).toMatchObject({ method: "REQUEST", version: "2.0", sequence: 0, status: "CONFIRMED", uid: `meeting-${m.id}@meet.test.example` });
    expect(first.prodid).toContain("Tuesday");
    expect(first.dtstamp).toBeTruthy();
    expect(first.start.toISOString()).toBe(slot.startsAt);
    expect(first.end.toISOString()).toBe(slot.endsAt);
    expect(first.organizer.toLowerCase()).toBe("mailto:hello@meet.test.example");
    expect(first.attendees.map((x) => x.toLowerCase()).sort()).toEqual([`mailto:${a.email}`, `mailto:${b.email}`].map((x) => x.toLowerCase()).sort());
    expect(first.location).toBe(booked.body.location);
    expect((await lastInvite(b.email)).uid).toBe(first.uid);
    // The .ics route gives the same invitation.
    const file = await env.request("GET", `/api/meetings/${m.id}/calendar.ics`, as(a));
    expect(file.status).toBe(200);
    expect(String(file.body)).toContain(`UID:${first.uid}`);

    const moved = await post(a, `${m.id}/reschedule`, { note: "Something came up" });
    expect(moved.body.status).toBe("PROPOSED");
    const next = moved.body.slots[0];
    await post(b, `${m.id}/pick`, { startsAt: next.startsAt });
    const rebooked = await post(a, `${m.id}/confirm`);
    expect(rebooked.body).toMatchObject({ status: "CONFIRMED", sequence: 1, location: booked.body.location });
    const second = await lastInvite(b.email);
    expect(second).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1 });
    expect(second.start.toISOString()).toBe(next.startsAt);
    expect((await env.mailTo(b.email))[0]?.subject).toBe("Meeting moved: Ada Member");

    const cancelled = await post(b, `${m.id}/cancel`, { note: "Sorry, travelling" });
    expect(cancelled.body.status).toBe("CANCELLED");
    const cancel = await lastInvite(a.email);
    expect(cancel).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 2, status: "CANCELLED" });
    expect(cancel.start.toISOString()).toBe(next.startsAt);
    expect((await env.mailTo(a.email))[0]?.text).toContain("Sorry, travelling");
    // Cancelled stays cancelled; booking it again is refused.
    expectError(await post(a, `${m.id}/pick`, { startsAt: next.startsAt }), 409, 1022);
  });

  it("reminders 24 hours and 15 minutes before are planned as jobs and go by e-mail and in the app", async () => {
    const [a, b] = await Promise.all([member(env, "meet"), member(env, "meet")]);
    const m = await connect(a, b);
    const slot = m.slots[2] ?? m.slots[0];
    if (!slot) throw new Error("no slot");
    await post(a, `${m.id}/pick`, { startsAt: slot.startsAt });
    await post(b, `${m.id}/confirm`);
    const jobs = await env.db<{ kind: string; startAfter: Date }[]>`
      select data->>'kind' as kind, start_after as "startAfter" from pgboss.job where name = 'meeting.reminder' and data->>'meetingId' = ${m.id} order by 1`;
    const start = new Date(slot.startsAt).getTime();
    expect(jobs.map((j) => j.kind)).toEqual(["day", "soon"]);
    expect(Math.abs((jobs[0]?.startAfter.getTime() ?? 0) - (start - 86_400_000))).toBeLessThan(2_000);
    expect(Math.abs((jobs[1]?.startAfter.getTime() ?? 0) - (start - 15 * 60_000))).toBeLessThan(2_000);
    await env.db`update pgboss.job set start_after = now() where name = 'meeting.reminder' and data->>'meetingId' = ${m.id}`;
    expect(await env.drainJobs("meeting.reminder")).toBe(2);
    const subjects = (await env.mailTo(a.email)).map((x) => x.subject);
    expect(subjects).toContain("Tomorrow: meeting with Test Member");
    expect(subjects).toContain("In 15 minutes: meeting with Test Member");
    const notes = (await env.request("GET", "/api/notifications", as(b))).body.items as { type: string }[];
    expect(notes.filter((n) => n.type === "MEETING_REMINDER").length).toBeGreaterThanOrEqual(1);
  });
});

describe("reminders by Telegram", () => {
  it("a member with Telegram connected gets both reminders there, with the time in their zone, the other's name and a link", async () => {
    const [a, b] = await Promise.all([member(env, "meet", { firstName: "Tanya", language: "ru" }), member(env, "meet", { firstName: "Bill", lastName: "Brown" })]);
    await setAvailability(a, "Asia/Tokyo", everyDay("00:00", "23:30"));
    await setAvailability(b, "Europe/London", everyDay("00:00", "23:30"));
    const m = await connect(a, b);
    const slot = m.slots[0];
    if (!slot) throw new Error("no slot");
    await post(a, `${m.id}/pick`, { startsAt: slot.startsAt });
    await post(b, `${m.id}/confirm`);
    const [row] = await env.db<{ userId: string }[]>`select user_id as "userId" from participants where id = ${a.id}`;
    const userId = row?.userId ?? "";
    await env.db`insert into telegram_links (community_id, participant_id, user_id, chat_id) values ('meet', ${a.id}, ${userId}, '770001')`;
    await sendTelegramNotifications(env.deps, { communityId: "meet" });
    bot.calls.length = 0;

    await env.db`update pgboss.job set start_after = now() where name = 'meeting.reminder' and data->>'meetingId' = ${m.id}`;
    expect(await env.drainJobs("meeting.reminder")).toBe(2);
    expect(await sendTelegramNotifications(env.deps, { communityId: "meet" })).toEqual({ sent: 2, failed: 0 });
    // b has no Telegram: only a's chat hears of it.
    expect(bot.calls.map((c) => c.json?.chat_id)).toEqual(["770001", "770001"]);
    const texts = bot.calls.map((c) => String(c.json?.text));
    const when = new Intl.DateTimeFormat("ru", { timeZone: "Asia/Tokyo", weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(slot.startsAt));
    expect(texts.some((t) => t.includes("Встреча через 24 часа"))).toBe(true);
    expect(texts.some((t) => t.includes("Встреча через 15 минут"))).toBe(true);
    for (const t of texts) {
      expect(t).toContain(`Время: ${when} (Asia/Tokyo)`);
      expect(t).toContain("Собеседник: Bill Brown");
      expect(t).toContain(`/meetings?meeting=${m.id}`);
    }
  });
});

describe("webhooks", () => {
  it("meeting.scheduled at every booking (its SEQUENCE) and meeting.cancelled when a booked meeting is cancelled", async () => {
    await env.db`insert into webhook_endpoints (community_id, url, events, secret) values ('meet', 'https://hooks.example.org/in', '{meeting.scheduled,meeting.cancelled}', 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==')`;
    const hooks = (id: string) =>
      env.db<{ type: string; data: Record<string, unknown> }[]>`select event_type as type, payload->'data' as data from webhook_deliveries where community_id = 'meet' and payload->'data'->>'meetingId' = ${id} order by seq`;
    const [a, b, c, d] = await Promise.all([member(env, "meet"), member(env, "meet"), member(env, "meet"), member(env, "meet")]);
    const m = await connect(a, b);
    const slot = m.slots[0];
    if (!slot) throw new Error("no slot");
    await post(a, `${m.id}/pick`, { startsAt: slot.startsAt });
    expect(await hooks(m.id)).toEqual([]);
    await post(b, `${m.id}/confirm`);
    expect(await hooks(m.id)).toEqual([
      { type: "meeting.scheduled", data: { meetingId: m.id, kind: "pair", eventId: null, participantIds: [a.id, b.id].sort(), startsAt: slot.startsAt, endsAt: slot.endsAt, table: null, sequence: 0 } },
    ]);
    await post(a, `${m.id}/cancel`, { note: "Sorry" });
    expect((await hooks(m.id)).map((h) => [h.type, h.data.sequence])).toEqual([
      ["meeting.scheduled", 0],
      ["meeting.cancelled", 1],
    ]);
    // A proposal cancelled before it was booked was never scheduled.
    const open = await connect(c, d);
    await post(c, `${open.id}/cancel`);
    expect(await hooks(open.id)).toEqual([]);
  });
});

describe("feedback follows the meeting", () => {
  it("the 'did you meet?' mail goes after the meeting's end, and a no-show answer is the matching's no-meeting feedback", async () => {
    const [a, b] = await Promise.all([member(env, "meet", { firstName: "Fay" }), member(env, "meet", { firstName: "Gus" })]);
    const m = await connect(a, b);
    const slot = m.slots[0];
    if (!slot) throw new Error("no slot");
    await post(a, `${m.id}/pick`, { startsAt: slot.startsAt });
    await post(b, `${m.id}/confirm`);
    // Not before the end: the job planned for the end finds the meeting not over and sends nothing.
    await env.db`update pgboss.job set start_after = now() where name = 'meeting.followup' and data->>'meetingId' = ${m.id}`;
    await env.drainJobs("meeting.followup");
    expect((await env.mailTo(a.email)).map((x) => x.template)).not.toContain("meeting_followup");
    // The meeting took place an hour ago (moved by hand, with its planned job).
    const endsAt = new Date(Date.now() - 3_600_000);
    await env.db`update meetings set starts_at = ${new Date(endsAt.getTime() - 30 * 60_000)}, ends_at = ${endsAt} where id = ${m.id}`;
    await env.db`insert into pgboss.job (name, data) values ('meeting.followup', ${env.db.json({ communityId: "meet", meetingId: m.id, endsAt: endsAt.toISOString() })})`;
    await env.drainJobs("meeting.followup");
    const [followup] = await env.mailTo(a.email);
    expect(followup?.template).toBe("meeting_followup");
    const resultId = /feedback=([0-9a-f-]{36})/.exec(followup?.text ?? "")?.[1];
    expect(resultId).toBeTruthy();
    const answered = await env.request("POST", "/api/matching/update-score", { ...as(a), body: { matchingId: resultId, score: null, noMeeting: true } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const [row] = await env.db<{ noMeeting: boolean; subjectId: string }[]>`select no_meeting as "noMeeting", subject_id as "subjectId" from matching_results where id = ${resultId ?? ""}`;
    expect(row).toEqual({ noMeeting: true, subjectId: b.id });
  });
});

describe("console and isolation", () => {
  it("admins see meetings per week: proposed, confirmed, held, no-show, cancelled", async () => {
    const admin = await member(env, "meet", {}, "admin");
    const res = await env.request("GET", "/api/console/meetings/weeks?weeks=2", as(admin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const total = res.body.weeks.reduce((acc: Record<string, number>, w: Record<string, number>) => {
      for (const k of ["proposed", "confirmed", "held", "noShow", "cancelled"]) acc[k] = (acc[k] ?? 0) + (w[k] ?? 0);
      return acc;
    }, {});
    const [db] = await env.db<{ proposed: number; confirmed: number; cancelled: number }[]>`
      select count(*)::int as proposed, count(*) filter (where invited)::int as confirmed, count(*) filter (where status = 'CANCELLED')::int as cancelled
      from meetings where community_id = 'meet'`;
    expect(total).toMatchObject({ proposed: db?.proposed, confirmed: db?.confirmed, cancelled: db?.cancelled });
    expect(total.noShow).toBeGreaterThanOrEqual(1);
    expectError(await env.request("GET", "/api/console/meetings/weeks", as(berlin)), 403, 1005);
  });

  it("another member's meeting and another community's are 404; another community's session is 401", async () => {
    const [stranger, foreign] = await Promise.all([member(env, "meet"), member(env, "other")]);
    const m = (await list(berlin))[0];
    if (!m) throw new Error("no meeting");
    expectError(await env.request("GET", `/api/meetings/${m.id}`, as(stranger)), 404, 1002);
    expectError(await post(stranger, `${m.id}/cancel`), 404, 1002);
    expectError(await env.request("GET", `/api/meetings/${m.id}`, as(foreign)), 404, 1002);
    expectError(await post(foreign, `${m.id}/pick`, { startsAt: m.slots[0]?.startsAt ?? new Date().toISOString() }), 404, 1002);
    expectError(await env.request("GET", `/api/meetings/${m.id}`, { tenant: "meet", token: foreign.token }), 401, 1004);
    expect((await env.request("GET", `/api/meetings/${m.id}`, as(berlin))).status).toBe(200);
  });
});
