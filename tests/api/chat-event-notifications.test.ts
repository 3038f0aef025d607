/**
 * Notifications fed by events: an organizer's approval (EVENT_APPROVED) and the reminder the day
 * before (EVENT_REMINDER), stored and live on the member's own topic, each once however often the
 * producer runs (like the e-mails).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventReminderJob } from "@tuesday/platform";
import { testEnvForFile } from "../support/harness.ts";
import { api, day, makeEvent, type Who, who } from "./events-helpers.ts";
import { json, type Served, serve, settled, stompConnect, wsUrl } from "./stomp-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let served: Served;
let organizer: Who;
beforeAll(async () => {
  served = await serve(env);
  organizer = await who(env, "alpha", "moderator", "Olga");
});
afterAll(async () => served?.close());

type N = { id: string; type: string; data: Record<string, string>; seen: boolean };
const notes = async (w: Who, type: string) =>
  ((await env.request("GET", "/api/notifications", { tenant: w.tenant, token: w.token })).body.items as N[]).filter((n) => n.type === type);

describe("EVENT_APPROVED", () => {
  it("arrives, stored and live on the member's topic, when an organizer approves; a join without approval notifies nothing", async () => {
    const id = await makeEvent(env, organizer, { title: "Approval night", date: day(10), approvalRequired: true });
    const m = await who(env, "alpha", "member", "Petra");
    const socket = await stompConnect(wsUrl(served, "alpha", m.token));
    const inbox = socket.subscribe(`/topic/notifications/${m.id}`);
    await inbox.ready;
    expect((await ev.join(m, id)).body).toMatchObject({ status: "PENDING", pendingReason: "APPROVAL" });
    expect(await notes(m, "EVENT_APPROVED")).toEqual([]);

    expect((await ev.approve(organizer, id, m.id)).body).toMatchObject({ status: "CONFIRMED" });
    const live = json(await inbox.nth(1));
    expect(live).toMatchObject({ type: "NOTIFICATION", notification: { type: "EVENT_APPROVED", data: { eventId: id, title: "Approval night" }, seen: false } });
    const stored = await notes(m, "EVENT_APPROVED");
    expect(stored).toEqual([live.notification]);
    await socket.close();

    // A member confirmed without approval (no approval required) gets no EVENT_APPROVED.
    const open = await makeEvent(env, organizer, { title: "Open night", date: day(10) });
    const o = await who(env, "alpha", "member", "Oscar");
    expect((await ev.join(o, open)).body).toMatchObject({ status: "CONFIRMED" });
    expect(await notes(o, "EVENT_APPROVED")).toEqual([]);
  });
});

describe("EVENT_REMINDER", () => {
  it("arrives with the day-before reminder, live and stored, once however often the job runs; not for a cancelled member", async () => {
    const id = await makeEvent(env, organizer, { title: "Reminder party", date: day(5) });
    const [a, b] = await Promise.all([who(env, "alpha", "member", "Rina"), who(env, "alpha", "member", "Ron")]);
    await ev.join(a, id);
    await ev.join(b, id);
    await ev.cancel(b, id);
    const socket = await stompConnect(wsUrl(served, "alpha", a.token));
    const inbox = socket.subscribe(`/topic/notifications/${a.id}`);
    await inbox.ready;

    await env.db`update pgboss.job set start_after = now() where name = 'event.reminder' and state = 'created' and data->>'eventId' = ${id}`;
    await env.drainJobs("event.reminder");
    const live = json(await inbox.nth(1));
    expect(live).toMatchObject({ type: "NOTIFICATION", notification: { type: "EVENT_REMINDER", data: { eventId: id, title: "Reminder party" } } });
    expect(await notes(a, "EVENT_REMINDER")).toEqual([live.notification]);
    expect(await notes(b, "EVENT_REMINDER")).toEqual([]);

    // The same job again (a retry): neither stored nor published twice.
    const [job] = await env.db<{ data: { startsAt: string } }[]>`
      select data from pgboss.job where name = 'event.reminder' and data->>'participantId' = ${a.id} and data->>'eventId' = ${id} limit 1`;
    await env.deps.jobs.send(eventReminderJob, { communityId: "alpha", eventId: id, participantId: a.id, startsAt: job?.data.startsAt ?? "" });
    await env.drainJobs("event.reminder");
    await settled(env.deps, socket);
    expect(inbox.messages).toHaveLength(1);
    expect(await notes(a, "EVENT_REMINDER")).toHaveLength(1);
    await socket.close();
  });
});
