/**
 * Issue 26: emitting an event is on hot paths (joining, intros, the weekly run), so an event no
 * endpoint takes is answered from the process's subscription cache without touching the database;
 * every change of the endpoints, through the API or by hand, reaches the cache.
 */
import { emitWebhook, withTx } from "@tuesday/platform";
import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";

const env = await testEnvForFile();
const ID = "00000000-0000-4000-8000-000000000001";
const left = { participantId: ID, userId: ID, firstName: null, lastName: null, status: "left" as const };

beforeAll(async () => {
  await env.addTenants(tenantFixture("subs"), tenantFixture("subs2"));
});

/** Emits member.left in a transaction that gives up on any lock wait after a second. */
async function emit(communityId: string): Promise<number> {
  const tenant = await env.deps.tenants.require(communityId);
  return withTx(env.db, async (tx) => {
    await tx`set local lock_timeout = '1s'`;
    return emitWebhook({ db: tx, deps: env.deps, tenant }, "member.left", left, ID);
  });
}

/** Runs `fn` while another transaction holds webhook_endpoints in ACCESS EXCLUSIVE mode (no read gets through). */
async function whileEndpointsLocked<T>(fn: () => Promise<T>): Promise<T> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holder = env.db.begin(async (sql) => {
    await sql`lock table webhook_endpoints in access exclusive mode`;
    locked();
    await released;
  });
  await isLocked;
  try {
    return await fn();
  } finally {
    release();
    await holder;
  }
}

describe("the subscription cache", () => {
  it("an event no endpoint takes does not read the endpoints table once the community is known", async () => {
    await env.db`insert into webhook_endpoints (community_id, url, events, secret) values ('subs', 'http://127.0.0.1:9/x', ${["member.joined"]}, 'whsec_AAAA')`;
    await env.deps.bus.sync();
    expect(await emit("subs")).toBe(0);
    // Known now: answered while the table is locked against every reader.
    expect(await whileEndpointsLocked(() => emit("subs"))).toBe(0);
    // The check is the cache's: a type that is taken still goes to the table (and waits for the lock).
    await expect(
      whileEndpointsLocked(() =>
        withTx(env.db, async (tx) => {
          await tx`set local lock_timeout = '1s'`;
          return emitWebhook({ db: tx, deps: env.deps, tenant: await env.deps.tenants.require("subs") }, "member.joined", { ...left, status: "confirmed" }, ID);
        }),
      ),
    ).rejects.toThrow(/lock timeout/);
  });

  it("an endpoint registered through the API takes the next event at once", async () => {
    const admin = await createUser(env, { tenant: "subs2", role: "admin" });
    expect(await emit("subs2")).toBe(0);
    const res = await env.request("POST", "/api/admin/subs2/webhooks", { tenant: "subs2", token: admin.token, body: { url: "http://127.0.0.1:9/hook", events: ["member.left"] } });
    expect(res.status).toBe(201);
    expect(await emit("subs2")).toBe(1);
    const id = (res.body as { id: string }).id;
    expect((await env.request("PATCH", `/api/admin/subs2/webhooks/${id}`, { tenant: "subs2", token: admin.token, body: { events: ["member.joined"] } })).status).toBe(200);
    expect(await emit("subs2")).toBe(0);
  });

  it("an endpoint changed by hand (another process, the CLI) is seen once the database's announcement arrives", async () => {
    await env.db`delete from webhook_endpoints where community_id = 'subs'`;
    await env.deps.bus.sync();
    expect(await emit("subs")).toBe(0);
    const [row] = await env.db<{ id: string }[]>`
      insert into webhook_endpoints (community_id, url, events, secret) values ('subs', 'http://127.0.0.1:9/y', ${["member.left"]}, 'whsec_AAAA') returning id`;
    await env.deps.bus.sync();
    expect(await emit("subs")).toBe(1);
    await env.db`update webhook_endpoints set enabled = false where id = ${row?.id ?? ""}`;
    await env.deps.bus.sync();
    expect(await emit("subs")).toBe(0);
    await env.db`update webhook_endpoints set enabled = true where id = ${row?.id ?? ""}`;
    await env.deps.bus.sync();
    expect(await emit("subs")).toBe(1);
  });
});
