import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { allJobs, comingTuesday, Jobs, localTime, plannedActions, runWeeklyPairing, scheduleMatching, type Tenant } from "@tuesday/platform";
import { tenantFixture } from "../support/tenants.ts";
import { ctxFor, makeMember } from "./matching-weekly-helpers.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("msk", { timeZone: "Europe/Moscow" }), tenantFixture("la", { timeZone: "America/Los_Angeles" }));
});

const tenant = (id: string): Promise<Tenant> => env.deps.tenants.require(id);
const at = (iso: string) => new Date(iso);
const jobsOf = async (t: string, iso: string) => plannedActions(await tenant(t), at(iso)).map((a) => `${a.job} ${"week" in a ? a.week : a.day}`);

describe("week arithmetic", () => {
  it("reads local dates and hours across time zones and DST", () => {
    expect(localTime(at("2030-01-07T15:30:00Z"), "Europe/Moscow")).toMatchObject({ date: "2030-01-07", weekday: 1, hour: 18 });
    expect(localTime(at("2030-01-08T03:00:00Z"), "America/Los_Angeles")).toMatchObject({ date: "2030-01-07", weekday: 1, hour: 19 });
    // Monday in Los Angeles is already Tuesday in Moscow: each gets its own coming Tuesday.
    expect(comingTuesday(at("2030-01-08T03:00:00Z"), "America/Los_Angeles")).toBe("2030-01-08");
    expect(comingTuesday(at("2030-01-08T03:00:00Z"), "Europe/Moscow")).toBe("2030-01-15");
  });
});

describe("the matching cron", () => {
  it("plans the reminder, the run and follow-ups by each community's local time", async () => {
    // 15:30 UTC on Monday: 18:30 in Moscow (run for tomorrow), 07:30 in Los Angeles (nothing yet).
    expect(await jobsOf("msk", "2030-01-07T15:30:00Z")).toEqual(["matching.week 2030-01-08", "matching.followup 2030-01-07"]);
    expect(await jobsOf("la", "2030-01-07T15:30:00Z")).toEqual([]);
    // 18:00 UTC: 10:00 in Los Angeles, the day-before reminder.
    expect(await jobsOf("la", "2030-01-07T18:00:00Z")).toEqual(["matching.reminder 2030-01-08", "matching.followup 2030-01-07"]);
    // 03:00 UTC on Tuesday: 19:00 Monday in Los Angeles (run), 06:00 Tuesday in Moscow (late run of the same week).
    expect(await jobsOf("la", "2030-01-08T03:00:00Z")).toEqual(["matching.week 2030-01-08", "matching.followup 2030-01-07"]);
    expect(await jobsOf("msk", "2030-01-08T03:00:00Z")).toEqual(["matching.week 2030-01-08"]);
    // Tuesday afternoon: the week is over, no run for next week yet.
    expect((await jobsOf("msk", "2030-01-08T12:00:00Z")).some((j) => j.startsWith("matching.week"))).toBe(false);
    // Daylight saving time: 01:30 UTC on 12 March 2030 is 18:30 PDT on Monday (17:30 in winter time).
    expect(await jobsOf("la", "2030-03-12T01:30:00Z")).toEqual(["matching.week 2030-03-12", "matching.followup 2030-03-11"]);
    expect(await jobsOf("la", "2030-01-08T01:30:00Z")).toEqual(["matching.reminder 2030-01-08", "matching.followup 2030-01-07"]);
  });

  it("enqueues a week once, runs it through the job, and stops enqueuing it once stored", async () => {
    for (let i = 0; i < 4; i++) await makeMember(env, i, { tenant: "msk" });
    const now = at("2030-01-07T15:30:00Z");
    const first = await scheduleMatching(env.deps, { now, communityId: "msk" });
    expect(first).toContainEqual({ job: "matching.week", communityId: "msk", week: "2030-01-08", enqueued: true });
    const again = await scheduleMatching(env.deps, { now: at("2030-01-07T16:30:00Z"), communityId: "msk" });
    expect(again).toContainEqual({ job: "matching.week", communityId: "msk", week: "2030-01-08", enqueued: false });
    const queued = await env.db`select data from pgboss.job where name = 'matching.week' and data->>'communityId' = 'msk'`;
    expect(queued.map((q) => q.data)).toEqual([{ communityId: "msk", week: "2030-01-08" }]);

    expect(await env.drainJobs("matching.week")).toBe(1);
    const runs = await env.db`select to_char(week, 'YYYY-MM-DD') as week, status from matching_runs where community_id = 'msk'`;
    expect(runs).toEqual([{ week: "2030-01-08", status: "mailed" }]);
    expect(await env.drainJobs("matching.mail")).toBe(4);
    const later = await scheduleMatching(env.deps, { now: at("2030-01-08T03:00:00Z"), communityId: "msk" });
    expect(later).toContainEqual({ job: "matching.week", communityId: "msk", week: "2030-01-08", enqueued: false });
    const report = await runWeeklyPairing(ctxFor(env, await tenant("msk")), { communityId: "msk", week: "2030-01-08" });
    expect(report.alreadyRun).toBe(true);
  });
});

describe("server start", () => {
  it("creates the hourly matching cron when workers run with schedule: true", async () => {
    const jobs = await Jobs.start(env.dbUrl, env.deps.log, allJobs, { schedule: true });
    try {
      const rows = await env.db`select name, cron, timezone, data from pgboss.schedule where name = 'matching.schedule'`;
      expect(rows).toEqual([{ name: "matching.schedule", cron: "7 * * * *", timezone: "UTC", data: { communityId: "*" } }]);
    } finally {
      await jobs.stop();
    }
  });
});
