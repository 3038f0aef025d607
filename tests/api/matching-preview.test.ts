import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { addDays, comingTuesday } from "@tuesday/platform";
import { createUser } from "../support/users.ts";
import { makeMember, snapshot } from "./matching-weekly-helpers.ts";

const env = await testEnvForFile();

const WEEK = "2030-01-01";

describe("GET /api/admin/{communityId}/matching/preview", () => {
  it("gives an admin the week's stats and stores nothing", async () => {
    for (let i = 0; i < 7; i++) await makeMember(env, i, { tenant: "alpha" });
    const incomplete = await makeMember(env, 20, { tenant: "alpha", complete: false });
    const admin = await createUser(env, { tenant: "alpha", role: "admin" });
    const before = await snapshot(env, "alpha");
    const outbox = await env.db`select count(*)::int as n from mail_outbox`;
    const r = await env.request("GET", `/api/admin/alpha/matching/preview?week=${WEEK}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ communityId: "alpha", week: WEEK, seed: `alpha:${WEEK}`, dryRun: true, alreadyRun: false });
    const s = r.body.stats;
    // The admin's own participant has an empty profile: not eligible either.
    expect(s.eligible).toBe(7);
    expect(s.ineligible).toEqual({ profile_incomplete: 2 });
    expect(s.pairs).toBe(3);
    expect(s.coverage).toBeCloseTo(6 / 7, 3);
    expect(s.repeats).toBe(0);
    expect(s.scores.min).toBeLessThanOrEqual(s.scores.median);
    expect(s.scores.median).toBeLessThanOrEqual(s.scores.max);
    expect(s.withoutMatch).toHaveLength(1);
    expect(s.withoutMatch[0].reason).toBe("odd_count");
    expect(s.withoutMatch[0].recommendation.participantId).toEqual(expect.any(String));
    expect(s.withoutMatch.map((w: { participantId: string }) => w.participantId)).not.toContain(incomplete.participantId);
    expect(await snapshot(env, "alpha")).toEqual(before);
    expect(await env.db`select count(*)::int as n from mail_outbox`).toEqual(outbox);

    // A moderator may preview too; without ?week= it is the coming Tuesday.
    const moderator = await createUser(env, { tenant: "alpha", role: "moderator" });
    const next = await env.request("GET", "/api/admin/alpha/matching/preview", { token: moderator.token });
    expect(next.status).toBe(200);
    expect(next.body.week).toBe(comingTuesday(new Date(), "UTC"));
  });

  it("refuses members (403), strangers (401), other communities' ids (404) and bad weeks (400)", async () => {
    const member = await makeMember(env, 30, { tenant: "alpha" });
    const denied = await env.request("GET", `/api/admin/alpha/matching/preview?week=${WEEK}`, { token: member.token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(1005);
    expect((await env.request("GET", `/api/admin/alpha/matching/preview?week=${WEEK}`)).status).toBe(401);

    const admin = await createUser(env, { tenant: "alpha", role: "admin" });
    const other = await env.request("GET", `/api/admin/beta/matching/preview?week=${WEEK}`, { token: admin.token });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(1002);
    const betaAdmin = await createUser(env, { tenant: "beta", role: "admin" });
    expect((await env.request("GET", `/api/admin/alpha/matching/preview?week=${WEEK}`, { tenant: "beta", token: betaAdmin.token })).status).toBe(404);

    for (const week of [addDays(WEEK, 1), "2030-1-1", "x"]) {
      const bad = await env.request("GET", `/api/admin/alpha/matching/preview?week=${week}`, { token: admin.token });
      expect(bad.status, week).toBe(400);
      expect(bad.body.code).toBe(1001);
    }
  });
});
