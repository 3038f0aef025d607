import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, type Db, withDatabase } from "@tuesday/platform";
import { introduce, member, openChat } from "../api/chat-helpers.ts";
import { api as eventsApi, makeEvent, who } from "../api/events-helpers.ts";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { pgTool } from "../support/pg-tools.ts";
import { type SystemPostgres, startSystemPostgres } from "../support/system-pg.ts";
import { cleanUp, freePort, hostRequest, startServer, tempDir, waitReady } from "./server-process.ts";

/**
 * The backup runbook of docs/operations.md, done: `pg_dump` of a running instance (a server
 * process serving on its database), `pg_restore` into an empty database, and the product started
 * on the copy serves every community, member, chat and event as before.
 */
const run = promisify(execFile);
let serverUrl = inject("pgServerUrl");
let system: SystemPostgres | undefined;
let env: TestEnv | undefined;
let restoredName = "";
const dbs: Db[] = [];

afterAll(async () => {
  await cleanUp();
  for (const d of dbs) await d.end({ timeout: 5 }).catch(() => {});
  await env?.close();
  if (restoredName) {
    const admin = createDb(serverUrl, { max: 1 });
    await admin.unsafe(`drop database if exists ${restoredName} with (force)`);
    await admin.end();
  }
  await system?.stop();
});

/** The server's major version, e.g. 17. */
async function serverMajor(url: string): Promise<number> {
  const db = createDb(url, { max: 1 });
  try {
    const [row] = await db<{ v: number }[]>`select current_setting('server_version_num')::int / 10000 as v`;
    return row?.v ?? 0;
  } finally {
    await db.end();
  }
}

/** Every table of the public and pgboss schemas: its row count and a digest of its rows. */
async function digests(db: Db): Promise<Record<string, string>> {
  const tables = await db<{ name: string }[]>`
    select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'pgboss') order by 1`;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.unsafe<{ n: number; digest: string | null }[]>(`select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by t::text)) as digest from ${name} t`);
    out[name] = `${row?.n} ${row?.digest ?? ""}`;
  }
  return out;
}

const t0 = Date.now();
const mark = (what: string) => process.env.TEST_TIMING && console.log(`${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);

describe("backup and restore", () => {
  it("pg_dump of a running instance restores into an empty database, and the product started on it serves the same communities, members, chats and events", async () => {
    // pg_dump must be at least as new as the server. The embedded PostgreSQL ships no client
    // programs: when none fits the suite's server, the test runs on a cluster of the system's
    // PostgreSQL (Debian's postgresql-15, which CI installs) with its own pg_dump.
    let v = await serverMajor(serverUrl);
    try {
      pgTool("pg_dump", v);
    } catch {
      system = await startSystemPostgres();
      serverUrl = system.url;
      v = system.major;
    }
    env = await createTestEnv({ serverUrl });
    mark("env");
    const e = env;
    // Members of two communities, an accepted intro, a chat with messages, an event with an attendee.
    const [a, b, c] = [await member(e, "alpha", { firstName: "Ada" }), await member(e, "alpha", { firstName: "Boris" }), await member(e, "beta", { firstName: "Vera" })];
    await introduce(e, a, b);
    const chatId = await openChat(e, a, [b]);
    for (const text of ["Hello Boris", "Привет, Ада", "See you on Tuesday"]) {
      const from = text.startsWith("Привет") ? b : a;
      const sent = await e.request("POST", `/api/chats/${chatId}`, { tenant: from.tenant, token: from.token, body: { text } });
      expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    }
    const organizer = await who(e, "alpha", "admin", "Olga");
    const eventId = await makeEvent(e, organizer);
    expect((await eventsApi(e).join({ ...a, id: a.id }, eventId)).status).toBeLessThan(300);
    const reads = async (call: (method: string, p: string, tenant: string, token: string) => Promise<{ status: number; body: unknown }>) => ({
      me: await Promise.all([a, b, c].map((m) => call("GET", "/api/current-user", m.tenant, m.token))),
      chat: await call("GET", `/api/chats/${chatId}`, a.tenant, a.token),
      chats: await call("GET", "/api/chats", b.tenant, b.token),
      event: await call("GET", `/api/event/${eventId}`, a.tenant, a.token),
      members: await call("GET", "/api/community/alpha/participants", a.tenant, a.token),
    });

    // The instance runs: a server process on this database, serving.
    const port = await freePort();
    const first = startServer(await tempDir(), port, { DATABASE_URL: e.dbUrl });
    await waitReady(first, 240_000);
    const http = (p0: number) => (method: string, p: string, tenant: string, token: string) =>
      hostRequest(p0, `${tenant}.localhost:${p0}`, method, p, { authorization: `Bearer ${token}` });
    mark("first server ready");
    const before = await reads(http(port));
    for (const r of [...before.me, before.chat, before.chats, before.event, before.members]) expect(r.status, JSON.stringify(r.body)).toBe(200);

    // pg_dump reads one snapshot; the digests are taken in that same snapshot (exported from a
    // repeatable-read transaction), while the server keeps running and writing its own rows.
    const db = createDb(e.dbUrl, { max: 2 });
    dbs.push(db);
    const dumpFile = path.join(await tempDir(), "tuesday.dump");
    const conn = await db.reserve();
    let expected: Record<string, string>;
    try {
      await conn.unsafe("begin isolation level repeatable read");
      const [snap] = await conn<{ id: string }[]>`select pg_export_snapshot() as id`;
      await run(pgTool("pg_dump", v), ["--format=custom", `--snapshot=${snap?.id}`, `--file=${dumpFile}`, e.dbUrl]);
      expected = await digests(conn as unknown as Db);
      await conn.unsafe("commit");
    } finally {
      conn.release();
    }
    expect((await fs.stat(dumpFile)).size).toBeGreaterThan(10_000);
    mark("dumped");

    // Restore into an empty database (template0: nothing in it), as the runbook says.
    restoredName = `restored_${process.pid}_${Date.now().toString(36)}`;
    const admin = createDb(serverUrl, { max: 1 });
    await admin.unsafe(`create database ${restoredName} template template0`);
    await admin.end();
    const restoredUrl = withDatabase(serverUrl, restoredName);
    await run(pgTool("pg_restore", v), ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${restoredUrl}`, dumpFile]);
    const restored = createDb(restoredUrl, { max: 2 });
    dbs.push(restored);
    mark("restored");
    const got = await digests(restored);
    expect(Object.keys(got).length).toBeGreaterThan(40);
    expect(got).toEqual(expected);

    // The product on the copy: the old instance stopped, a new one started on the restored database.
    first.child.kill("SIGTERM");
    await first.exited;
    const port2 = await freePort();
    const second = startServer(await tempDir(), port2, { DATABASE_URL: restoredUrl });
    await waitReady(second, 240_000);
    mark("second server ready");
    const after = await reads(http(port2));
    // The same answers, but for the links that name the new process's port.
    expect(JSON.parse(JSON.stringify(after).replaceAll(`localhost:${port2}`, `localhost:${port}`).replaceAll(`localhost%3A${port2}`, `localhost%3A${port}`))).toEqual(before);
    expect(JSON.stringify(after.chat.body)).toContain("Привет, Ада");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, 600_000);
});
