import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";

/** GET /metrics: Prometheus text for a scrape bearing METRICS_TOKEN; not served without one. */
const TOKEN = "metrics-token-0123456789abcdef";
let env: TestEnv;
let bare: TestEnv;
beforeAll(async () => {
  [env, bare] = await Promise.all([createTestEnv({ config: { metricsToken: TOKEN } }), createTestEnv()]);
});
afterAll(async () => {
  await env?.close();
  await bare?.close();
});

const scrape = (e: TestEnv, authorization?: string) => e.app.request("/metrics", { headers: { host: "alpha.localhost:3000", ...(authorization ? { authorization } : {}) } });

describe("GET /metrics", () => {
  it("answers 404 when METRICS_TOKEN is not set, and 401 {code,msg} without the token or with another", async () => {
    const off = await scrape(bare, `Bearer ${TOKEN}`);
    expect(off.status).toBe(404);
    expect(await off.json()).toMatchObject({ code: 1002, msg: "Not found" });
    for (const auth of [undefined, "Bearer wrong-token-0123456789abcdef", TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(env, auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 1004, msg: expect.any(String), requestId: expect.any(String) });
    }
  });

  it("serves Prometheus text: request durations by route template, jobs by queue, STOMP sessions, mail, event loop and memory", async () => {
    const missing = await env.request("GET", "/api/community/get-by-id?communityId=nobody-here");
    expect(missing.status).toBe(404);
    expect((await env.request("GET", "/api/community/get-by-id?communityId=alpha")).status).toBe(200);

    const res = await scrape(env, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^tuesday_http_request_duration_seconds_count\{method="GET",route="\/api\/community\/get-by-id",status="404"\} [1-9]/m);
    expect(text).toMatch(/^tuesday_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/community\/get-by-id",status="200"\} \d+/m);
    expect(text).not.toContain("nobody-here");
    for (const name of ["tuesday_jobs", "tuesday_jobs_oldest_waiting_seconds", "tuesday_stomp_sessions", "tuesday_stomp_frames_total", "tuesday_matching_run_duration_seconds", "tuesday_matching_members_matched_total", "tuesday_mail_sent_total", "tuesday_mail_failed_total", "tuesday_db_pool_in_use", "tuesday_db_pool_waiting", "tuesday_db_pool_max", "nodejs_eventloop_lag_seconds", "process_resident_memory_bytes", "nodejs_heap_size_used_bytes"]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // Every sample line is `name{labels} value`.
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#"))) {
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/);
    }
  });

  it("counts pg-boss jobs by queue and state", async () => {
    await env.deps.jobs.boss.createQueue("metrics-probe");
    await env.deps.jobs.boss.send("metrics-probe", { communityId: "alpha" });
    const text = await (await scrape(env, `Bearer ${TOKEN}`)).text();
    expect(text).toMatch(/^tuesday_jobs\{queue="metrics-probe",state="created"\} 1$/m);
    expect(text).toMatch(/^tuesday_jobs_oldest_waiting_seconds\{queue="metrics-probe"\} [0-9.e+-]+$/m);
  });

  it("counts database connections in use and waiting, by pool, while statements hold them", async () => {
    const pool = async (name: string) => {
      const text = await (await scrape(env, `Bearer ${TOKEN}`)).text();
      const value = (metric: string) => Number(new RegExp(`^${metric}\\{pool="${name}"\\} (\\S+)$`, "m").exec(text)?.[1]);
      return { inUse: value("tuesday_db_pool_in_use"), waiting: value("tuesday_db_pool_waiting"), max: value("tuesday_db_pool_max") };
    };
    // The harness's search pool has 2 connections; the scrape itself uses the main pool only.
    expect(await pool("search")).toEqual({ inUse: 0, waiting: 0, max: 2 });
    expect((await pool("main")).max).toBe(5);
    expect((await pool("jobs")).max).toBe(4);
    // Three transactions on the search pool wait on a lock another connection holds: two hold its
    // connections, the third waits for one.
    const holder = createDb(env.dbUrl, { max: 1 });
    try {
      await holder`select pg_advisory_lock(7411)`;
      const blocked = Array.from({ length: 3 }, () => env.deps.searchDb.begin((tx) => tx`select pg_advisory_xact_lock_shared(7411)`));
      await expect.poll(() => pool("search"), { timeout: 10_000 }).toEqual({ inUse: 2, waiting: 1, max: 2 });
      await holder`select pg_advisory_unlock(7411)`;
      await Promise.all(blocked);
      expect(await pool("search")).toEqual({ inUse: 0, waiting: 0, max: 2 });
    } finally {
      await holder.end();
    }
  });

  // promtool (Debian's `prometheus` package) is Prometheus's own checker of exposition text.
  const promtool = ["/usr/bin/promtool", process.env.PROMTOOL].find((p): p is string => !!p && existsSync(p));
  it.skipIf(!promtool && !process.env.CI)("passes `promtool check metrics`", async () => {
    if (!promtool) throw new Error("promtool not found: apt-get install prometheus (or set PROMTOOL)");
    const text = await (await scrape(env, `Bearer ${TOKEN}`)).text();
    const child = execFile(promtool, ["check", "metrics"]);
    const out = new Promise<{ code: number | null; output: string }>((resolve) => {
      let output = "";
      child.stdout?.on("data", (d) => (output += String(d)));
      child.stderr?.on("data", (d) => (output += String(d)));
      child.on("exit", (code) => resolve({ code, output }));
    });
    child.stdin?.end(text);
    const { code, output } = await out;
    // Its one complaint is a lint of prom-client's own default gauges (nodejs_active_*_total), whose
    // names the library fixes; a parse error or any other lint fails the test.
    const problems = output.split("\n").filter((l) => l.trim() && !/^nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/.test(l));
    expect(problems).toEqual([]);
    expect([0, 3]).toContain(code);
  });
});
