/** Issue 26, item 2: signed webhooks (Standard Webhooks), delivered from the transaction of the change, retried, ordered per member, disabled after persistent failure. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

// Retries at once: the schedule's length is what the tests count (4 attempts, then the endpoint is off).
const env = await testEnvForFile({ config: { webhookRetryDelaysSeconds: [0, 0, 0], webhookAllowPrivate: true } });

type Received = { headers: IncomingHttpHeaders; body: string };
/** A real HTTP receiver; `answer` decides each request's status (by its order). */
const received: Received[] = [];
let answer: (n: number, r: Received) => number = () => 200;
const server: Server = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => {
    body += c.toString("utf8");
  });
  req.on("end", () => {
    const r = { headers: req.headers, body };
    received.push(r);
    res.statusCode = answer(received.length, r);
    res.end("ok");
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const [admin, betaAdmin] = await Promise.all([createUser(env, { tenant: "alpha", role: "admin" }), createUser(env, { tenant: "beta", role: "admin" })]);

beforeEach(async () => {
  received.length = 0;
  answer = () => 200;
  await env.db`delete from webhook_endpoints`;
});

async function register(events: string[], tenant = "alpha", as = admin): Promise<{ id: string; secret: string }> {
  const res = await env.request<{ id: string; secret: string }>("POST", `/api/admin/${tenant}/webhooks`, { tenant, token: as.token, body: { url: receiverUrl, events } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

function verify(secret: string, r: Received): { type: string; data: Record<string, unknown> } {
  const headers = { "webhook-id": String(r.headers["webhook-id"]), "webhook-timestamp": String(r.headers["webhook-timestamp"]), "webhook-signature": String(r.headers["webhook-signature"]) };
  return new Webhook(secret).verify(r.body, headers) as { type: string; data: Record<string, unknown> };
}

describe("endpoints", () => {
  it("an admin registers an endpoint: a whsec_ secret shown at creation, not listed; other communities see nothing of it", async () => {
    const created = await register(["member.joined", "event.created"]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const list = await env.request<Record<string, unknown>[]>("GET", "/api/admin/alpha/webhooks", { tenant: "alpha", token: admin.token });
    expect(list.body).toEqual([expect.objectContaining({ id: created.id, url: receiverUrl, events: ["member.joined", "event.created"], enabled: true })]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect((await env.request("GET", `/api/admin/beta/webhooks/${created.id}/deliveries`, { tenant: "beta", token: betaAdmin.token })).status).toBe(404);
    expect((await env.request("DELETE", `/api/admin/beta/webhooks/${created.id}`, { tenant: "beta", token: betaAdmin.token })).status).toBe(404);
    expect((await env.request("GET", "/api/admin/alpha/webhooks", { tenant: "alpha", token: betaAdmin.token })).status).toBe(401);
    const bad = await env.request("POST", "/api/admin/alpha/webhooks", { tenant: "alpha", token: admin.token, body: { url: receiverUrl, events: ["no.such"] } });
    expect(bad.status).toBe(400);
  });

  it("a private or loopback address is refused unless the development setting allows it", async () => {
    env.config.webhookAllowPrivate = false;
    try {
      for (const url of [receiverUrl, "http://10.1.2.3/hook", "http://[::1]:8080/"]) {
        const res = await env.request("POST", "/api/admin/alpha/webhooks", { tenant: "alpha", token: admin.token, body: { url, events: ["member.joined"] } });
        expect(res.status, url).toBe(400);
        expect(res.body).toMatchObject({ code: 1001, errors: { url: "a private or local network address" } });
      }
    } finally {
      env.config.webhookAllowPrivate = true;
    }
  });

  it("a key with webhooks:manage registers endpoints", async () => {
    const key = await env.request<{ key: string }>("POST", "/api/admin/alpha/api-keys", { tenant: "alpha", token: admin.token, body: { name: "hooks", scopes: ["webhooks:manage"] } });
    const res = await env.request("POST", "/api/admin/alpha/webhooks", { tenant: "alpha", token: key.body.key, body: { url: receiverUrl, events: ["event.created"] } });
    expect(res.status).toBe(201);
  });
});

describe("deliveries", () => {
  it("a real change is delivered signed (verified with the standardwebhooks package), and only to its community's endpoints", async () => {
    const alpha = await register(["event.created"]);
    await register(["event.created"], "beta", betaAdmin);
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const body = { title: "Hooked", description: "x", date, time: "18:00", timeZone: "UTC", organizerContact: "o@example.com", location: { country: "DE", city: "Berlin" } };
    const created = await env.request<{ id: string }>("POST", "/api/event/create", { tenant: "alpha", token: admin.token, body });
    expect(created.status).toBe(201);
    await env.drainJobs();
    expect(received).toHaveLength(1);
    const first = received[0] as Received;
    const event = verify(alpha.secret, first);
    expect(event).toMatchObject({ type: "event.created", data: { eventId: created.body.id, title: "Hooked", status: "scheduled" } });
    expect(String(first.headers["webhook-id"])).toMatch(/^msg_/);
    // A tampered body fails the same verification.
    expect(() => verify(alpha.secret, { ...first, body: first.body.replace("Hooked", "Hacked") })).toThrow();
  });

  it("a receiver failing 3 times then succeeding gets the event exactly once more; the console's delivery row says so", async () => {
    const hook = await register(["member.joined"]);
    answer = (n) => (n <= 3 ? 500 : 204);
    const sent = await env.request<{ deliveries: number }>("POST", `/api/admin/alpha/webhooks/${hook.id}/test`, { tenant: "alpha", token: admin.token });
    expect(sent.body).toEqual({ deliveries: 1 });
    await env.drainJobs();
    await env.drainJobs();
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    for (const r of received) expect(verify(hook.secret, r).type).toBe("webhook.test");
    const deliveries = await env.request<Record<string, unknown>[]>("GET", `/api/admin/alpha/webhooks/${hook.id}/deliveries`, { tenant: "alpha", token: admin.token });
    expect(deliveries.body).toEqual([expect.objectContaining({ status: "succeeded", attempts: 4, responseCode: 204, latencyMs: expect.any(Number), eventType: "webhook.test" })]);

    // A replay sends it once more, with the same webhook-id.
    const delivery = deliveries.body[0] as { id: string };
    const replay = await env.request("POST", `/api/admin/alpha/webhooks/${hook.id}/deliveries/${delivery.id}/replay`, { tenant: "alpha", token: admin.token });
    expect(replay.status).toBe(200);
    await env.drainJobs();
    expect(received).toHaveLength(5);
    expect(received[4]?.headers["webhook-id"]).toBe(received[0]?.headers["webhook-id"]);
  });

  it("one member's events arrive in order even when the first is retried", async () => {
    const hook = await register(["member.joined", "member.approved", "member.rejected"]);
    answer = (n) => (n <= 2 ? 503 : 200);
    const joiner = await createUser(env, { tenant: "alpha", role: "member" });
    const decided = await env.request("PATCH", `/api/participant-moderation/${joiner.participantId}`, { tenant: "alpha", token: admin.token, body: { moderationStatus: "rejected" } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    await env.drainJobs();
    await env.drainJobs();
    const delivered = received.filter((_, i) => i >= 2).map((r) => verify(hook.secret, r));
    const mine = delivered.filter((e) => e.data.participantId === joiner.participantId).map((e) => e.type);
    expect(mine).toEqual(["member.joined", "member.rejected"]);
    // The two failed attempts were both the first event: nothing overtook it.
    expect(received.slice(0, 2).map((r) => verify(hook.secret, r).type)).toEqual(["member.joined", "member.joined"]);
  });

  it("an endpoint failing every attempt is turned off and its admins are told; turned on again, what waited is sent", async () => {
    const hook = await register(["member.joined"]);
    answer = () => 500;
    await env.request("POST", `/api/admin/alpha/webhooks/${hook.id}/test`, { tenant: "alpha", token: admin.token });
    await env.drainJobs();
    await env.drainJobs();
    expect(received).toHaveLength(4);
    const list = await env.request<{ id: string; enabled: boolean; disabledReason: string | null }[]>("GET", "/api/admin/alpha/webhooks", { tenant: "alpha", token: admin.token });
    expect(list.body[0]).toMatchObject({ enabled: false, disabledReason: expect.stringContaining("4 attempts failed") });
    await env.drainJobs();
    const [mail] = await env.mailTo(admin.email);
    expect(mail?.subject).toContain("webhook endpoint was turned off");

    // Events while it is off are kept and sent, in order, once it is on again.
    const joiner = await createUser(env, { tenant: "alpha", role: "member" });
    await env.drainJobs();
    expect(received).toHaveLength(4);
    answer = () => 200;
    await env.db`update webhook_endpoints set enabled = true where id = ${hook.id}`;
    await env.db`insert into webhook_deliveries (community_id, endpoint_id, message_id, event_type, ordering_key, payload)
                 values ('alpha', ${hook.id}, 'msg_kept', 'member.joined', ${joiner.participantId ?? ""}, '{"type":"member.joined"}')`;
    await env.db`update webhook_endpoints set enabled = false where id = ${hook.id}`;
    const on = await env.request("PATCH", `/api/admin/alpha/webhooks/${hook.id}`, { tenant: "alpha", token: admin.token, body: { enabled: true } });
    expect(on.status).toBe(200);
    await env.drainJobs();
    expect(received.map((r) => r.headers["webhook-id"])).toContain("msg_kept");
  });

  it("after a secret rotation deliveries carry both signatures for a day: old and new secrets verify", async () => {
    const hook = await register(["member.joined"]);
    const rotated = await env.request<{ secret: string }>("POST", `/api/admin/alpha/webhooks/${hook.id}/rotate-secret`, { tenant: "alpha", token: admin.token });
    expect(rotated.body.secret).not.toBe(hook.secret);
    await env.request("POST", `/api/admin/alpha/webhooks/${hook.id}/test`, { tenant: "alpha", token: admin.token });
    await env.drainJobs();
    const r = received[0] as Received;
    expect(verify(rotated.body.secret, r).type).toBe("webhook.test");
    expect(verify(hook.secret, r).type).toBe("webhook.test");
  });
});

describe("openapi.json documents the payloads", () => {
  it("has a webhooks section with every event type", async () => {
    const doc = (await env.request<{ openapi: string; webhooks: Record<string, unknown> }>("GET", "/api/openapi.json")).body;
    expect(doc.openapi).toBe("3.1.0");
    for (const type of ["member.joined", "member.approved", "member.rejected", "member.left", "event.created", "event.updated", "event.cancelled", "event.participation.updated", "intro.sent", "intro.accepted", "match.created", "meeting.feedback", "mailing.finished"]) {
      expect(Object.keys(doc.webhooks)).toContain(type);
    }
  });
});
