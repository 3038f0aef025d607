import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, createSession, type Db } from "@tuesday/platform";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { cleanUp, freePort, type Server, startServer, tempDir, waitReady } from "./server-process.ts";

/**
 * PostgreSQL dies while background jobs are running (a mailing in flight): pg-boss then fails and
 * completes jobs on a dead connection, outside any handler of ours. The server process must live
 * on, answer 503 while the database is away, and serve again once its embedded PostgreSQL is back.
 */

let smtp: SmtpSink;
let server: Server;
let dataDir = "";
let port = 0;
let db: Db | undefined;

beforeAll(async () => {
  // A slow mail server: each message takes 40 ms, so mail jobs are in flight for seconds.
  smtp = await startSmtpSink({ delayMs: 40 });
  dataDir = await tempDir();
  port = await freePort();
  server = startServer(dataDir, port, { SMTP_URL: smtp.url("pool=true") }, { groupLeader: true });
  await waitReady(server, 60_000);
}, 90_000);

afterAll(async () => {
  await db?.end({ timeout: 1 }).catch(() => {});
  await cleanUp();
  await smtp?.close();
});

async function postmaster(): Promise<{ pid: number; port: number }> {
  const lines = (await fs.readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8")).split("\n");
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function call(method: string, p: string, token: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { host: `founders.localhost:${port}`, authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

describe("PostgreSQL dies while a mailing's jobs are running", () => {
  it("the server lives on, answers 503 meanwhile, and serves again once PostgreSQL is back", async () => {
    const pg = await postmaster();
    db = createDb(`postgres://tuesday:tuesday-local@127.0.0.1:${pg.port}/tuesday`, { max: 2 });
    const [admin] = await db<{ id: string }[]>`
      insert into users (email, home_community_id, preferred_lang, email_verified_at) values ('dies-admin@example.com', 'founders', 'en', now()) returning id`;
    if (!admin) throw new Error("no admin");
    await db`insert into participants (community_id, user_id, moderation_status, role) values ('founders', ${admin.id}, 'confirmed', 'admin')`;
    const { token } = await createSession(db, { userId: admin.id, communityId: "founders", authMethod: "EMAIL" });
    await db`
      insert into users (email, home_community_id, preferred_lang, email_verified_at)
      select 'dies-' || g || '@example.com', 'founders', 'en', now() from generate_series(1, 600) g`;
    await db`insert into participants (community_id, user_id, moderation_status) select 'founders', u.id, 'confirmed' from users u where u.email like 'dies-%@example.com' and u.email <> 'dies-admin@example.com'`;
    await db.end();
    db = undefined;

    const content = { en: { subject: "Autumn meetup", body: "Hello!" }, ru: { subject: "Осенняя встреча", body: "Привет!" } };
    const started = await call("POST", "/api/community/founders/participants/notify", token, { content, audience: { roles: ["member"] } });
    expect(started.status).toBe(202);
    const mailingId = started.body.id as string;

    // Partway through the sending, PostgreSQL is killed outright.
    await smtp.waitFor(30, undefined, 60_000, "30 mails of the mailing").catch((err: Error) => {
      throw new Error(`${err.message}: the mailing never got going:\n${server.output()}`);
    });
    const inFlight = await call("GET", `/api/community/founders/mailings/${mailingId}`, token);
    expect(inFlight.body.status).not.toBe("done");
    const killedAfter = smtp.messages.length;
    process.kill(pg.pid, "SIGKILL");
    const killedAt = Date.now();

    let saw503 = false;
    for (;;) {
      expect(server.child.exitCode, server.output()).toBeNull();
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (ready?.status === 503) saw503 = true;
      if (ready?.status === 200 && saw503) break;
      if (Date.now() - killedAt > 40_000) throw new Error(`not ready again 40 s after the kill (503 seen: ${saw503}):\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server.output()).toContain("embedded PostgreSQL restarted");

    // Nothing is lost: jobs that died with their connections stay active until they expire (60 s
    // for mail, found by maintenance every 15 s), then run again; every member gets the mailing.
    const recoveredAt = Date.now();
    let progress: Record<string, unknown> = {};
    for (;;) {
      expect(server.child.exitCode, server.output()).toBeNull();
      const res = await call("GET", `/api/community/founders/mailings/${mailingId}`, token);
      expect(res.status).toBe(200);
      progress = res.body;
      if (progress.status === "done") break;
      if (Date.now() - recoveredAt > 120_000) throw new Error(`mailing still ${JSON.stringify(progress)} 120 s after recovery:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(progress).toMatchObject({ status: "done", total: 600, sent: 600, failed: 0 });
    // At least once over SMTP: a mail accepted just before the kill, whose "sent" never committed, goes again.
    expect(smtp.messages.length).toBeGreaterThanOrEqual(600);
    console.log(`PostgreSQL killed after ${killedAfter} of 600 mails had started; mailing done ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
  }, 240_000);
});
