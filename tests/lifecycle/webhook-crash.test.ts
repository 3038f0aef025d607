import { createServer, type IncomingHttpHeaders, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, createSession, type Db } from "@tuesday/platform";
import { cloneTemplateDb, type TemplateDb } from "../support/template-db.ts";
import { cleanUp, freePort, startServer, tempDir, waitReady } from "./server-process.ts";

/**
 * Issue 26: `platform/src/server.ts` as a child process is killed (SIGKILL) while its webhook
 * request is at the receiver, unanswered; a fresh process on the same database delivers the event
 * after its restart. The receiver is a real HTTP server verifying each signature with the
 * standardwebhooks package.
 */

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
const waiters: (() => void)[] = [];
/** The first request is held open and never answered: the sender dies with it in flight. */
const receiver: HttpServer = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => {
    body += c.toString("utf8");
  });
  req.on("end", () => {
    received.push({ headers: req.headers, body });
    for (const w of waiters.splice(0)) w();
    if (received.length === 1) return;
    res.statusCode = 204;
    res.end();
  });
});
let receiverUrl = "";
let scratch: TemplateDb | undefined;
let dbUrl = "";
let db: Db;

/** Resolves once the receiver has `n` requests; fails after `timeoutMs`. */
function requests(n: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${received.length} requests after ${timeoutMs} ms`)), timeoutMs);
    const check = () => {
      if (received.length >= n) {
        clearTimeout(timer);
        resolve();
      } else waiters.push(check);
    };
    check();
  });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  scratch = await cloneTemplateDb("whcrash");
  dbUrl = scratch.url;
  db = createDb(dbUrl, { max: 2 });
}, 60_000);

afterAll(async () => {
  await cleanUp();
  await db?.end();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await scratch?.drop();
});

async function call(port: number, method: string, p: string, token: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { host: `founders.localhost:${port}`, authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("a server killed (SIGKILL) mid-delivery", () => {
  it("delivers the event after a restart, signed, with the same webhook-id, and records one successful attempt", async () => {
    const port = await freePort();
    // A short receiver deadline keeps the dead sender's lease (deadline + 5 s) short.
    const env = { DATABASE_URL: dbUrl, WEBHOOK_ALLOW_PRIVATE: "1", WEBHOOK_TIMEOUT_MS: "5000" };
    const first = startServer(await tempDir(), port, env);
    await waitReady(first, 60_000);

    const [adminUser] = await db<{ id: string }[]>`
      insert into users (email, home_community_id, preferred_lang, email_verified_at) values ('hook-admin@example.com', 'founders', 'en', now()) returning id`;
    if (!adminUser) throw new Error("no admin");
    await db`insert into participants (community_id, user_id, moderation_status, role) values ('founders', ${adminUser.id}, 'confirmed', 'admin')`;
    const { token } = await createSession(db, { userId: adminUser.id, communityId: "founders", authMethod: "EMAIL" });

    const hook = await call(port, "POST", "/api/admin/founders/webhooks", token, { url: receiverUrl, events: ["member.joined"] });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const sent = await call(port, "POST", `/api/admin/founders/webhooks/${String(hook.body.id)}/test`, token);
    expect(sent.body).toEqual({ deliveries: 1 });

    // The request is at the receiver and unanswered: kill -9, no shutdown handler runs.
    await requests(1, 60_000);
    first.child.kill("SIGKILL");
    await first.exited;
    const [inFlight] = await db<{ status: string; attempts: number; leased: boolean }[]>`
      select status, attempts, lease_until > now() as leased from webhook_deliveries where community_id = 'founders'`;
    expect(inFlight).toMatchObject({ status: "pending", attempts: 0 });

    // The dead sender's lease runs out (the restarted server's sweep then takes the delivery).
    for (;;) {
      const [row] = await db<{ expired: boolean }[]>`select coalesce(lease_until <= now(), true) as expired from webhook_deliveries where community_id = 'founders'`;
      if (row?.expired) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const second = startServer(await tempDir(), port, env);
    await waitReady(second, 60_000);
    await requests(2, 60_000);

    const secret = String(hook.body.secret);
    const [held, delivered] = received as [Received, Received];
    const verify = (r: Received) =>
      new Webhook(secret).verify(r.body, {
        "webhook-id": String(r.headers["webhook-id"]),
        "webhook-timestamp": String(r.headers["webhook-timestamp"]),
        "webhook-signature": String(r.headers["webhook-signature"]),
      }) as { type: string };
    expect(verify(delivered).type).toBe("webhook.test");
    expect(delivered.headers["webhook-id"]).toBe(held.headers["webhook-id"]);

    for (;;) {
      const [row] = await db<{ status: string; attempts: number; code: number | null }[]>`
        select status, attempts, last_status_code as code from webhook_deliveries where community_id = 'founders'`;
      if (row?.status !== "pending") {
        expect(row).toMatchObject({ status: "succeeded", attempts: 1, code: 204 });
        break;
      }
      if (second.child.exitCode !== null) throw new Error(`server exited:\n${second.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(received).toHaveLength(2);
  }, 240_000);
});
