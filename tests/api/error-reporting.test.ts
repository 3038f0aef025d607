import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "@tuesday/platform/http";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { cleanUp, freePort, type Server as ChildServer, startServer, tempDir, waitReady } from "../lifecycle/server-process.ts";
import { introduce, member, openChat } from "./chat-helpers.ts";
import { stompConnect } from "./stomp-helpers.ts";

/**
 * Server-side error reports (SENTRY_DSN): a local HTTP server stands in for the error service and
 * takes the envelopes the SDK posts to /api/<project>/envelope/. A 500 and a failed job each give
 * one event carrying what finds them in the logs; a 4xx gives none.
 */
type Envelope = { path: string; header: Record<string, unknown>; items: { type: string; payload: Record<string, unknown> }[] };
const received: Envelope[] = [];
const arrivals = new EventEmitter();
let sink: Server;
let env: TestEnv;
let errorDsn: string;

beforeAll(async () => {
  sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      // An envelope: a header line, then per item its header line and its payload line.
      const lines = Buffer.concat(chunks).toString("utf8").split("\n").filter(Boolean);
      const [head, ...rest] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const items: Envelope["items"] = [];
      for (let i = 0; i + 1 < rest.length; i += 2) items.push({ type: String(rest[i]?.type), payload: rest[i + 1] ?? {} });
      received.push({ path: req.url ?? "", header: head ?? {}, items });
      arrivals.emit("envelope");
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const port = (sink.address() as AddressInfo).port;
  errorDsn = `http://publickey@127.0.0.1:${port}/42`;
  env = await createTestEnv({ config: { browser: { errorDsn, analyticsUrl: undefined, publicIpUrls: [], geoLookupUrl: undefined } } });
});
afterAll(async () => {
  await cleanUp();
  await env?.close();
  await new Promise((resolve) => sink?.close(resolve));
});

const events = () => received.flatMap((e) => e.items.filter((i) => i.type === "event").map((i) => ({ path: e.path, event: i.payload })));

/** Resolves with the events matching `pred` once `n` of them arrived (the test's timeout bounds the wait). */
function eventsArrived(pred: (event: Record<string, unknown>) => boolean, n = 1): Promise<Record<string, unknown>[]> {
  return new Promise((resolve) => {
    const check = () => {
      const found = events()
        .map((e) => e.event)
        .filter(pred);
      if (found.length < n) return;
      arrivals.off("envelope", check);
      resolve(found);
    };
    arrivals.on("envelope", check);
    check();
  });
}
const tagsOf = (event: Record<string, unknown>) => (event.tags ?? {}) as Record<string, string>;

async function flushed(): Promise<void> {
  expect(await env.deps.errors?.flush(10_000)).toBe(true);
}

describe("error reports (SENTRY_DSN)", () => {
  it("sends nothing for 4xx answers", async () => {
    expect((await env.request("POST", "/api/auth/login", { rawBody: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await env.request("GET", "/api/no-such-operation")).status).toBe(404);
    expect((await env.request("GET", "/api/current-user")).status).toBe(401);
    await flushed();
    expect(events()).toEqual([]);
  });

  it("sends one event for a request that failed with 500: the error, the request id, the route template and the community", async () => {
    // A statement that fails under a real route: the table it reads is gone for a moment.
    await env.db`alter table events rename to events_away`;
    // The app without the test contract check, which refuses an undeclared 500 (a 500 is never declared).
    const app = createApp(env.deps);
    let res: Response;
    try {
      res = await app.request("/api/event/upcoming", { headers: { host: "alpha.localhost:3000", "x-request-id": "req-error-report-1" } });
    } finally {
      await env.db`alter table events_away rename to events`;
    }
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 1000, requestId: "req-error-report-1" });
    await flushed();
    const sent = events();
    expect(sent).toHaveLength(1);
    const [{ path, event }] = sent as [{ path: string; event: Record<string, unknown> }];
    expect(path.split("?")[0]).toBe("/api/42/envelope/");
    expect(JSON.stringify(event.exception)).toContain('relation \\"events\\" does not exist');
    expect(event.tags).toMatchObject({ requestId: "req-error-report-1", route: "/api/event/upcoming", method: "GET", communityId: "alpha" });
    expect(event.level).toBe("error");
  });

  it("sends one event for a failed background job, with its queue and job id", async () => {
    const before = events().length;
    const queue = "error-report-probe";
    await env.deps.jobs.register({
      name: queue,
      schema: z.object({ communityId: z.string() }),
      retryLimit: 0,
      handle: async () => {
        throw new Error("the probe job could not finish");
      },
    });
    const jobId = await env.deps.jobs.send({ name: queue, schema: z.object({ communityId: z.string() }) }, { communityId: "beta" });
    expect(jobId).toBeTruthy();
    expect(await env.drainJobs(queue)).toBe(0);
    await flushed();
    const sent = events().slice(before);
    expect(sent).toHaveLength(1);
    const event = sent[0]?.event ?? {};
    expect(JSON.stringify(event.exception)).toContain("the probe job could not finish");
    expect(event.tags).toMatchObject({ queue, jobId, communityId: "beta" });
  });
});

describe("error reports outside requests and jobs (SENTRY_DSN)", () => {
  it("sends one event for a pg-boss error event (a connection of its pool lost), tagged source pg-boss", async () => {
    const before = events().length;
    // pg-boss's pool keeps a connection idle after a statement; the server ends it under pg-boss.
    await env.deps.jobs.boss.getDb().executeSql("select 1", []);
    const ended = await env.db<{ ok: boolean }[]>`
      select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'tuesday-jobs' and datname = current_database() and state = 'idle'`;
    expect(ended.length).toBeGreaterThan(0);
    const [event] = await eventsArrived((e) => tagsOf(e).source === "pg-boss");
    await flushed();
    expect(events().slice(before).filter((e) => tagsOf(e.event).source === "pg-boss")).toHaveLength(1);
    expect(JSON.stringify(event?.exception)).toMatch(/terminat/i);
  });

  describe("in a server process (platform/src/server.ts as a child, SENTRY_DSN set)", () => {
    let child: ChildServer;
    beforeAll(async () => {
      child = startServer(await tempDir(), await freePort(), { DATABASE_URL: env.dbUrl, SENTRY_DSN: errorDsn, LOG_LEVEL: "error" }, { nodeArgs: ["--import", path.join(import.meta.dirname, "../lifecycle/process-fault.mjs")] });
      // Loading the whole platform in a second node process takes a while on a busy machine.
      await waitReady(child, 90_000);
    }, 120_000);

    it("a STOMP frame whose handler fails sends one event with the community and the user, tagged role server", async () => {
      const a = await member(env, "alpha", { firstName: "Anna", lastName: "Alpha" });
      const b = await member(env, "alpha", { firstName: "Boris", lastName: "Beta" });
      await introduce(env, a, b);
      const chatId = await openChat(env, a, [b]);
      const socket = await stompConnect(`ws://127.0.0.1:${child.port}/api/ws?communityId=alpha&token=${encodeURIComponent(a.token)}`);
      const fromServer = (e: Record<string, unknown>) => tagsOf(e).role === "server" && tagsOf(e).source === "stomp";
      // A statement that fails under the real SEND handler: the table it writes is gone for a moment.
      await env.db`alter table chat_messages rename to chat_messages_away`;
      let event: Record<string, unknown> | undefined;
      try {
        socket.send(`/topic/chat/${chatId}`, { text: "hello" });
        [event] = await eventsArrived(fromServer);
      } finally {
        await env.db`alter table chat_messages_away rename to chat_messages`;
        await socket.close();
      }
      expect(JSON.stringify(event?.exception)).toContain("chat_messages");
      expect(tagsOf(event ?? {})).toMatchObject({ role: "server", source: "stomp", communityId: "alpha", userId: a.user.id });
      expect(events().filter((e) => fromServer(e.event))).toHaveLength(1);
    });

    it("a promise nobody awaited sends one event and the process goes on; a timer that throws sends one and the process exits 1", async () => {
      const pid = child.child.pid ?? 0;
      process.kill(pid, "SIGUSR2");
      const [rejection] = await eventsArrived((e) => tagsOf(e).source === "unhandledRejection");
      expect(tagsOf(rejection ?? {})).toMatchObject({ role: "server" });
      expect(JSON.stringify(rejection?.exception)).toContain("a promise nobody awaited");
      // Still serving.
      expect((await fetch(`http://127.0.0.1:${child.port}/readyz`)).status).toBe(200);

      process.kill(pid, "SIGUSR2");
      const [thrown] = await eventsArrived((e) => tagsOf(e).source === "uncaughtException");
      expect(await child.exited).toBe(1);
      expect(tagsOf(thrown ?? {})).toMatchObject({ role: "server" });
      expect(thrown?.level).toBe("fatal");
      expect(JSON.stringify(thrown?.exception)).toContain("a timer threw");
      expect(child.output()).toContain("process probe: a timer threw");
      const fromChild = events().filter((e) => tagsOf(e.event).role === "server" && ["unhandledRejection", "uncaughtException"].includes(tagsOf(e.event).source ?? ""));
      expect(fromChild).toHaveLength(2);
    }, 30_000);
  });
});
