/** Attendee matchmaking (issue 12 point 8): GET /api/event/{id}/recommendations. */
import { invalidateCommunityModel } from "@tuesday/platform";
import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { api, expectError, makeEvent, type Who, who } from "./events-helpers.ts";
import { arrangeMatch, member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let organizer: Who;
beforeAll(async () => {
  organizer = await who(env, "alpha", "moderator", "Olga");
});

const TAGS = ["fintech", "payments", "startups"];
const attendee = async (tenant = "alpha", name = "Ann") => {
  const m = await member(env, tenant, { firstName: name, tags: TAGS, city: "Berlin", lookingForText: "investors for a fintech startup" });
  return { ...m, id: m.participantId ?? "" } as Who;
};
const recs = (w: Who | undefined, id: string, tenant?: string) =>
  env.request("GET", `/api/event/${id}/recommendations`, { tenant: tenant ?? w?.tenant ?? "alpha", token: w?.token });
const ids = (body: { items: { participant: { id: string } }[] }) => body.items.map((i) => i.participant.id).sort();

async function joined(id: string, ...ws: Who[]) {
  for (const w of ws) expect((await ev.join(w, id)).body).toMatchObject({ status: "CONFIRMED" });
  invalidateCommunityModel();
}

describe("recommended contacts among the confirmed attendees", () => {
  it("ranks the other confirmed attendees with reasons, never a pair that already had a match", async () => {
    const id = await makeEvent(env, organizer, { networking: true });
    const [a, b, c, d, notJoined, pending] = await Promise.all([attendee(), attendee(), attendee(), attendee(), attendee(), attendee()]);
    await joined(id, a, b, c, d);
    await ev.join(pending, id);
    await ev.cancel(pending, id);
    await arrangeMatch(env, "alpha", a.id, b.id, { source: "WEEKLY" });
    invalidateCommunityModel();

    const res = await recs(a, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ eventId: id, networking: true, opensAt: null, unavailable: null });
    // b is an earlier pair; the organizer did not join; notJoined and the cancelled member are not attendees.
    expect(ids(res.body)).toEqual([c.id, d.id].sort());
    expect(ids(res.body)).not.toContain(notJoined.id);
    for (const item of res.body.items) {
      expect(item.score).toBeGreaterThan(0);
      expect(item.reasonDetails).toContainEqual(expect.objectContaining({ kind: "shared_tags" }));
      expect(item.reasons.length).toBeGreaterThan(0);
    }
    // The exclusion holds from both sides.
    expect(ids((await recs(b, id)).body)).toEqual([c.id, d.id].sort());
    expect(ids((await recs(c, id)).body)).toEqual([a.id, b.id, d.id].sort());
  });

  it("accepts the event's slug, and excludes a member the caller marked not interested", async () => {
    const id = await makeEvent(env, organizer, { networking: true, slug: `net-${Date.now()}` });
    const slug = (await ev.get(organizer, id)).body.slug as string;
    const [a, b, c] = await Promise.all([attendee(), attendee(), attendee()]);
    await joined(id, a, b, c);
    await env.db`insert into relations (community_id, participant_id, subject_id, relation_type) values ('alpha', ${c.id}, ${a.id}, 'DISLIKE')`;
    invalidateCommunityModel();
    expect(ids((await recs(a, slug)).body)).toEqual([b.id]);
  });

  it("says why there is nothing: networking off, or not open yet", async () => {
    const off = await makeEvent(env, organizer);
    const later = await makeEvent(env, organizer, { networking: true, networkingOpensHours: 2 });
    const [a, b] = await Promise.all([attendee(), attendee()]);
    await joined(off, a, b);
    await joined(later, a, b);
    expect((await recs(a, off)).body).toMatchObject({ networking: false, unavailable: "NETWORKING_OFF", items: [] });
    const res = await recs(a, later);
    expect(res.body).toMatchObject({ networking: true, unavailable: "NOT_OPEN_YET", items: [] });
    const event = (await ev.get(a, later)).body;
    expect(new Date(res.body.opensAt).getTime()).toBe(new Date(event.eventDateTime).getTime() - 2 * 3_600_000);
    expect(event).toMatchObject({ networking: true, networkingOpensHours: 2 });
    // Opening the window (0 hours before = from the start; null = now) shows them.
    expect((await ev.patch(organizer, later, { networkingOpensHours: null })).status).toBe(200);
    expect(ids((await recs(a, later)).body)).toEqual([b.id]);
  });

  it("validates the networking fields", async () => {
    const id = await makeEvent(env, organizer);
    expectError(await ev.patch(organizer, id, { networkingOpensHours: -1 }), 400, 1001);
    expectError(await ev.patch(organizer, id, { networkingOpensHours: 1.5 }), 400, 1001);
    expectError(await ev.patch(organizer, id, { networking: "yes" }), 400, 1001);
    expect((await ev.patch(organizer, id, { networking: true, networkingOpensHours: 24 })).body).toMatchObject({ networking: true, networkingOpensHours: 24 });
  });
});

describe("who may ask", () => {
  it("only confirmed attendees: pending, cancelled, never joined and organizers get 403; signed out 401", async () => {
    const id = await makeEvent(env, organizer, { networking: true, approvalRequired: true });
    const [pending, cancelled, never] = await Promise.all([attendee(), attendee(), attendee()]);
    expect((await ev.join(pending, id)).body).toMatchObject({ status: "PENDING" });
    await ev.join(cancelled, id);
    await ev.approve(organizer, id, cancelled.id);
    await ev.cancel(cancelled, id);
    for (const w of [pending, cancelled, never, organizer]) expectError(await recs(w, id), 403, 1005);
    expectError(await recs(undefined, id), 401, 1004);
    expectError(await recs(pending, "no-such-event"), 404, 1002);
  });

  it("cross-tenant: a member of community B never reads A's event recommendations", async () => {
    const id = await makeEvent(env, organizer, { networking: true });
    const [a, b] = await Promise.all([attendee(), attendee()]);
    await joined(id, a, b);
    const betaMember = await attendee("beta", "Bea");
    // On B's host A's event does not exist; on A's host B's session is not accepted (sessions are per community).
    expectError(await recs(betaMember, id, "beta"), 404, 1002);
    const onAlpha = await recs(betaMember, id, "alpha");
    expect(onAlpha.status).toBe(401);
    expect(onAlpha.body).not.toHaveProperty("items");
    // A's member's token on B's host gets nothing of A either.
    const onBeta = await recs(a, id, "beta");
    expect([401, 404]).toContain(onBeta.status);
    expect(onBeta.body).not.toHaveProperty("items");
    expect(ids((await recs(a, id)).body)).toEqual([b.id]);
  });
});
