import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "@tuesday/platform/http";
import { createTestEnv, type TestEnv } from "../support/harness.ts";

/**
 * Server-side error reports (SENTRY_DSN): a local HTTP server stands in for the error service and
 * takes the envelopes the SDK posts to /api/<project>/envelope/. A 500 and a failed job each give
 * one event carrying what finds them in the logs; a 4xx gives none.
 */
type Envelope = { path: string; header: Record<string, unknown>; items: { type: string; payload: Record<string, unknown> }[] };
const received: Envelope[] = [];
let sink: Server;
let env: TestEnv;

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
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const port = (sink.address() as AddressInfo).port;
  const errorDsn = `http://publickey@127.0.0.1:${port}/42`;
  env = await createTestEnv({ config: { browser: { errorDsn, analyticsUrl: undefined, publicIpUrls: [], geoLookupUrl: undefined } } });
});
afterAll(async () => {
  await env?.close();
  await new Promise((resolve) => sink?.close(resolve));
});

const events = () => received.flatMap((e) => e.items.filter((i) => i.type === "event").map((i) => ({ path: e.path, event: i.payload })));

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
