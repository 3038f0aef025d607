import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { api, day, expectError, makeEvent, type Who, who } from "./events-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let organizer: Who;
let admin: Who;
beforeAll(async () => {
  [organizer, admin] = await Promise.all([who(env, "alpha", "moderator", "Olga"), who(env, "alpha", "admin", "Ada")]);
});

const status = async (w: Who, eventId: string) => (await ev.participation(w, w.id, eventId)).body;

describe("asking to join (spec 4.5)", () => {
  it("no approval: CONFIRMED; cancel: CANCELLED; join again: CONFIRMED", async () => {
    const id = await makeEvent(env, organizer);
    const m = await who(env, "alpha");
    expect((await status(m, id)).status).toBe("NOT_PARTICIPATING");
    const joined = await ev.join(m, id);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ eventId: id, participantId: m.id, status: "CONFIRMED", pendingReason: null, paymentStatus: "NONE" });
    expect((await ev.get(m, id)).body).toMatchObject({ confirmedCount: 1, myParticipation: { status: "CONFIRMED" } });
    expect((await ev.cancel(m, id)).body).toMatchObject({ status: "CANCELLED" });
    expect((await status(m, id)).status).toBe("CANCELLED");
    expect((await ev.join(m, id)).body).toMatchObject({ status: "CONFIRMED" });
  });

  it("approval required: PENDING (APPROVAL); approve: CONFIRMED; reject: REJECTED; approve again: CONFIRMED", async () => {
    const id = await makeEvent(env, organizer, { approvalRequired: true });
    const m = await who(env, "alpha");
    expect((await ev.join(m, id)).body).toMatchObject({ status: "PENDING", pendingReason: "APPROVAL" });
    expect((await ev.approve(organizer, id, m.id)).body).toMatchObject({ status: "CONFIRMED", pendingReason: null });
    expect((await ev.reject(organizer, id, m.id)).body).toMatchObject({ status: "REJECTED" });
    expect((await ev.approve(admin, id, m.id)).body).toMatchObject({ status: "CONFIRMED" });
    const m2 = await who(env, "alpha");
    await ev.join(m2, id);
    expect((await ev.reject(organizer, id, m2.id)).body).toMatchObject({ status: "REJECTED" });
    expect((await status(m2, id)).status).toBe("REJECTED");
    const actions = await env.db<{ action: string }[]>`
      select action from audit_events where target_type = 'event_participation' and target_id like ${`${id}:%`} order by id`;
    expect(actions.map((a) => a.action)).toEqual([
      "event_participation.approve",
      "event_participation.reject",
      "event_participation.approve",
      "event_participation.reject",
    ]);
  });

  it("refuses illegal transitions with 409 (1022) and a clear message", async () => {
    const id = await makeEvent(env, organizer, { approvalRequired: true });
    const m = await who(env, "alpha");
    expectError(await ev.cancel(m, id), 409, 1022, "You do not take part in this event");
    expectError(await ev.approve(organizer, id, m.id), 404, 1002, "This member has not asked to join this event");
    expectError(await ev.reject(organizer, id, m.id), 404, 1002);
    await ev.join(m, id);
    expectError(await ev.join(m, id), 409, 1022, "You already take part in this event (PENDING)");
    await ev.approve(organizer, id, m.id);
    expectError(await ev.join(m, id), 409, 1022, "You already take part in this event (CONFIRMED)");
    expectError(await ev.approve(organizer, id, m.id), 409, 1022, "This participation is already confirmed");
    await ev.reject(organizer, id, m.id);
    expectError(await ev.reject(organizer, id, m.id), 409, 1022, "This participation is already rejected");
    expectError(await ev.join(m, id), 409, 1022, "The organizers declined your participation in this event");
    expectError(await ev.cancel(m, id), 409, 1022, "You do not take part in this event");

    const m2 = await who(env, "alpha");
    await ev.join(m2, id);
    await ev.cancel(m2, id);
    expectError(await ev.cancel(m2, id), 409, 1022, "Your participation is already cancelled");
    expectError(await ev.approve(organizer, id, m2.id), 409, 1022, /cancelled/);
    expectError(await ev.reject(organizer, id, m2.id), 409, 1022, /cancelled/);
  });

  it("an ended event takes no joins or cancellations (409)", async () => {
    const id = await makeEvent(env, organizer, { date: day(-2) });
    const m = await who(env, "alpha");
    expect((await ev.get(m, id)).body.hasEnded).toBe(true);
    expectError(await ev.join(m, id), 409, 1022, "The event has ended");
    expectError(await ev.cancel(m, id), 409, 1022, "The event has ended");
  });

  it("members cannot approve, reject or set statuses (403); the participant must exist (404)", async () => {
    const id = await makeEvent(env, organizer, { approvalRequired: true });
    const [m, other] = await Promise.all([who(env, "alpha"), who(env, "alpha")]);
    await ev.join(m, id);
    expectError(await ev.approve(other, id, m.id), 403, 1005);
    expectError(await ev.reject(m, id, m.id), 403, 1005);
    expectError(await ev.setStatus(m, id, m.id, "CONFIRMED"), 403, 1005);
    expectError(await ev.approve(organizer, id, "00000000-0000-4000-8000-000000000000"), 404, 1002, "Participant not found");
    expectError(await ev.setStatus(organizer, id, m.id, "MAYBE"), 400, 1001);
  });
});

describe("POST /event/{id}/participant/{pid}/status/{status}", () => {
  it("goes through the same transitions: every status from every state", async () => {
    const id = await makeEvent(env, organizer);
    const m = await who(env, "alpha");
    const set = (s: string) => ev.setStatus(organizer, id, m.id, s);
    expectError(await set("CONFIRMED"), 404, 1002);
    await ev.join(m, id);
    expectError(await set("CONFIRMED"), 409, 1022, "This participation is already confirmed");
    expect((await set("PENDING")).body).toMatchObject({ status: "PENDING", pendingReason: "APPROVAL" });
    expectError(await set("PENDING"), 409, 1022, "This participation is already pending");
    expect((await set("REJECTED")).body).toMatchObject({ status: "REJECTED" });
    expectError(await set("REJECTED"), 409, 1022);
    expectError(await set("CANCELLED"), 409, 1022);
    expect((await set("PENDING")).body).toMatchObject({ status: "PENDING" });
    expect((await set("CONFIRMED")).body).toMatchObject({ status: "CONFIRMED" });
    expect((await set("CANCELLED")).body).toMatchObject({ status: "CANCELLED" });
    expectError(await set("CANCELLED"), 409, 1022, "The participation is already CANCELLED");
    expectError(await set("CONFIRMED"), 409, 1022, /cancelled/);
    expectError(await set("PENDING"), 409, 1022, /cancelled/);
    expectError(await set("REJECTED"), 409, 1022, /cancelled/);
    const [row] = await env.db<{ n: number }[]>`
      select count(*)::int as n from audit_events where action = 'event_participation.set_status' and target_id = ${`${id}:${m.id}`}`;
    expect(row?.n).toBe(5);
  });
});

describe("GET /event/participations/{participantId}/{eventId}", () => {
  it("a member sees their own; an organizer anyone's; a member another's is 403; ids of another community 404", async () => {
    const id = await makeEvent(env, organizer, { slug: "lookup-event" });
    const [m, other, betaAdmin] = await Promise.all([who(env, "alpha"), who(env, "alpha"), who(env, "beta", "admin")]);
    await ev.join(m, id);
    expect((await ev.participation(m, m.id, "lookup-event")).body).toMatchObject({ status: "CONFIRMED", eventId: id });
    expect((await ev.participation(organizer, m.id, id)).body).toMatchObject({ status: "CONFIRMED" });
    expect((await ev.participation(organizer, other.id, id)).body).toMatchObject({ status: "NOT_PARTICIPATING", joinedAt: null });
    expectError(await ev.participation(other, m.id, id), 403, 1005);
    expectError(await ev.participation(betaAdmin, betaAdmin.id, id), 404, 1002);
    expectError(await ev.participation(organizer, betaAdmin.id, id), 404, 1002);
  });
});

describe("capacity and the waitlist", () => {
  it("a full event puts members on the waitlist (PENDING, WAITLIST) in order; a cancellation moves the first up", async () => {
    const id = await makeEvent(env, organizer, { maxParticipants: 2 });
    const ms = await Promise.all([1, 2, 3, 4].map((i) => who(env, "alpha", "member", `Wait${i}`)));
    const [a, b, c, d] = ms as [Who, Who, Who, Who];
    expect((await ev.join(a, id)).body.status).toBe("CONFIRMED");
    expect((await ev.join(b, id)).body.status).toBe("CONFIRMED");
    expect((await ev.join(c, id)).body).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 1 });
    expect((await ev.join(d, id)).body).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 2 });
    expect((await ev.get(d, id)).body).toMatchObject({ confirmedCount: 2, spotsLeft: 0, myParticipation: { status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 2 } });

    expect((await ev.cancel(a, id)).body.status).toBe("CANCELLED");
    expect((await status(c, id)).status).toBe("CONFIRMED");
    expect(await status(d, id)).toMatchObject({ status: "PENDING", waitlistPosition: 1 });

    // A rejection of a confirmed member frees a place too.
    await ev.reject(organizer, id, b.id);
    expect((await status(d, id)).status).toBe("CONFIRMED");

    // Joining again after cancelling queues at the back.
    expect((await ev.join(a, id)).body).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 1 });
    // The organizer cannot approve past the limit.
    expectError(await ev.approve(organizer, id, a.id), 409, 1023, "The event is full");
    // Raising the limit moves the waitlist up; lowering it below the confirmed count is refused.
    expectError(await ev.patch(organizer, id, { maxParticipants: 1 }), 400, 1001, /cannot be lower/);
    await ev.patch(organizer, id, { maxParticipants: 3 });
    expect((await status(a, id)).status).toBe("CONFIRMED");
  });

  it("approval required and full: approving puts the request on the waitlist (PENDING, WAITLIST) in approval order; a cancellation moves it up", async () => {
    const id = await makeEvent(env, organizer, { maxParticipants: 1, approvalRequired: true });
    const [a, b, c, d] = (await Promise.all([1, 2, 3, 4].map((i) => who(env, "alpha", "member", `Appr${i}`)))) as [Who, Who, Who, Who];
    for (const m of [a, b, c, d]) expect((await ev.join(m, id)).body).toMatchObject({ status: "PENDING", pendingReason: "APPROVAL" });
    expect((await ev.approve(organizer, id, a.id)).body).toMatchObject({ status: "CONFIRMED" });
    // The event is full: approving is no 409 but a place on the waitlist, in the order of approval.
    expect((await ev.approve(organizer, id, c.id)).body).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 1 });
    expect((await ev.setStatus(organizer, id, b.id, "CONFIRMED")).body).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 2 });
    expect(await status(d, id)).toMatchObject({ status: "PENDING", pendingReason: "APPROVAL", waitlistPosition: null });
    expect((await ev.get(c, id)).body).toMatchObject({ confirmedCount: 1, spotsLeft: 0, myParticipation: { status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 1 } });
    // Already waitlisted: it waits for a place; approving it again cannot pass the limit.
    expectError(await ev.approve(organizer, id, c.id), 409, 1023, "The event is full");
    const mails = await env.db<{ n: number }[]>`
      select count(*)::int as n from mail_outbox where dedupe_key like ${`event:${id}:${c.id}:waitlist:%`}`;
    expect(mails[0]?.n).toBe(1);

    // A cancellation moves the first approved up; a request never approved does not move.
    expect((await ev.cancel(a, id)).body.status).toBe("CANCELLED");
    expect(await status(c, id)).toMatchObject({ status: "CONFIRMED", pendingReason: null });
    expect(await status(b, id)).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 1 });
    expect(await status(d, id)).toMatchObject({ status: "PENDING", pendingReason: "APPROVAL" });
    // The organizer rejecting a confirmed member frees the place as well.
    await ev.reject(organizer, id, c.id);
    expect((await status(b, id)).status).toBe("CONFIRMED");
    // Rejected then reconsidered on a full event: on the waitlist again, at the back.
    expect((await ev.approve(organizer, id, c.id)).body).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 1 });
  });

  it("approval required: 30 simultaneous approvals, then cancellations and approvals at once, never pass maxParticipants 10", async () => {
    const id = await makeEvent(env, organizer, { maxParticipants: 10, approvalRequired: true });
    const members = await Promise.all(Array.from({ length: 36 }, (_, i) => who(env, "alpha", "member", `Asker${i}`)));
    const asked = await Promise.all(members.map((m) => ev.join(m, id)));
    expect(asked.every((r) => r.status === 200 && r.body.pendingReason === "APPROVAL")).toBe(true);
    const first = members.slice(0, 30);
    const approved = await Promise.all(first.map((m) => ev.approve(organizer, id, m.id)));
    expect(approved.every((r) => r.status === 200)).toBe(true);
    const outcome = approved.map((r) => `${r.body.status}:${r.body.pendingReason}`);
    expect(outcome.filter((s) => s === "CONFIRMED:null")).toHaveLength(10);
    expect(outcome.filter((s) => s === "PENDING:WAITLIST")).toHaveLength(20);
    expect(new Set(approved.filter((r) => r.body.status === "PENDING").map((r) => r.body.waitlistPosition)).size).toBe(20);

    // Five confirmed cancel while the six never approved are approved, all at once.
    const confirmedOnes = first.filter((_, i) => approved[i]?.body.status === "CONFIRMED").slice(0, 5);
    const mixed = await Promise.all([...confirmedOnes.map((m) => ev.cancel(m, id)), ...members.slice(30).map((m) => ev.approve(organizer, id, m.id))]);
    expect(mixed.every((r) => r.status === 200)).toBe(true);
    const rows = await env.db<{ status: string; reason: string | null; n: number }[]>`
      select status, pending_reason as reason, count(*)::int as n from event_participations where event_id = ${id}
      group by status, pending_reason order by status, pending_reason`;
    expect(rows).toEqual([
      { status: "CANCELLED", reason: null, n: 5 },
      { status: "CONFIRMED", reason: null, n: 10 },
      { status: "PENDING", reason: "WAITLIST", n: 21 },
    ]);
  });

  it("50 simultaneous joins on an event with maxParticipants 10: exactly 10 CONFIRMED, 40 waitlisted", async () => {
    const id = await makeEvent(env, organizer, { maxParticipants: 10 });
    const members = await Promise.all(Array.from({ length: 50 }, (_, i) => who(env, "alpha", "member", `Joiner${i}`)));
    const results = await Promise.all(members.map((m) => ev.join(m, id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const statuses = results.map((r) => `${r.body.status}:${r.body.pendingReason}`);
    expect(statuses.filter((s) => s === "CONFIRMED:null")).toHaveLength(10);
    expect(statuses.filter((s) => s === "PENDING:WAITLIST")).toHaveLength(40);
    const rows = await env.db<{ status: string; n: number }[]>`
      select status, count(*)::int as n from event_participations where event_id = ${id} group by status order by status`;
    expect(rows).toEqual([
      { status: "CONFIRMED", n: 10 },
      { status: "PENDING", n: 40 },
    ]);
    const positions = results.filter((r) => r.body.status === "PENDING").map((r) => r.body.waitlistPosition);
    expect(new Set(positions).size).toBe(40);
  });
});

describe("paid events", () => {
  it("join: PENDING (PAYMENT) with the payment link; the organizer confirms the payment: CONFIRMED, or on to approval", async () => {
    const id = await makeEvent(env, organizer, { paid: true, price: 20, paymentLink: "https://pay.example.com/e1" });
    const m = await who(env, "alpha");
    const joined = await ev.join(m, id);
    expect(joined.body).toMatchObject({ status: "PENDING", pendingReason: "PAYMENT", paymentStatus: "AWAITING", paymentLink: "https://pay.example.com/e1" });
    expectError(await ev.confirmPayment(m, id, m.id), 403, 1005);
    const paid = await ev.confirmPayment(organizer, id, m.id);
    expect(paid.body).toMatchObject({ status: "CONFIRMED", paymentStatus: "PAID", paymentLink: null });
    expectError(await ev.confirmPayment(organizer, id, m.id), 409, 1022, "The payment is already confirmed");
    // Cancelling keeps the payment; joining again needs no second payment.
    await ev.cancel(m, id);
    expect((await ev.join(m, id)).body).toMatchObject({ status: "CONFIRMED", paymentStatus: "PAID" });

    const approval = await makeEvent(env, organizer, { paid: true, price: 5, paymentLink: "https://pay.example.com/e2", approvalRequired: true });
    const m2 = await who(env, "alpha");
    await ev.join(m2, approval);
    expect((await ev.confirmPayment(organizer, approval, m2.id)).body).toMatchObject({ status: "PENDING", pendingReason: "APPROVAL", paymentStatus: "PAID" });
    expect((await ev.approve(organizer, approval, m2.id)).body).toMatchObject({ status: "CONFIRMED" });

    const free = await makeEvent(env, organizer);
    await ev.join(m2, free);
    expectError(await ev.confirmPayment(organizer, free, m2.id), 409, 1022, /free/);
  });
});

describe("paid and full", () => {
  it("a full paid event puts a member on the waitlist with nothing to pay; a freed place asks the first on the waitlist to pay", async () => {
    const id = await makeEvent(env, organizer, { paid: true, price: 15, paymentLink: "https://pay.example.com/full", maxParticipants: 1 });
    const [a, b, c] = await Promise.all([who(env, "alpha"), who(env, "alpha"), who(env, "alpha")]);
    // a is asked to pay: the offer holds the one place, so b waits without a payment link.
    expect((await ev.join(a, id)).body).toMatchObject({ status: "PENDING", pendingReason: "PAYMENT", paymentStatus: "AWAITING" });
    expect((await ev.get(b, id)).body).toMatchObject({ spotsLeft: 0 });
    expect((await ev.join(b, id)).body).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", paymentStatus: "NONE", paymentLink: null, waitlistPosition: 1 });
    expect((await ev.confirmPayment(organizer, id, a.id)).body).toMatchObject({ status: "CONFIRMED", paymentStatus: "PAID" });
    expect((await ev.join(c, id)).body).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", paymentStatus: "NONE", waitlistPosition: 2 });
    // a cancels: the place is offered to b, who is asked to pay now; c stays second in line.
    await ev.cancel(a, id);
    expect(await status(b, id)).toMatchObject({ status: "PENDING", pendingReason: "PAYMENT", paymentStatus: "AWAITING", paymentLink: "https://pay.example.com/full" });
    expect(await status(c, id)).toMatchObject({ status: "PENDING", pendingReason: "WAITLIST", waitlistPosition: 1 });
    const offers = await env.db<{ n: number }[]>`
      select count(*)::int as n from event_participations where event_id = ${id} and status = 'PENDING' and pending_reason = 'PAYMENT'`;
    expect(offers[0]?.n).toBe(1);
    // b lets the offer go: it moves on to c.
    await ev.cancel(b, id);
    expect(await status(c, id)).toMatchObject({ status: "PENDING", pendingReason: "PAYMENT", paymentStatus: "AWAITING" });
    expect((await ev.confirmPayment(organizer, id, c.id)).body).toMatchObject({ status: "CONFIRMED", paymentStatus: "PAID" });
    expect((await ev.get(c, id)).body).toMatchObject({ confirmedCount: 1, spotsLeft: 0 });
  });
});

describe("GET /event/{id}/participants/confirmed", () => {
  it("pages the confirmed participants with hasMore", async () => {
    const id = await makeEvent(env, organizer, { approvalRequired: true });
    const ms = await Promise.all([1, 2, 3].map((i) => who(env, "alpha", "member", `Att${i}`)));
    for (const m of ms) await ev.join(m, id);
    for (const m of ms.slice(0, 2)) await ev.approve(organizer, id, m.id);
    const p0 = await ev.confirmed(ms[2] as Who, id, "?page=0&size=1");
    expect(p0.body).toMatchObject({ page: 0, size: 1, hasMore: true, items: [{ id: ms[0]?.id, firstName: "Att1", lastName: "Person", avatarUrl: null }] });
    const p1 = await ev.confirmed(ms[2] as Who, id, "?page=1&size=1");
    expect(p1.body).toMatchObject({ hasMore: false, items: [{ id: ms[1]?.id }] });
    const all = await ev.confirmed(ms[2] as Who, id);
    expect(all.body.items).toHaveLength(2);
    const betaAdmin = await who(env, "beta", "admin");
    expectError(await ev.confirmed(betaAdmin, id), 404, 1002);
  });
});
