import net from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db, isDatabaseUnavailable, TenantDirectory } from "@tuesday/platform";
import { createApp } from "@tuesday/platform/http";
import { checkContractOf } from "../support/contract.ts";
import { createTestEnv, type TestEnv } from "../support/harness.ts";

let env: TestEnv;
const pools: Db[] = [];
const servers: net.Server[] = [];
const role = `t_full_${process.pid}_${Date.now().toString(36)}`;

beforeAll(async () => {
  env = await createTestEnv();
  await env.db.unsafe(`create role ${role} login password 'pw' connection limit 0`);
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end({ timeout: 1 }).catch(() => {})));
  for (const s of servers) s.close();
  await env?.db.unsafe(`drop role if exists ${role}`);
  await env?.close();
});

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A server that accepts TCP connections and never says a word, like a hung PostgreSQL. */
async function silentServer(): Promise<number> {
  const srv = net.createServer(() => {}).listen(0, "127.0.0.1");
  servers.push(srv);
  await new Promise((resolve) => srv.once("listening", resolve));
  return (srv.address() as net.AddressInfo).port;
}

function pool(url: string): Db {
  const db = createDb(url, { max: 1 });
  pools.push(db);
  return db;
}

/** The real app, its every pool and the tenant lookup on `db`; its 503s checked against openapi.json too. */
function appOn(db: Db) {
  const tenants = new TenantDirectory(db, { urlTemplate: env.config.tenantUrlTemplate, port: env.config.port, ttlMs: 0 });
  return checkContractOf(createApp({ ...env.deps, db, searchDb: db, tenants }));
}

async function getCommunity(db: Db) {
  const res = await appOn(db).request("/api/community/get-by-id?communityId=alpha", { headers: { host: "alpha.localhost:3000" } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get("retry-after") };
}

const unavailable = { status: 503, body: { code: 503, msg: "Server is unavailable", requestId: expect.any(String) }, retryAfter: "5" };

describe("database unreachable: 503 Server is unavailable", () => {
  it("the control: the same route on a reachable database answers 200", async () => {
    expect((await getCommunity(env.db)).status).toBe(200);
  });

  it("connection refused (nothing listens on the port)", async () => {
    expect(await getCommunity(pool(`postgres://tuesday:pw@127.0.0.1:${await closedPort()}/tuesday`))).toEqual(unavailable);
  });

  it("a stopped cluster's Unix socket is gone", async () => {
    expect(await getCommunity(pool(`postgres://tuesday:pw@127.0.0.1:5432/tuesday?host=/tmp/tuesday-no-such-cluster-${process.pid}`))).toEqual(
      unavailable,
    );
  });

  it("too many connections (53300)", async () => {
    const url = new URL(env.dbUrl);
    url.username = role;
    url.password = "pw";
    expect(await getCommunity(pool(url.toString()))).toEqual(unavailable);
  });

  it("a statement error is still a 500, not an outage", async () => {
    const err = await env.db`select 1/0`.catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(false);
    const enoent = Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), { code: "ENOENT", syscall: "open" });
    expect(isDatabaseUnavailable(enoent)).toBe(false);
  });
});

describe("isDatabaseUnavailable on the errors postgres.js really raises", () => {
  it("a connection terminated by an administrator (57P01)", async () => {
    const victim = pool(env.dbUrl);
    const [row] = await victim<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const pid = row?.pid ?? 0;
    const sleeping = victim`select pg_sleep(10)`.catch((e: unknown) => e);
    // Terminate it once the backend is inside the query, not before it got there.
    await expect
      .poll(async () => (await env.db<{ state: string }[]>`select state from pg_stat_activity where pid = ${pid}`)[0]?.state, { timeout: 5000, interval: 20 })
      .toBe("active");
    await env.db`select pg_terminate_backend(${pid})`;
    const err = (await sleeping) as { code?: string };
    // PostgreSQL says 57P01 and hangs up; postgres.js reports whichever reaches the query first.
    expect(["57P01", "CONNECTION_CLOSED"]).toContain(err.code);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("the connect timeout (a server that never answers)", async () => {
    const hung = postgres(`postgres://tuesday:pw@127.0.0.1:${await silentServer()}/tuesday`, { connect_timeout: 0.5, max: 1 });
    const err = await hung`select 1`.catch((e: unknown) => e);
    await hung.end({ timeout: 0 });
    expect(err).toMatchObject({ code: "CONNECT_TIMEOUT" });
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("a pool that was ended (CONNECTION_ENDED)", async () => {
    const ended = createDb(env.dbUrl, { max: 1 });
    await ended.end();
    const err = await ended`select 1`.catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "CONNECTION_ENDED" });
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("SQLSTATE class 08 and the shutdown codes", () => {
    for (const code of ["08006", "08001", "57P01", "57P02", "57P03", "53300"]) {
      expect(isDatabaseUnavailable(new postgres.PostgresError({ message: "x", code } as never))).toBe(true);
    }
    expect(isDatabaseUnavailable(new postgres.PostgresError({ message: "x", code: "23505" } as never))).toBe(false);
  });
});
