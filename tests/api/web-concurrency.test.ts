import { Client, type IMessage } from "@stomp/stompjs";
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { cleanUp, freePort, processAlive, type Server, startServer, tempDir, waitReady } from "../lifecycle/server-process.ts";
import { testEnvForFile } from "../support/harness.ts";
import { arrangeMatch, type Member, member } from "./matching-api-helpers.ts";

/**
 * WEB_CONCURRENCY=2: one `platform/src/server.ts` start runs two worker processes on one port
 * (node:cluster, docs/operations.md). Connections are spread over both workers; a member's
 * STOMP socket on one worker hears what a request on the other did (presence, an intro's
 * notification: the bus over LISTEN/NOTIFY), a sign-out on one is refused at once on the other; a
 * worker killed with SIGKILL is replaced while the other answers; SIGTERM stops them all.
 */

const env = await testEnvForFile();
const METRICS_TOKEN = "metrics-token-0123456789abcdef";
let server: Server;
let port = 0;
let a: Member;
let b: Member;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms\n${server.output()}`);
    await sleep(50);
  }
}

/** The primary's worker processes (/proc/<pid>/task/<pid>/children). */
function workerPids(): number[] {
  const pid = server.child.pid as number;
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number).filter(processAlive);
  } catch {
    return [];
  }
}

/** The worker holding the server end of the connection from 127.0.0.1:`clientPort` (the socket's inode in /proc/net/tcp, then its descriptor). */
function workerOf(clientPort: number): number | undefined {
  const local = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const remote = `:${clientPort.toString(16).toUpperCase().padStart(4, "0")}`;
  let inode: string | undefined;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(local) && cols[2]?.endsWith(remote) && cols[9] && cols[9] !== "0") inode = cols[9];
    }
  }
  if (!inode) return undefined;
  for (const pid of workerPids()) {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

type Pinned = { worker: number; call: (method: string, p: string, token?: string, body?: unknown) => Promise<{ status: number; body: Record<string, unknown>; text: string }>; close: () => void };

/** One keep-alive connection (an agent of one socket) and the worker that serves it. */
async function pinned(): Promise<Pinned> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let clientPort = 0;
  const call: Pinned["call"] = (method, p, token, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path: p,
          agent,
          headers: {
            host: `alpha.localhost:${port}`,
            origin: `http://alpha.localhost:${port}`,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { "content-type": "application/json" } : {}),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += String(d)));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: (res.headers["content-type"] ?? "").includes("json") ? (JSON.parse(text) as Record<string, unknown>) : {}, text }));
        },
      );
      req.on("socket", (s) => {
        const note = () => (clientPort = s.localPort ?? 0);
        if (s.localPort) note();
        else s.once("connect", note);
      });
      req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${p}: no answer within 15 s from worker ${workerOf(clientPort)}\n${server.output()}`)));
      req.on("error", reject);
      req.end(payload);
    });
  expect((await call("GET", "/readyz")).status).toBe(200);
  const worker = await until(() => workerOf(clientPort), 5_000, "the connection's worker");
  return { worker, call, close: () => agent.destroy() };
}

/** Keep-alive connections until one is served by a worker that `want` accepts. */
async function pinnedTo(want: (worker: number) => boolean): Promise<Pinned> {
  for (let i = 0; i < 10; i++) {
    const c = await pinned();
    if (want(c.worker)) return c;
    c.close();
  }
  throw new Error("no connection reached the wanted worker");
}

type Socket = { client: Client; worker: number; notifications: Record<string, unknown>[]; presence: Record<string, unknown>[] };

/** A STOMP socket of `m` subscribed to its notifications and the community's presence, and its worker. */
async function socket(m: Member): Promise<Socket> {
  const url = `ws://127.0.0.1:${port}/api/ws?communityId=alpha&token=${encodeURIComponent(m.token)}`;
  const s: Socket = { client: undefined as unknown as Client, worker: 0, notifications: [], presence: [] };
  let clientPort = 0;
  let subscribed: () => void = () => {};
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  s.client = new Client({
    brokerURL: url,
    webSocketFactory: () => {
      const ws = new WebSocket(url, { headers: { origin: `http://alpha.localhost:${port}` } });
      ws.on("upgrade", (res) => (clientPort = res.socket.localPort ?? 0));
      return ws;
    },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
  });
  s.client.onConnect = () => {
    const receipts = ["notifications", "presence"].map((what) => {
      const receipt = `r-${m.id}-${what}`;
      const done = new Promise<void>((resolve) => s.client.watchForReceipt(receipt, () => resolve()));
      const dest = what === "notifications" ? `/topic/notifications/${m.id}` : "/topic/community/alpha/presence";
      s.client.subscribe(dest, (msg: IMessage) => (what === "notifications" ? s.notifications : s.presence).push(JSON.parse(msg.body)), { receipt });
      return done;
    });
    void Promise.all(receipts).then(() => subscribed());
  };
  s.client.activate();
  await ready;
  s.worker = await until(() => workerOf(clientPort), 5_000, "the socket's worker");
  return s;
}

beforeAll(async () => {
  port = await freePort();
  server = startServer(await tempDir(), port, {
    DATABASE_URL: env.dbUrl,
    WEB_CONCURRENCY: "2",
    LOG_LEVEL: "error",
    TENANT_URL_TEMPLATE: `http://{id}.localhost:${port}`,
    RATE_LIMIT_SCALE: "20",
    METRICS_TOKEN,
  });
  a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
  b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
  await waitReady(server, 200_000);
  // The second worker starts once the first listens: new connections reach it once it listens too.
  const seen = new Set<number>();
  await until(async () => {
    const c = await pinned();
    c.close();
    seen.add(c.worker);
    return seen.size === 2;
  }, 200_000, "the second worker listening");
}, 420_000);

afterAll(async () => {
  await cleanUp();
});

describe("WEB_CONCURRENCY=2: two worker processes from one start", () => {
  it("serves connections from both workers, one port", async () => {
    const workers = workerPids();
    expect(workers).toHaveLength(2);
    const seen = new Set<number>();
    for (let i = 0; i < 6 && seen.size < 2; i++) {
      const c = await pinned();
      expect((await c.call("GET", "/api/current-user", a.token)).status).toBe(200);
      seen.add(c.worker);
      c.close();
    }
    expect([...seen].sort()).toEqual([...workers].sort());
  });

  it("answers a scrape of /metrics with every worker's counts, whichever worker takes it", async () => {
    const counted = new Set<number>();
    let calls = 0;
    for (let i = 0; i < 10 && counted.size < 2; i++) {
      const c = await pinned();
      expect((await c.call("GET", "/api/participant/profile", a.token)).status).toBe(200);
      calls++;
      counted.add(c.worker);
      c.close();
    }
    expect(counted.size).toBe(2);
    const scraped = new Set<number>();
    for (let i = 0; i < 10 && scraped.size < 2; i++) {
      const c = await pinned();
      const scrape = await c.call("GET", "/metrics", METRICS_TOKEN);
      c.close();
      expect(scrape.status, scrape.text).toBe(200);
      const text = scrape.text;
      const line = text.split("\n").find((l) => l.startsWith('tuesday_http_request_duration_seconds_count{') && l.includes('route="/api/participant/profile"') && l.includes('status="200"'));
      expect(Number(line?.split(" ").at(-1))).toBe(calls);
      const poolMax = text.split("\n").find((l) => l.startsWith('tuesday_db_pool_max{pool="main"}'));
      expect(Number(poolMax?.split(" ").at(-1))).toBe(20);
      scraped.add(c.worker);
    }
  });

  it("carries presence and an intro's notification to a socket on the other worker (the bus)", async () => {
    const sb = await socket(b);
    const other = await pinnedTo((w) => w !== sb.worker);
    let sa: Socket | undefined;
    for (let i = 0; i < 10 && (sa === undefined || sa.worker === sb.worker); i++) {
      if (sa) await sa.client.deactivate();
      sa = await socket(a);
    }
    expect(sa?.worker).toBe(other.worker);
    await until(() => sb.presence.find((e) => e.participantId === a.id && e.status === "ONLINE"), 15_000, "a's presence at b");
    const match = await arrangeMatch(env, "alpha", a.id, b.id, { source: "WEEKLY" });
    const intro = await other.call("POST", "/api/matching/send-intro", a.token, { from: a.id, matchingResultId: match.resultA, introMessage: "Across workers" });
    expect(intro.status, JSON.stringify(intro.body)).toBe(200);
    await until(() => sb.notifications.length >= 1, 15_000, "b's notification from the other worker");
    await Promise.all([sa?.client.deactivate(), sb.client.deactivate()]);
    other.close();
  });

  it("refuses on one worker a session signed out on the other", async () => {
    const one = await pinned();
    const two = await pinnedTo((w) => w !== one.worker);
    const m = await member(env, "alpha", { firstName: "Lena", lastName: "Logout" });
    expect((await one.call("GET", "/api/current-user", m.token)).status).toBe(200);
    expect((await two.call("GET", "/api/current-user", m.token)).status).toBe(200);
    expect((await two.call("POST", "/api/auth/logout", m.token)).status).toBeLessThan(300);
    expect((await one.call("GET", "/api/current-user", m.token)).status).toBe(401);
    one.close();
    two.close();
  });

  it("replaces a worker killed with SIGKILL while the other answers", async () => {
    const [victim, survivor] = workerPids() as [number, number];
    process.kill(victim, "SIGKILL");
    // A connection the primary hands out between the death and its notice of it is lost (node:cluster
    // round-robin; docs/operations.md): this waits for the notice, as a client's retry would.
    await until(() => server.output().includes("worker process died"), 10_000, "the primary's notice of the death");
    await until(() => !processAlive(victim), 5_000, "the killed worker gone");
    const c = await pinned();
    expect(c.worker).toBe(survivor);
    expect((await c.call("GET", "/api/current-user", a.token)).status).toBe(200);
    c.close();
    const replaced = await until(() => {
      const now = workerPids();
      return now.length === 2 && !now.includes(victim) && now.includes(survivor) ? now : undefined;
    }, 60_000, "a replacement worker");
    const fresh = replaced.find((p) => p !== survivor) as number;
    const onFresh = await until(async () => {
      const p = await pinned();
      if (p.worker === fresh) return p;
      p.close();
      return undefined;
    }, 120_000, "a connection served by the replacement");
    expect((await onFresh.call("GET", "/api/current-user", a.token)).status).toBe(200);
    onFresh.close();
  }, 200_000);

  it("stops every worker on SIGTERM and exits 0", async () => {
    const workers = workerPids();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const w of workers) await until(() => !processAlive(w), 10_000, `worker ${w} stopped`);
  });
});
