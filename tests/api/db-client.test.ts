import os from "node:os";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, type Db, poolSizes, socketPath, withDatabase } from "@tuesday/platform";

const open: Db[] = [];
afterAll(async () => {
  await Promise.all(open.map((db) => db.end({ timeout: 5 })));
});

describe("database URLs", () => {
  it("reads a libpq-style socket directory from ?host=", () => {
    expect(socketPath("postgres://me:pw@127.0.0.1:5433/app?host=/var/run/postgresql")).toBe("/var/run/postgresql/.s.PGSQL.5433");
    expect(socketPath("postgres://me@localhost/app?host=/tmp/")).toBe("/tmp/.s.PGSQL.5432");
    expect(socketPath("postgres://me@db.example.com:5432/app")).toBeUndefined();
    // A host name in the query is not a socket directory.
    expect(socketPath("postgres://me@localhost:5432/app?host=db.internal")).toBeUndefined();
  });

  it("names another database and keeps the query", () => {
    expect(withDatabase("postgres://me:p%40ss@127.0.0.1:5433/postgres?host=/tmp", "tuesday")).toBe("postgres://me:p%40ss@127.0.0.1:5433/tuesday?host=/tmp");
    expect(withDatabase("postgres://me@db.example.com/postgres", "t_1")).toBe("postgres://me@db.example.com/t_1");
  });
});

describe("pools", () => {
  it("connects through the embedded cluster's Unix socket (no TCP peer address)", async () => {
    const url = inject("pgServerUrl");
    if (process.env.TEST_DATABASE_URL) return; // an outside server may have no local socket
    expect(socketPath(url)).toMatch(/\.s\.PGSQL\.\d+$/);
    const db = createDb(url, { max: 1 });
    open.push(db);
    const [row] = await db<{ addr: string | null }[]>`select inet_client_addr()::text as addr`;
    expect(row?.addr).toBeNull();
  });

  it("plans for the values only where asked", async () => {
    const url = inject("pgServerUrl");
    const plain = createDb(url, { max: 1 });
    const custom = createDb(url, { max: 1, customPlans: true });
    open.push(plain, custom);
    expect((await plain<{ m: string }[]>`select current_setting('plan_cache_mode') as m`)[0]?.m).toBe("auto");
    expect((await custom<{ m: string }[]>`select current_setting('plan_cache_mode') as m`)[0]?.m).toBe("force_custom_plan");
  });

  it("sizes pools by the cores for the embedded database, by the environment or fixed defaults otherwise", () => {
    const cores = os.availableParallelism();
    expect(poolSizes({ databasePoolSize: undefined, searchPoolSize: undefined }, true)).toEqual({ main: Math.max(3, cores + 1), search: Math.max(2, cores), work: 8 });
    expect(poolSizes({ databasePoolSize: undefined, searchPoolSize: undefined }, false)).toEqual({ main: 10, search: 4, work: 8 });
    expect(poolSizes({ databasePoolSize: 30, searchPoolSize: 6 }, true)).toEqual({ main: 30, search: 6, work: 8 });
  });
});
