import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";

const env = await testEnvForFile();

describe("the database watch (http/middleware.ts databaseWatch)", () => {
  it("a request queued behind a busy request pool on a healthy server waits its turn and answers, not 503", async () => {
    // Every connection of the request pool (5 in tests) busy for longer than the watch waits (3 s)
    // before it probes: the probe has its own connection, so it finds the server answering.
    const busy = Array.from({ length: 5 }, () => env.db`select pg_sleep(4.5)`.execute());
    const res = await env.request("GET", `/api/community/get-by-id?communityId=nobody-${Date.now()}`);
    expect(res.status).toBe(404);
    await Promise.all(busy);
    const ready = await env.app.request("/readyz");
    expect(ready.status).toBe(200);
  }, 30_000);
});
