/**
 * Issue 26: the webhook events of members leaving, intros, the weekly matches and meeting feedback.
 * Each is received by a real HTTP receiver, verified with the standardwebhooks package, and its body
 * checked against openapi.json's webhooks section with objects closed (a private field fails).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { emitWebhooks, runWeeklyPairing, withTx } from "@tuesday/platform";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkWebhookPayload } from "../support/contract.ts";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser, joinAs } from "../support/users.ts";
import { arrangeMatch, type Member, member } from "./matching-api-helpers.ts";
import { ctxFor, makeMember } from "./matching-weekly-helpers.ts";

const env = await testEnvForFile({ config: { webhookRetryDelaysSeconds: [0, 0, 0], webhookAllowPrivate: true } });

type Received = { headers: IncomingHttpHeaders; body: string; path: string };
const received: Received[] = [];
const server: Server = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => {
    body += c.toString("utf8");
  });
  req.on("end", () => {
    received.push({ headers: req.headers, body, path: req.url ?? "" });
    res.statusCode = 200;
    res.end("ok");
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const TENANT = "hooked";
let admin: Member;
beforeAll(async () => {
  await env.addTenants(tenantFixture(TENANT), tenantFixture("hooked2"), tenantFixture("weekhook"));
  admin = await member(env, TENANT, { firstName: "Ada", lastName: "Admin" }, "admin");
});
beforeEach(async () => {
  received.length = 0;
  await env.db`delete from webhook_endpoints`;
});

type Event = { type: string; communityId: string; data: Record<string, unknown> };
type Hook = { id: string; secret: string; path: string };

async function register(tenant: string, token: string, events: string[]): Promise<Hook> {
  const path = `/${tenant}/${Math.random().toString(36).slice(2)}`;
  const res = await env.request<{ id: string; secret: string }>("POST", `/api/admin/${tenant}/webhooks`, { tenant, token, body: { url: `${base}${path}`, events } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, path };
}

/** What `hook` received, verified with its secret and checked against the document. */
function eventsOf(hook: Hook): Event[] {
  return received
    .filter((r) => r.path === hook.path)
    .map((r) => {
      const headers = { "webhook-id": String(r.headers["webhook-id"]), "webhook-timestamp": String(r.headers["webhook-timestamp"]), "webhook-signature": String(r.headers["webhook-signature"]) };
      const event = new Webhook(hook.secret).verify(r.body, headers) as Event;
      checkWebhookPayload(event);
      return event;
    });
}

describe("member.left", () => {
  it("a deleted account is announced to each community it left, with ids only; a refused deletion announces nothing", async () => {
    const leaver = await createUser(env, { tenant: TENANT, profile: { firstName: "Lena", lastName: "Leaver" } });
    const other = await joinAs(env, leaver.user.id, "hooked2");
    const admin2 = await member(env, "hooked2", {}, "admin");
    const here = await register(TENANT, admin.token, ["member.left"]);
    const there = await register("hooked2", admin2.token, ["member.left", "member.joined"]);

    const refused = await env.request("DELETE", `/api/users/delete/${leaver.user.id}`, { tenant: TENANT, token: leaver.token, body: { password: "not-the-password-1!" } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await env.drainJobs();
    expect(received).toHaveLength(0);

    const res = await env.request("DELETE", `/api/users/delete/${leaver.user.id}`, { tenant: TENANT, token: leaver.token, body: { password: leaver.password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await env.drainJobs();
    expect(eventsOf(here)).toEqual([
      expect.objectContaining({ type: "member.left", communityId: TENANT, data: { participantId: leaver.participantId, userId: leaver.user.id, firstName: null, lastName: null, status: "left" } }),
    ]);
    expect(eventsOf(there)).toEqual([expect.objectContaining({ type: "member.left", communityId: "hooked2", data: expect.objectContaining({ participantId: other.participantId }) })]);
    expect(received.map((r) => r.body).join("")).not.toContain("Leaver");
  });
});

describe("intro.sent and intro.accepted", () => {
  it("are sent in order, without the intro's message; a declined intro sends no intro.accepted", async () => {
    const hook = await register(TENANT, admin.token, ["intro.sent", "intro.accepted"]);
    const sender = await member(env, TENANT, { firstName: "Sam", lastName: "Sender" });
    const to = await member(env, TENANT, { firstName: "Rita", lastName: "Recipient" });
    const match = await arrangeMatch(env, TENANT, sender.id, to.id, { source: "WEEKLY" });
    const sent = await env.request<{ request: { id: string } }>("POST", "/api/matching/send-intro", {
      tenant: TENANT,
      token: sender.token,
      body: { from: sender.id, matchingResultId: match.resultA, introMessage: "A private hello for Rita" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const introId = sent.body.request.id;
    const answered = await env.request("POST", `/api/requests/${introId}/answer`, { tenant: TENANT, token: to.token, body: { answer: "ACCEPTED", message: "Gladly" } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    await env.drainJobs();
    const intro = { introId, fromParticipantId: sender.id, toParticipantId: to.id, matchingResultId: match.resultA };
    expect(eventsOf(hook).map((e) => [e.type, e.data])).toEqual([
      ["intro.sent", { ...intro, status: "PENDING" }],
      ["intro.accepted", { ...intro, status: "ACCEPTED" }],
    ]);
    expect(received.map((r) => r.body).join("")).not.toContain("private hello");

    received.length = 0;
    const third = await member(env, TENANT, { firstName: "Tom", lastName: "Third" });
    const m2 = await arrangeMatch(env, TENANT, sender.id, third.id, { source: "WEEKLY" });
    const sent2 = await env.request<{ request: { id: string } }>("POST", "/api/matching/send-intro", { tenant: TENANT, token: sender.token, body: { from: sender.id, matchingResultId: m2.resultA, introMessage: "Hi" } });
    await env.request("POST", `/api/requests/${sent2.body.request.id}/answer`, { tenant: TENANT, token: third.token, body: { answer: "DECLINED" } });
    await env.drainJobs();
    expect(eventsOf(hook).map((e) => e.type)).toEqual(["intro.sent"]);
  });
});

describe("meeting.feedback", () => {
  it("sends the rating or 'did not meet', never the notes, each time it is given", async () => {
    const hook = await register(TENANT, admin.token, ["meeting.feedback"]);
    const a = await member(env, TENANT, { firstName: "Fay" });
    const b = await member(env, TENANT, { firstName: "Gus" });
    const match = await arrangeMatch(env, TENANT, a.id, b.id, { source: "WEEKLY", daysAgo: 8 });
    const rate = (body: object) => env.request("POST", "/api/matching/update-score", { tenant: TENANT, token: a.token, body: { matchingId: match.resultA, ...body } });
    expect((await rate({ score: 4, notes: "Secret notes about Gus" })).status).toBe(200);
    expect((await rate({ score: null, noMeeting: true })).status).toBe(200);
    await env.drainJobs();
    const common = { matchId: match.matchId, matchingResultId: match.resultA, participantId: a.id, subjectId: b.id };
    expect(eventsOf(hook).map((e) => e.data)).toEqual([
      { ...common, score: 4, noMeeting: false },
      { ...common, score: null, noMeeting: true },
    ]);
    expect(received.map((r) => r.body).join("")).not.toContain("Secret notes");
  });
});

describe("match.created", () => {
  it("the weekly run sends one event per stored pair, with whom it is shown to; a rerun sends nothing", async () => {
    const weekAdmin = await member(env, "weekhook", { complete: false }, "admin");
    const hook = await register("weekhook", weekAdmin.token, ["match.created"]);
    // Five matchable members (the admin is not complete): two pairs and the odd one's recommendation.
    for (let i = 0; i < 5; i++) await makeMember(env, i, { tenant: "weekhook" });
    const ctx = ctxFor(env, await env.deps.tenants.require("weekhook"));
    const week = "2030-01-08";
    const report = await runWeeklyPairing(ctx, { communityId: "weekhook", week, mail: false });
    expect(report.stored.matches).toBeGreaterThan(0);
    await env.drainJobs();
    const stored = await env.db<{ id: string; source: string; low: string; high: string }[]>`
      select id, source, participant_low as low, participant_high as high from matches where community_id = 'weekhook' and week = ${week}::date`;
    const results = await env.db<{ matchId: string; participantId: string }[]>`
      select match_id as "matchId", participant_id as "participantId" from matching_results where community_id = 'weekhook'`;
    const events = eventsOf(hook);
    expect(events.map((e) => e.type).every((t) => t === "match.created")).toBe(true);
    expect(events.map((e) => e.data).sort((x, y) => String(x.matchId).localeCompare(String(y.matchId)))).toEqual(
      stored
        .sort((x, y) => x.id.localeCompare(y.id))
        .map((m) => ({
          matchId: m.id,
          week,
          source: m.source,
          participantIds: [m.low, m.high],
          shownTo: expect.arrayContaining(results.filter((r) => r.matchId === m.id).map((r) => r.participantId)),
        })),
    );
    expect(stored.some((m) => m.source === "ODD_OUT")).toBe(true);
    const oddOut = events.find((e) => e.data.source === "ODD_OUT");
    expect(oddOut?.data.shownTo).toHaveLength(1);

    received.length = 0;
    const again = await runWeeklyPairing(ctx, { communityId: "weekhook", week, mail: false });
    expect(again.alreadyRun).toBe(true);
    await env.drainJobs();
    expect(received).toHaveLength(0);
  });
});

describe("many events at once (emitWebhooks, a weekly run's matches)", () => {
  it("queue a delivery and a job per event for each enabled endpoint that takes the type, in the events' order, across statements; nothing if the change rolls back", async () => {
    const taker = await register(TENANT, admin.token, ["match.created"]);
    const other = await register(TENANT, admin.token, ["member.joined"]);
    const off = await register(TENANT, admin.token, ["match.created"]);
    await env.db`update webhook_endpoints set enabled = false where id = ${off.id}`;
    env.deps.webhookSubscriptions.forget(TENANT);
    const ctx = ctxFor(env, await env.deps.tenants.require(TENANT));
    const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    // More than one statement's worth (2,000), three ordering keys interleaved.
    const events = Array.from({ length: 2_003 }, (_, i) => ({
      data: { matchId: id(i), week: "2030-01-08", source: "WEEKLY" as const, participantIds: [id(10_000 + i), id(20_000 + i)], shownTo: [id(10_000 + i)] },
      orderingKey: `key:${i % 3}`,
    }));
    await expect(
      withTx(env.db, async (tx) => {
        await emitWebhooks({ ...ctx, db: tx }, "match.created", events);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await env.db`select 1 from webhook_deliveries where community_id = ${TENANT}`).length).toBe(0);

    const jobsBefore = await env.db<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'webhook.deliver' and data->>'endpointId' = ${taker.id}`;
    const n = await withTx(env.db, (tx) => emitWebhooks({ ...ctx, db: tx }, "match.created", events));
    expect(n).toBe(2_003);
    const rows = await env.db<{ endpointId: string; key: string; matchId: string; type: string; messageId: string }[]>`
      select endpoint_id as "endpointId", ordering_key as key, payload->'data'->>'matchId' as "matchId", payload->>'type' as type, message_id as "messageId"
      from webhook_deliveries where community_id = ${TENANT} order by seq`;
    expect(new Set(rows.map((r) => r.endpointId))).toEqual(new Set([taker.id]));
    expect(rows.map((r) => `${r.key} ${r.matchId}`)).toEqual(events.map((e) => `${e.orderingKey} ${e.data.matchId}`));
    expect(rows.every((r) => r.type === "match.created" && /^msg_[0-9a-f]{32}$/.test(r.messageId))).toBe(true);
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(2_003);
    const jobs = await env.db<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'webhook.deliver' and data->>'endpointId' = ${taker.id}`;
    expect((jobs[0]?.n ?? 0) - (jobsBefore[0]?.n ?? 0)).toBe(2_003);
    expect((await env.db`select 1 from pgboss.job where name = 'webhook.deliver' and data->>'endpointId' in (${other.id}, ${off.id})`).length).toBe(0);
    await env.db`delete from webhook_deliveries where community_id = ${TENANT}`;
    await env.db`delete from pgboss.job where name = 'webhook.deliver' and data->>'endpointId' = ${taker.id}`;
  });
});

describe("subscriptions", () => {
  it("an endpoint gets only the types it took", async () => {
    const joinedOnly = await register(TENANT, admin.token, ["member.joined"]);
    const sender = await member(env, TENANT);
    const to = await member(env, TENANT);
    const match = await arrangeMatch(env, TENANT, sender.id, to.id, { source: "WEEKLY" });
    await env.request("POST", "/api/matching/send-intro", { tenant: TENANT, token: sender.token, body: { from: sender.id, matchingResultId: match.resultA, introMessage: "Hi" } });
    await env.drainJobs();
    expect(eventsOf(joinedOnly).map((e) => e.type)).toEqual(["member.joined", "member.joined"]);
  });
});
