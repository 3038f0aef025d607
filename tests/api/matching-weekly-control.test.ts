import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { addDays, comingTuesday, loadCommunityInput } from "@tuesday/platform";
import { tenantFixture } from "../support/tenants.ts";
import { createUser } from "../support/users.ts";
import { makeMember } from "./matching-weekly-helpers.ts";

const env = await testEnvForFile();
beforeAll(async () => {
  await env.addTenants(tenantFixture("ctl", { timeZone: "Asia/Tokyo" }));
});

const coming = () => comingTuesday(new Date(), "Asia/Tokyo");

describe("members stay in control", () => {
  it("pause, skip, resume and status, in the community's time zone", async () => {
    const m = await makeMember(env, 1, { tenant: "ctl" });
    const opts = { tenant: "ctl", token: m.token };
    const status = await env.request("GET", "/api/matching/status", opts);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      participantId: m.participantId,
      timeZone: "Asia/Tokyo",
      comingWeek: coming(),
      pausedUntil: null,
      skippedWeek: null,
      isPausedThisWeek: false,
      nextMatchDate: coming(),
    });

    const paused = await env.request("POST", "/api/matching/pause", { ...opts, body: { weeks: 2 } });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ pausedUntil: addDays(coming(), 7), isPausedThisWeek: true, nextMatchDate: addDays(coming(), 14) });
    const input = await loadCommunityInput(env.db, "ctl", { week: addDays(coming(), 7) });
    expect(input.input.members.find((x) => x.id === m.participantId)?.eligibility.paused).toBe(true);
    const after = await loadCommunityInput(env.db, "ctl", { week: addDays(coming(), 14) });
    expect(after.input.members.find((x) => x.id === m.participantId)?.eligibility.paused).toBe(false);

    const resumed = await env.request("POST", "/api/matching/resume", opts);
    expect(resumed.body).toMatchObject({ pausedUntil: null, skippedWeek: null, nextMatchDate: coming() });

    const skipped = await env.request("POST", "/api/matching/skip", { ...opts, body: {} });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ skippedWeek: coming(), isPausedThisWeek: true, nextMatchDate: addDays(coming(), 7) });
    const later = await env.request("POST", "/api/matching/skip", { ...opts, body: { week: addDays(coming(), 14) } });
    expect(later.body).toMatchObject({ skippedWeek: addDays(coming(), 14), isPausedThisWeek: false, nextMatchDate: coming() });
  });

  it("rejects bad input with 400", async () => {
    const m = await makeMember(env, 2, { tenant: "ctl" });
    const opts = { tenant: "ctl", token: m.token };
    for (const body of [{ weeks: 0 }, { weeks: 13 }, { weeks: 1.5 }, {}, { weeks: 2, extra: 1 }]) {
      const r = await env.request("POST", "/api/matching/pause", { ...opts, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(1001);
    }
    const wednesday = addDays(coming(), 1);
    for (const week of [wednesday, addDays(coming(), -7), addDays(coming(), 7 * 12), "2030-13-01", "soon"]) {
      const r = await env.request("POST", "/api/matching/skip", { ...opts, body: { week } });
      expect(r.status, week).toBe(400);
      expect(r.body.code).toBe(1001);
    }
  });

  it("is for signed-in members of this community only", async () => {
    expect((await env.request("GET", "/api/matching/status", { tenant: "ctl" })).status).toBe(401);
    expect((await env.request("POST", "/api/matching/pause", { tenant: "ctl", body: { weeks: 1 } })).status).toBe(401);
    // A user without a participant here.
    const outsider = await createUser(env, { tenant: "ctl", role: null });
    const r = await env.request("POST", "/api/matching/skip", { tenant: "ctl", token: outsider.token, body: {} });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(1021);
    // Another community's session does not reach this one, and its pause stays its own.
    const alpha = await createUser(env, { tenant: "alpha" });
    const cross = await env.request("POST", "/api/matching/pause", { tenant: "ctl", token: alpha.token, body: { weeks: 3 } });
    expect(cross.status).toBe(401);
    const own = await env.request("POST", "/api/matching/pause", { tenant: "alpha", token: alpha.token, body: { weeks: 3 } });
    expect(own.status).toBe(200);
    const rows = await env.db`select community_id from participants where user_id = ${alpha.user.id} and matching_paused_until is not null`;
    expect(rows.map((x) => x.community_id)).toEqual(["alpha"]);
  });
});
