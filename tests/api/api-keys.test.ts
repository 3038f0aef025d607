/** Issue 26, item 1: community API keys (scoped, hashed, revocable, one community only) and the key-only API conventions (rate limit headers, Idempotency-Key). */
import { afterAll, describe, expect, it } from "vitest";
import { createPeer, testEnvForFile } from "../support/harness.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile({ config: { apiKeyRateLimit: 40 } });
const peer = await createPeer(env);
afterAll(async () => peer.close());

const [admin, moderator, member, betaAdmin] = await Promise.all([
  createUser(env, { tenant: "alpha", role: "admin" }),
  createUser(env, { tenant: "alpha", role: "moderator" }),
  createUser(env, { tenant: "alpha", role: "member" }),
  createUser(env, { tenant: "beta", role: "admin" }),
]);

type Created = { id: string; key: string; prefix: string; scopes: string[]; status: string };

async function makeKey(body: { name: string; scopes: string[]; expiresAt?: string }, as = admin, tenant = "alpha"): Promise<Created> {
  const res = await env.request<Created>("POST", `/api/admin/${tenant}/api-keys`, { tenant, token: as.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const eventBody = () => ({
  title: "Key event",
  description: "x",
  date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  time: "18:00",
  timeZone: "UTC",
  organizerContact: "o@example.com",
  location: { country: "DE", city: "Berlin" },
});

describe("making, listing and revoking keys", () => {
  it("an admin makes a key: shown once as tsk_live_…, stored hashed, listed without it, with its last use and address", async () => {
    const created = await makeKey({ name: "CRM sync", scopes: ["members:read"] });
    expect(created.key).toMatch(/^tsk_live_[a-z0-9]{40,}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.status).toBe("active");
    const [row] = await env.db<{ keyHash: string }[]>`select key_hash as "keyHash" from api_keys where id = ${created.id}`;
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await env.db`select * from api_keys where id = ${created.id}`)).not.toContain(created.key);

    const used = await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: created.key, headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(used.status, JSON.stringify(used.body)).toBe(200);

    const list = await env.request<Record<string, unknown>[]>("GET", "/api/admin/alpha/api-keys", { tenant: "alpha", token: admin.token });
    expect(list.status).toBe(200);
    const listed = list.body.find((k) => k.id === created.id);
    expect(listed).toMatchObject({ name: "CRM sync", scopes: ["members:read"], status: "active", lastUsedIp: "203.0.113.7", revokedAt: null });
    expect(typeof listed?.lastUsedAt).toBe("string");
    expect(JSON.stringify(list.body)).not.toContain(created.key);
  });

  it("creation, the first use of each scope and revocation are in the audit log, once each", async () => {
    const created = await makeKey({ name: "Audited", scopes: ["members:read", "events:read"] });
    for (let i = 0; i < 3; i++) expect((await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: created.key })).status).toBe(200);
    expect((await env.request("GET", "/api/console/events", { tenant: "alpha", token: created.key })).status).toBe(200);
    expect((await env.request("DELETE", `/api/admin/alpha/api-keys/${created.id}`, { tenant: "alpha", token: admin.token })).status).toBe(200);
    expect((await env.request("DELETE", `/api/admin/alpha/api-keys/${created.id}`, { tenant: "alpha", token: admin.token })).status).toBe(200);
    const rows = await env.db<{ action: string; after: { scope?: string } | null; actorUserId: string }[]>`
      select action, after, actor_user_id as "actorUserId" from audit_events where target_type = 'api_key' and target_id = ${created.id} order by id`;
    expect(rows.map((r) => (r.action === "api_key.scope_first_use" ? `${r.action}:${r.after?.scope}` : r.action))).toEqual([
      "api_key.create",
      "api_key.scope_first_use:members:read",
      "api_key.scope_first_use:events:read",
      "api_key.revoke",
    ]);
    expect(new Set(rows.map((r) => r.actorUserId))).toEqual(new Set([admin.user.id]));
  });

  it("only admins manage keys, a key never does, and bad input is a 400", async () => {
    expect((await env.request("GET", "/api/admin/alpha/api-keys", { tenant: "alpha", token: moderator.token })).status).toBe(403);
    expect((await env.request("POST", "/api/admin/alpha/api-keys", { tenant: "alpha", token: member.token, body: { name: "x", scopes: ["members:read"] } })).status).toBe(403);
    const all = await makeKey({ name: "Everything", scopes: ["members:read", "members:write", "events:read", "events:write", "mailings:send", "analytics:read", "webhooks:manage"] });
    const byKey = await env.request("GET", "/api/admin/alpha/api-keys", { tenant: "alpha", token: all.key });
    expect(byKey.status).toBe(403);
    expect(byKey.body).toMatchObject({ code: 1005, msg: "API keys cannot call this route" });
    for (const body of [{ name: "x", scopes: ["root"] }, { name: "", scopes: ["members:read"] }, { name: "x", scopes: [] }, { name: "x", scopes: ["members:read"], expiresAt: "2001-01-01T00:00:00Z" }]) {
      const res = await env.request("POST", "/api/admin/alpha/api-keys", { tenant: "alpha", token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 1001 });
    }
  });
});

describe("what a key may do", () => {
  it("a key with a read scope lists members but cannot write", async () => {
    const { key } = await makeKey({ name: "Reader", scopes: ["members:read", "events:read"] });
    const members = await env.request<{ items: { id: string }[] }>("GET", "/api/admin/alpha/participants?size=100", { tenant: "alpha", token: key });
    expect(members.status).toBe(200);
    expect(members.body.items.map((m) => m.id)).toContain(member.participantId);
    const write = await env.request("PATCH", `/api/participant-moderation/${member.participantId}`, { tenant: "alpha", token: key, body: { status: "REJECTED" } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: 1005, msg: "This API key lacks the scope members:write" });
    const create = await env.request("POST", "/api/event/create", { tenant: "alpha", token: key, body: eventBody() });
    expect(create.status).toBe(403);
    // The member's own things (account, chat, sign-in) are never a key's, whatever its scopes.
    for (const [method, path] of [
      ["GET", "/api/current-user"],
      ["GET", "/api/chats"],
      ["GET", "/api/participant/profile"],
    ] as const) {
      const res = await env.request(method, path, { tenant: "alpha", token: key });
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ code: 1005, msg: "API keys cannot call this route" });
    }
  });

  it("a key with events:write creates an event, recorded in the audit log as done with that key", async () => {
    const { id, key } = await makeKey({ name: "Events", scopes: ["events:write", "events:read"] });
    const created = await env.request<{ id: string }>("POST", "/api/event/create", { tenant: "alpha", token: key, body: eventBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await env.request("GET", `/api/event/${created.body.id}`, { tenant: "alpha", token: key });
    expect(read.status).toBe(200);
    const [audit] = await env.db<{ actorLabel: string }[]>`
      select actor_label as "actorLabel" from audit_events where target_id = ${created.body.id} order by id limit 1`;
    expect(audit?.actorLabel).toBe(`api-key:${id}`);
  });

  it("a key cannot reach another community: its ids answer 404 and the key is unknown on its host", async () => {
    const { key } = await makeKey({ name: "Alpha only", scopes: ["members:read"] });
    const betaIds = await env.request("GET", "/api/admin/beta/participants", { tenant: "alpha", token: key });
    expect(betaIds.status).toBe(404);
    const onBeta = await env.request("GET", "/api/admin/beta/participants", { tenant: "beta", token: key });
    expect(onBeta.status).toBe(401);
    expect(onBeta.body).toMatchObject({ code: 1004 });
    // Beta's admin cannot see or revoke alpha's keys.
    const alphaKey = await makeKey({ name: "Alpha second", scopes: ["members:read"] });
    expect((await env.request("DELETE", `/api/admin/beta/api-keys/${alphaKey.id}`, { tenant: "beta", token: betaAdmin.token })).status).toBe(404);
    expect((await env.request("DELETE", `/api/admin/alpha/api-keys/${alphaKey.id}`, { tenant: "beta", token: betaAdmin.token })).status).toBe(404);
    expect((await env.request("GET", "/api/admin/alpha/api-keys", { tenant: "alpha", token: betaAdmin.token })).status).toBe(401);
    const betaList = await env.request<{ id: string }[]>("GET", "/api/admin/beta/api-keys", { tenant: "beta", token: betaAdmin.token });
    expect(betaList.body.map((k) => k.id)).not.toContain(alphaKey.id);
  });

  it("a revoked key gets 401 at once, on this server and on another process", async () => {
    const { id, key } = await makeKey({ name: "Short lived", scopes: ["members:read"] });
    expect((await peer.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key })).status).toBe(200);
    expect((await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key })).status).toBe(200);
    expect((await env.request("DELETE", `/api/admin/alpha/api-keys/${id}`, { tenant: "alpha", token: admin.token })).status).toBe(200);
    for (const app of [env, peer]) {
      const res = await app.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 1004 });
    }
  });

  it("an expired key gets 401, on every process", async () => {
    const { id, key } = await makeKey({ name: "Expiring", scopes: ["members:read"], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await peer.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key })).status).toBe(200);
    await env.db`update api_keys set expires_at = now() - interval '1 second' where id = ${id}`;
    for (const app of [env, peer]) expect((await app.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key })).status).toBe(401);
    const list = await env.request<{ id: string; status: string }[]>("GET", "/api/admin/alpha/api-keys", { tenant: "alpha", token: admin.token });
    expect(list.body.find((k) => k.id === id)?.status).toBe("expired");
  });

  it("a key stops working when its maker is no longer an admin", async () => {
    const maker = await createUser(env, { tenant: "alpha", role: "admin" });
    const { key } = await makeKey({ name: "Maker's", scopes: ["members:read"] }, maker);
    expect((await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key })).status).toBe(200);
    await env.db`update participants set role = 'member' where id = ${maker.participantId}`;
    expect((await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key })).status).toBe(401);
  });

  it("a public route serves a key without the scope as anyone signed out", async () => {
    const { key } = await makeKey({ name: "Members only", scopes: ["members:read"] });
    const community = await env.request("GET", "/api/community/get-by-id?communityId=alpha", { tenant: "alpha", token: key });
    expect(community.status).toBe(200);
    const upcoming = await env.request("GET", "/api/event/upcoming", { tenant: "alpha", token: key });
    expect(upcoming.status).toBe(200);
    expect(upcoming.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("key conventions: rate limit headers and Idempotency-Key", () => {
  it("every answer to a key carries RateLimit-* headers; over the limit it is 429 with Retry-After", async () => {
    const { key } = await makeKey({ name: "Busy", scopes: ["members:read"] });
    const first = await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key });
    expect(first.headers.get("ratelimit-limit")).toBe("40");
    expect(first.headers.get("ratelimit-remaining")).toBe("39");
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    expect(first.headers.get("ratelimit-policy")).toBe("40;w=60");
    let last = first;
    for (let i = 0; i < 40; i++) last = await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: key });
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ code: 1006 });
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.headers.get("ratelimit-remaining")).toBe("0");
    // Another key has its own window; a session is not counted against keys.
    const other = await makeKey({ name: "Quiet", scopes: ["members:read"] });
    expect((await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: other.key })).status).toBe(200);
    const session = await env.request("GET", "/api/admin/alpha/participants", { tenant: "alpha", token: admin.token });
    expect(session.status).toBe(200);
    expect(session.headers.get("ratelimit-limit")).toBeNull();
  });

  it("a creating POST retried with the same Idempotency-Key creates once and answers the same", async () => {
    const { key } = await makeKey({ name: "Retrying", scopes: ["events:write"] });
    const body = { ...eventBody(), title: "Idempotent event" };
    const headers = { "idempotency-key": "order-42" };
    const first = await env.request<{ id: string }>("POST", "/api/event/create", { tenant: "alpha", token: key, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await env.request<{ id: string }>("POST", "/api/event/create", { tenant: "alpha", token: key, body, headers });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const [count] = await env.db<{ n: number }[]>`select count(*)::int as n from events where community_id = 'alpha' and title = 'Idempotent event'`;
    expect(count?.n).toBe(1);
    const changed = await env.request("POST", "/api/event/create", { tenant: "alpha", token: key, body: { ...body, title: "Another" }, headers });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 1003 });
    // Without the header, each POST creates.
    const plain = await env.request<{ id: string }>("POST", "/api/event/create", { tenant: "alpha", token: key, body });
    expect(plain.body.id).not.toBe(first.body.id);
  });

  it("a failed creating POST is not kept: the retry with the same Idempotency-Key runs again", async () => {
    const { key } = await makeKey({ name: "Failing", scopes: ["events:write"] });
    const headers = { "idempotency-key": "retry-me" };
    const bad = await env.request("POST", "/api/event/create", { tenant: "alpha", token: key, body: { ...eventBody(), time: "25:99" }, headers });
    expect(bad.status).toBe(400);
    const good = await env.request("POST", "/api/event/create", { tenant: "alpha", token: key, body: { ...eventBody(), time: "25:99", title: "x" }, headers });
    expect(good.status).toBe(400);
    const ok = await env.request("POST", "/api/event/create", { tenant: "alpha", token: key, body: eventBody(), headers });
    expect(ok.status).toBe(201);
  });
});

describe("openapi.json declares the key scheme and each operation's scope", () => {
  it("has the apiKey scheme, and every operation says whether a key may call it", async () => {
    const doc = (await env.request<{ components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, Record<string, unknown>>> }>("GET", "/api/openapi.json")).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));
    for (const { name, op } of ops) expect(["any", false, "members:read", "members:write", "events:read", "events:write", "mailings:send", "analytics:read", "webhooks:manage"], name).toContain(op["x-api-key-scope"]);
    const members = doc.paths["/api/admin/{communityId}/participants"]?.get;
    expect(members?.security).toEqual([{ bearer: [] }, { apiKey: ["members:read"] }]);
    expect(doc.paths["/api/auth/login"]?.post?.["x-api-key-scope"]).toBe(false);
    expect(doc.paths["/api/chats"]?.get?.security).toEqual([{ bearer: [] }]);
  });
});
