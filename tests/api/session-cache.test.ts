import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveContext } from "@tuesday/platform/http";
import { createPeer, createTestEnv, type PeerApp, type TestEnv } from "../support/harness.ts";
import { createUser, signInAs } from "../support/users.ts";

/** Two server processes on one database, each with its own bus and session cache. */
let a: TestEnv;
let b: PeerApp;
beforeAll(async () => {
  a = await createTestEnv({ config: { sessionCacheMs: 5_000 } });
  b = await createPeer(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = (app: Pick<TestEnv, "request">, token: string, tenant = "alpha") => app.request("GET", "/api/current-user", { token, tenant });

/** Milliseconds until `token` is refused by `app`; fails after one second. */
async function refusedWithin(app: Pick<TestEnv, "request">, token: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await me(app, token);
    if (res.status === 401) return Date.now() - started;
    expect(res.status).toBe(200);
    if (Date.now() - started > 1000) throw new Error("still accepted after a second");
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function snapshot(app: PeerApp | TestEnv, token: string) {
  const ctx = await resolveContext(app.deps, new Headers({ host: "alpha.localhost:3000", authorization: `Bearer ${token}` }), undefined);
  return ctx.actor.kind === "user" ? ctx.actor.participant : undefined;
}

describe("the session cache", () => {
  it("serves a signed-in request without the session lookup, and only with the right secret", async () => {
    const u = await createUser(a);
    expect((await me(b, u.token)).status).toBe(200);
    expect(b.deps.sessions.size).toBeGreaterThan(0);
    // The lookup would refuse the token now (and nothing announces a changed hash): only the
    // cache can still accept it.
    await a.db`update sessions set secret_hash = '\\x00' where user_id = ${u.user.id}`;
    expect((await me(b, u.token)).status).toBe(200);
    const [id] = u.token.split(".");
    expect((await me(b, `${id}.wrong-secret-of-the-same-session`)).status).toBe(401);
  });

  it("never serves a session in another community", async () => {
    const u = await createUser(a);
    expect((await me(b, u.token)).status).toBe(200);
    expect((await me(b, u.token, "beta")).status).toBe(401);
    expect((await me(a, u.token)).status).toBe(200);
    expect((await me(a, u.token, "beta")).status).toBe(401);
  });

  it("a logout on process A refuses the token on A at once and on B within a second", async () => {
    const u = await createUser(a);
    expect((await me(a, u.token)).status).toBe(200);
    expect((await me(b, u.token)).status).toBe(200);
    expect((await a.request("POST", "/api/auth/logout", { token: u.token })).status).toBe(200);
    expect((await me(a, u.token)).status).toBe(401);
    expect(await refusedWithin(b, u.token)).toBeLessThan(1000);
  });

  it("a password change on A ends the user's other sessions on B within a second, and keeps the current one", async () => {
    const u = await createUser(a);
    const other = await signInAs(a, u.user.id, "alpha");
    expect((await me(b, other)).status).toBe(200);
    expect((await me(b, u.token)).status).toBe(200);
    const res = await a.request("POST", "/api/auth/change-password", { token: u.token, body: { currentPassword: u.password, newPassword: "Another-pass-4242" } });
    expect(res.status).toBe(200);
    expect(await refusedWithin(b, other)).toBeLessThan(1000);
    expect((await me(b, u.token)).status).toBe(200);
    expect((await me(a, other)).status).toBe(401);
  });

  it("an account deletion on A refuses its sessions on B within a second", async () => {
    const u = await createUser(a);
    expect((await me(b, u.token)).status).toBe(200);
    const res = await a.request("DELETE", `/api/users/delete/${u.user.id}`, { token: u.token, body: { password: u.password } });
    expect(res.status).toBe(200);
    expect((await me(a, u.token)).status).toBe(401);
    expect(await refusedWithin(b, u.token)).toBeLessThan(1000);
  });

  it("a role or moderation change, however it is written, reaches B's cached participant once B has heard the bus", async () => {
    // A barrier, not a clock: bus.sync() resolves once B has heard every notification committed
    // before it, so B must serve the change from then on (its latency is a bench's matter).
    const u = await createUser(a);
    expect(await snapshot(b, u.token)).toMatchObject({ role: "member", moderationStatus: "confirmed" });
    await a.db`update participants set role = 'moderator', moderation_status = 'rejected' where id = ${u.participantId}`;
    await b.deps.bus.sync();
    expect(await snapshot(b, u.token)).toMatchObject({ role: "moderator", moderationStatus: "rejected" });
    const actorOnB = async () => (await resolveContext(b.deps, new Headers({ host: "alpha.localhost:3000", authorization: `Bearer ${u.token}` }), undefined)).actor;
    await a.db`update users set is_operator = true where id = ${u.user.id}`;
    await b.deps.bus.sync();
    expect(await actorOnB()).toMatchObject({ kind: "user", isOperator: true });
    // The enabled flag written straight to the table: the session outlives it (the product's own
    // disabling ends sessions; decision 0178) and B serves the flag the member app acts on (spec 4.1).
    await a.db`update users set enabled = false where id = ${u.user.id}`;
    await b.deps.bus.sync();
    const res = await me(b, u.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: false });
  });

  it("keeps sliding renewal: a session due for renewal is renewed through the database", async () => {
    const u = await createUser(a);
    const [id] = u.token.split(".");
    await a.db`update sessions set last_verified_at = now() - interval '2 hours' where id = ${id ?? ""}`;
    expect((await me(b, u.token)).status).toBe(200);
    const [row] = await a.db<{ age: number }[]>`select extract(epoch from now() - last_verified_at)::float8 as age from sessions where id = ${id ?? ""}`;
    expect(row?.age).toBeLessThan(60);
  });

  it("stops serving from the cache while the bus is not listening", async () => {
    const u = await createUser(a);
    const peer = await createPeer(a);
    try {
      expect((await me(peer, u.token)).status).toBe(200);
      await peer.deps.bus.close();
      await a.db`delete from sessions where user_id = ${u.user.id}`;
      expect((await me(peer, u.token)).status).toBe(401);
    } finally {
      await peer.close().catch(() => {});
    }
  });
});
