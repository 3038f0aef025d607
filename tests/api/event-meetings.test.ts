/** Event 1:1 meetings (issue 28 item 5): organizer slots and tables, attendees' requests, the agenda. */
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { api, day, expectError, makeEvent, type Who, who } from "./events-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let organizer: Who;
let betaOrganizer: Who;
beforeAll(async () => {
  [organizer, betaOrganizer] = await Promise.all([who(env, "alpha", "moderator", "Olga"), who(env, "beta", "moderator", "Boris")]);
});

const as = (w: Who | undefined, tenant?: string) => ({ tenant: tenant ?? w?.tenant ?? "alpha", token: w?.token });
const setup = (w: Who | undefined, id: string, body?: unknown, tenant?: string) =>
  body === undefined ? env.request("GET", `/api/event/${id}/meeting-setup`, as(w, tenant)) : env.request("PUT", `/api/event/${id}/meeting-setup`, { ...as(w, tenant), body });
const agenda = (w: Who | undefined, id: string, tenant?: string) => env.request("GET", `/api/event/${id}/meetings`, as(w, tenant));
const ask = (w: Who | undefined, id: string, participantId: string, tenant?: string) => env.request("POST", `/api/event/${id}/meetings`, { ...as(w, tenant), body: { participantId, message: "Coffee?" } });
const verb = (w: Who | undefined, id: string, meetingId: string, v: "accept" | "decline" | "cancel", tenant?: string) =>
  env.request("POST", `/api/event/${id}/meetings/${meetingId}/${v}`, as(w, tenant));

/** `n` consecutive 20-minute slots from the event's day at 10:00 UTC, 5 minutes apart. */
function slots(n: number, date = day(10)): { startsAt: string; endsAt: string }[] {
  const base = new Date(`${date}T10:00:00Z`).getTime();
  return Array.from({ length: n }, (_, i) => ({ startsAt: new Date(base + i * 25 * 60_000).toISOString(), endsAt: new Date(base + i * 25 * 60_000 + 20 * 60_000).toISOString() }));
}

async function attendees(id: string, n: number, tenant = "alpha"): Promise<Who[]> {
  const out: Who[] = [];
  for (let i = 0; i < n; i += 25) {
    const batch = await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, k) => who(env, tenant, "member", `Att${i + k}`)));
    for (const w of batch) expect((await ev.join(w, id)).body).toMatchObject({ status: "CONFIRMED" });
    out.push(...batch);
  }
  return out;
}

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<{ results: T[]; peak: number }> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let inFlight = 0;
  let peak = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        results[i] = await (tasks[i] as () => Promise<T>)();
      } finally {
        inFlight--;
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return { results, peak };
}

describe("the organizers' setup", () => {
  it("saves slots and tables, keeps a slot's meetings while its start is unchanged, counts per slot, and is audited", async () => {
    const id = await makeEvent(env, organizer, { networking: true });
    const s = slots(3);
    const saved = await setup(organizer, id, { slots: s, tables: ["T1", "T2"] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.slots.map((x: { startsAt: string }) => x.startsAt)).toEqual(s.map((x) => x.startsAt));
    expect(saved.body.slots[0]).toMatchObject({ accepted: 0, tablesFree: 2 });
    expect(saved.body.tables.map((t: { name: string }) => t.name)).toEqual(["T1", "T2"]);

    const [a, b] = await attendees(id, 2);
    if (!a || !b) throw new Error("no attendees");
    const req = await ask(a, id, b.id);
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    const ok = await verb(b, id, req.body.id, "accept");
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: "ACCEPTED", startsAt: s[0]?.startsAt, table: "T1" });

    const counts = (await setup(organizer, id)).body;
    expect(counts.slots.map((x: { accepted: number }) => x.accepted)).toEqual([1, 0, 0]);
    expect(counts.slots[0].tablesFree).toBe(1);
    expect(counts.requests).toEqual({ requested: 0, accepted: 1, declined: 0, cancelled: 0 });

    // Removing the booked slot or its table is refused; removing an empty one is fine.
    expectError(await setup(organizer, id, { slots: s.slice(1), tables: ["T1", "T2"] }), 409, 1003);
    expectError(await setup(organizer, id, { slots: s, tables: ["T2"] }), 409, 1003);
    const trimmed = await setup(organizer, id, { slots: s.slice(0, 2), tables: ["T1"] });
    expect(trimmed.status, JSON.stringify(trimmed.body)).toBe(200);
    expect(trimmed.body.slots[0]).toMatchObject({ accepted: 1, tablesFree: 0 });
    expect((await agenda(a, id)).body.items[0]).toMatchObject({ status: "ACCEPTED", table: "T1" });

    const audit = await env.db<{ n: number }[]>`select count(*)::int as n from audit_events where community_id = 'alpha' and action = 'event.meeting_setup.save' and target_id = ${id}`;
    expect(audit[0]?.n).toBe(2);
  });

  it("refuses overlapping or reversed slots, members and other communities", async () => {
    const id = await makeEvent(env, organizer, { networking: true });
    const [s0, s1] = slots(2);
    if (!s0 || !s1) throw new Error("no slots");
    expectError(await setup(organizer, id, { slots: [s0, { startsAt: s0.startsAt, endsAt: s1.endsAt }], tables: [] }), 400, 1001);
    expectError(await setup(organizer, id, { slots: [{ startsAt: s0.endsAt, endsAt: s0.startsAt }], tables: [] }), 400, 1001);
    expectError(await setup(organizer, id, { slots: [s0], tables: [], extra: 1 }), 400, 1001);
    const [m] = await attendees(id, 1);
    expectError(await setup(m, id), 403, 1005);
    expectError(await setup(m, id, { slots: [s0], tables: [] }), 403, 1005);
    // Another community's session is not signed in here; another community's event is missing.
    expect((await setup(betaOrganizer, id, undefined, "alpha")).status).toBe(401);
    const betaEvent = await makeEvent(env, betaOrganizer, { networking: true });
    expectError(await setup(organizer, betaEvent, undefined, "alpha"), 404, 1002);
    expectError(await setup(organizer, betaEvent, { slots: [s0], tables: [] }, "alpha"), 404, 1002);
  });
});

describe("attendees' requests", () => {
  it("request, accept, decline, cancel; the agenda and its calendar file", async () => {
    const id = await makeEvent(env, organizer, { networking: true });
    const s = slots(2);
    expect((await setup(organizer, id, { slots: s, tables: ["Table 7"] })).status).toBe(200);
    const [a, b, c, d] = await attendees(id, 4);
    if (!a || !b || !c || !d) throw new Error("no attendees");

    const r1 = (await ask(a, id, b.id)).body;
    expect(r1).toMatchObject({ status: "REQUESTED", sentByMe: true, other: { id: b.id }, startsAt: null, table: null });
    expectError(await ask(b, id, a.id), 409, 1003);
    expectError(await ask(a, id, a.id), 400, 1001);
    expectError(await verb(a, id, r1.id, "accept"), 409, 1022);
    expect((await agenda(b, id)).body.items).toEqual([expect.objectContaining({ id: r1.id, sentByMe: false, status: "REQUESTED", message: "Coffee?" })]);

    const booked = await verb(b, id, r1.id, "accept");
    expect(booked.body).toMatchObject({ status: "ACCEPTED", startsAt: s[0]?.startsAt, endsAt: s[0]?.endsAt, table: "Table 7" });
    expect((await verb(b, id, r1.id, "accept")).status).toBe(200);
    // c and d: the only table is taken in slot 1, so they get slot 2.
    const r2 = (await ask(c, id, d.id)).body;
    expect((await verb(d, id, r2.id, "accept")).body).toMatchObject({ startsAt: s[1]?.startsAt, table: "Table 7" });
    // a and c: a is busy in slot 1, the table in slot 2: nothing is free, the request stays open.
    const r3 = (await ask(a, id, c.id)).body;
    const full = await verb(c, id, r3.id, "accept");
    expectError(full, 409, 1003, /free table/);
    expect((await agenda(a, id)).body.items.find((i: { id: string }) => i.id === r3.id)).toMatchObject({ status: "REQUESTED", startsAt: null });
    // Cancelling frees the slot: now it books.
    expect((await verb(d, id, r2.id, "cancel")).body).toMatchObject({ status: "CANCELLED" });
    expect((await verb(c, id, r3.id, "accept")).body).toMatchObject({ status: "ACCEPTED", startsAt: s[1]?.startsAt });
    // Declining an open request.
    const r4 = (await ask(b, id, d.id)).body;
    expectError(await verb(b, id, r4.id, "decline"), 409, 1022);
    expect((await verb(d, id, r4.id, "decline")).body).toMatchObject({ status: "DECLINED" });
    expectError(await verb(d, id, r4.id, "accept"), 409, 1022);

    const mine = (await agenda(a, id)).body;
    expect(mine).toMatchObject({ open: true, slots: s });
    expect(mine.items.filter((i: { status: string }) => i.status === "ACCEPTED").map((i: { startsAt: string }) => i.startsAt)).toEqual([s[0]?.startsAt, s[1]?.startsAt]);
    expect(mine.calendarUrl).toContain(`/api/event/${id}/meetings/agenda.ics`);

    const file = await env.request("GET", `/api/event/${id}/meetings/agenda.ics`, as(a));
    expect(file.status).toBe(200);
    const text = String(file.body);
    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.startDate.toJSDate().toISOString()).sort()).toEqual([s[0]?.startsAt, s[1]?.startsAt]);
    expect(events.map((e) => e.location)).toEqual(["Table 7", "Table 7"]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
  });

  it("is for confirmed attendees of an event with matchmaking and slots, within the community", async () => {
    const id = await makeEvent(env, organizer, { networking: true });
    const [a, b] = await attendees(id, 2);
    if (!a || !b) throw new Error("no attendees");
    // No slots yet: nothing to book.
    expect((await agenda(a, id)).body).toMatchObject({ open: false, items: [], calendarUrl: null });
    expectError(await ask(a, id, b.id), 409, 1022);
    expect((await setup(organizer, id, { slots: slots(1), tables: [] })).status).toBe(200);
    const outsider = await who(env, "alpha", "member", "Out");
    expectError(await agenda(outsider, id), 403, 1005);
    expectError(await ask(outsider, id, a.id), 403, 1005);
    expectError(await ask(a, id, outsider.id), 404, 1002);
    const off = await makeEvent(env, organizer);
    expect((await setup(organizer, off, { slots: slots(1), tables: [] })).status).toBe(200);
    for (const w of [a, b]) await ev.join(w, off);
    expectError(await ask(a, off, b.id), 409, 1022);

    // Without tables a meeting gets a slot only.
    const r = (await ask(a, id, b.id)).body;
    expect((await verb(b, id, r.id, "accept")).body).toMatchObject({ status: "ACCEPTED", table: null });

    // Another community's session: 401; another community's ids: 404.
    const beta = await who(env, "beta", "member", "Bea");
    expect((await agenda(beta, id, "alpha")).status).toBe(401);
    expect((await ask(beta, id, a.id, "alpha")).status).toBe(401);
    expect((await verb(beta, id, r.id, "cancel", "alpha")).status).toBe(401);
    expect((await env.request("GET", `/api/event/${id}/meetings/agenda.ics`, as(beta, "alpha"))).status).toBe(401);
    const betaEvent = await makeEvent(env, betaOrganizer, { networking: true });
    expectError(await agenda(a, betaEvent), 404, 1002);
    expectError(await ask(a, betaEvent, b.id), 404, 1002);
    const [x, y] = await attendees(betaEvent, 2, "beta");
    if (!x || !y) throw new Error("no attendees");
    expect((await setup(betaOrganizer, betaEvent, { slots: slots(1), tables: [] })).status).toBe(200);
    const theirs = (await ask(x, betaEvent, y.id)).body;
    expectError(await verb(b, id, theirs.id, "cancel"), 404, 1002);
    expectError(await verb(a, betaEvent, theirs.id, "accept"), 404, 1002);
  });
});

describe("webhooks", () => {
  it("meeting.scheduled on accept and meeting.cancelled on cancelling a booked 1:1, from the change's transaction", async () => {
    await env.db`insert into webhook_endpoints (community_id, url, events, secret) values ('alpha', 'https://hooks.example.org/in', '{meeting.scheduled,meeting.cancelled}', 'whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==')`;
    const id = await makeEvent(env, organizer, { networking: true });
    const s = slots(1);
    expect((await setup(organizer, id, { slots: s, tables: ["A"] })).status).toBe(200);
    const [a, b, c] = await attendees(id, 3);
    if (!a || !b || !c) throw new Error("no attendees");
    const r = (await ask(a, id, b.id)).body;
    const hooks = (meetingId: string) =>
      env.db<{ type: string; data: Record<string, unknown> }[]>`select event_type as type, payload->'data' as data from webhook_deliveries where community_id = 'alpha' and payload->'data'->>'meetingId' = ${meetingId} order by seq`;
    expect(await hooks(r.id)).toEqual([]);
    await verb(b, id, r.id, "accept");
    expect(await hooks(r.id)).toEqual([
      { type: "meeting.scheduled", data: { meetingId: r.id, kind: "event", eventId: id, participantIds: [a.id, b.id], startsAt: s[0]?.startsAt, endsAt: s[0]?.endsAt, table: "A", sequence: 0 } },
    ]);
    // A refused accept (the only table is taken) sends nothing.
    const r2 = (await ask(c, id, a.id)).body;
    expect((await verb(a, id, r2.id, "accept")).status).toBe(409);
    expect(await hooks(r2.id)).toEqual([]);
    await verb(a, id, r.id, "cancel");
    expect((await hooks(r.id)).map((h) => h.type)).toEqual(["meeting.scheduled", "meeting.cancelled"]);
    // Cancelling a request never booked is not an integrator's event.
    await verb(c, id, r2.id, "cancel");
    expect(await hooks(r2.id)).toEqual([]);
  });

  it("openapi.json documents both payloads", async () => {
    const doc = (await env.request<{ webhooks: Record<string, unknown> }>("GET", "/api/openapi.json")).body;
    expect(JSON.stringify(doc.webhooks["meeting.scheduled"])).toContain("Webhook_meeting_scheduled");
    expect(JSON.stringify(doc.webhooks["meeting.cancelled"])).toContain("Webhook_meeting_cancelled");
  });
});

describe("200 attendees, 8 slots, 20 tables, 50 requests at once", () => {
  it("never double-books a table or an attendee; every accept gets one slot or a 409", { timeout: 240_000 }, async () => {
    const id = await makeEvent(env, organizer, { networking: true });
    expect((await setup(organizer, id, { slots: slots(8), tables: Array.from({ length: 20 }, (_, i) => `T${i + 1}`) })).status).toBe(200);
    const people = await attendees(id, 200);
    // A ring (each asks the next two) and ten popular attendees asked by twelve others each:
    // the tables (160 seats) and the popular attendees' 8 slots both run out.
    const pairs: [Who, Who][] = [];
    people.forEach((p, i) => {
      for (const k of [1, 2]) pairs.push([p, people[(i + k) % people.length] as Who]);
    });
    for (let h = 0; h < 10; h++) for (let k = 0; k < 12; k++) {
        const [from, to] = [people[50 + h * 12 + k] as Who, people[h * 3 + 100] as Who];
        if (from !== to) pairs.push([from, to]);
      }

    const outcomes = await pool(
      pairs.map(([from, to]) => async () => {
        const req = await ask(from, id, to.id);
        if (req.status === 409) return { kind: "duplicate" as const };
        expect(req.status, JSON.stringify(req.body)).toBe(201);
        const res = await verb(to, id, req.body.id, "accept");
        return { kind: "accept" as const, id: req.body.id as string, status: res.status, body: res.body };
      }),
      50,
    );
    expect(outcomes.peak).toBeLessThanOrEqual(50);
    const accepts = outcomes.results.flatMap((r) => (r.kind === "accept" ? [r] : []));
    const ok = accepts.filter((r) => r.status === 200);
    const refused = accepts.filter((r) => r.status === 409);
    expect(ok.length + refused.length).toBe(accepts.length);
    for (const r of ok) expect(r.body).toMatchObject({ status: "ACCEPTED", startsAt: expect.any(String), table: expect.stringMatching(/^T\d+$/) });
    for (const r of refused) expect(r.body).toMatchObject({ code: 1003, msg: expect.stringContaining("free table") });
    expect(ok.length).toBeGreaterThan(100);
    expect(ok.length).toBeLessThanOrEqual(160);
    expect(refused.length).toBeGreaterThan(0);

    const doubleTables = await env.db`
      select slot_id, table_id from event_meetings where community_id = 'alpha' and event_id = ${id} and status = 'ACCEPTED'
      group by slot_id, table_id having count(*) > 1`;
    expect(doubleTables).toEqual([]);
    const doubleAttendees = await env.db`
      select slot_id, p from (
        select slot_id, requester_id as p from event_meetings where community_id = 'alpha' and event_id = ${id} and status = 'ACCEPTED'
        union all
        select slot_id, invitee_id from event_meetings where community_id = 'alpha' and event_id = ${id} and status = 'ACCEPTED'
      ) x group by slot_id, p having count(*) > 1`;
    expect(doubleAttendees).toEqual([]);
    const rows = await env.db<{ id: string; status: string; slotId: string | null; tableId: string | null }[]>`
      select id, status, slot_id as "slotId", table_id as "tableId" from event_meetings where community_id = 'alpha' and event_id = ${id}`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of ok) expect(byId.get(r.id)).toMatchObject({ status: "ACCEPTED", slotId: expect.any(String), tableId: expect.any(String) });
    for (const r of refused) expect(byId.get(r.id)).toMatchObject({ status: "REQUESTED", slotId: null });
    expect(rows.filter((r) => r.status === "ACCEPTED").length).toBe(ok.length);

    // Each refusal was right: nothing was ever cancelled, so a slot with a free table and both
    // attendees free at the end would have been free when it was refused.
    const counts = (await setup(organizer, id)).body as { slots: { accepted: number; tablesFree: number }[] };
    expect(counts.slots.reduce((n, s) => n + s.accepted, 0)).toBe(ok.length);
    const free = await env.db`
      select m.id from event_meetings m
      join event_meeting_slots s on s.community_id = m.community_id and s.event_id = m.event_id
      where m.community_id = 'alpha' and m.event_id = ${id} and m.id = any(${refused.map((r) => r.id)}::uuid[])
        and (select count(*) from event_meetings b where b.community_id = s.community_id and b.slot_id = s.id and b.status = 'ACCEPTED') < 20
        and not exists (select 1 from event_meetings b where b.community_id = s.community_id and b.slot_id = s.id and b.status = 'ACCEPTED'
                        and (b.requester_id in (m.requester_id, m.invitee_id) or b.invitee_id in (m.requester_id, m.invitee_id)))`;
    expect(free).toEqual([]);
  });
});
