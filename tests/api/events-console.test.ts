import { beforeAll, describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { api, day, expectError, makeEvent, type Who, who } from "./events-helpers.ts";

const env = await testEnvForFile();
const ev = api(env);
let admin: Who;
let moderator: Who;
let member: Who;
let otherAdmin: Who;
let upcomingId: string;
let pastId: string;
beforeAll(async () => {
  [admin, moderator, member, otherAdmin] = await Promise.all([
    who(env, "alpha", "admin", "Ada"),
    who(env, "alpha", "moderator", "Mo"),
    who(env, "alpha", "member", "Mia"),
    who(env, "beta", "admin", "Bea"),
  ]);
  upcomingId = await makeEvent(env, admin, { title: "Console upcoming", approvalRequired: true, date: day(5) });
  pastId = await makeEvent(env, admin, { title: "Console past", date: day(-5) });
  await makeEvent(env, otherAdmin, { title: "Beta's event" });
});

const list = (w: Who | undefined, query: Record<string, unknown> = {}, tenant = "alpha") => {
  const q = new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)]))).toString();
  return env.request("GET", `/api/console/events${q ? `?${q}` : ""}`, { tenant, token: w?.token });
};

describe("GET /api/console/events (the console's Events resource)", () => {
  it("lists upcoming and past events with counts, in simple-REST shape with Content-Range", async () => {
    const pending = await who(env, "alpha");
    expect((await ev.join(pending, upcomingId)).body).toMatchObject({ status: "PENDING" });

    const up = await list(admin, { filter: { tab: "upcoming" }, range: [0, 9] });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.headers.get("content-range")).toMatch(/^events 0-\d+\/\d+$/);
    const row = up.body.find((e: { id: string }) => e.id === upcomingId);
    expect(row).toMatchObject({ title: "Console upcoming", approvalRequired: true, confirmedCount: 0, pendingCount: 1, hasEnded: false });
    expect(up.body.some((e: { id: string }) => e.id === pastId)).toBe(false);
    expect(up.body.some((e: { title: string }) => e.title === "Beta's event")).toBe(false);

    const past = await list(admin, { filter: { tab: "past" } });
    expect(past.body.map((e: { id: string }) => e.id)).toContain(pastId);
    expect(past.body.every((e: { hasEnded: boolean }) => e.hasEnded)).toBe(true);

    const search = await list(admin, { filter: { q: "console past" } });
    expect(search.body.map((e: { id: string }) => e.id)).toEqual([pastId]);
    const byId = await list(admin, { filter: { id: [upcomingId] } });
    expect(byId.body.map((e: { id: string }) => e.id)).toEqual([upcomingId]);
    const window = await list(admin, { sort: ["title", "ASC"], range: [0, 0] });
    expect(window.body).toHaveLength(1);
    expect(window.headers.get("content-range")).toMatch(/^events 0-0\/[2-9]\d*$/);
  });

  it("the admin approves a pending participant through the event API the console uses", async () => {
    const m = await who(env, "alpha");
    await ev.join(m, upcomingId);
    const report = await env.request("GET", `/api/event/${upcomingId}/onboarding/report`, { tenant: "alpha", token: admin.token });
    const item = report.body.items.find((i: { participantId: string }) => i.participantId === m.id);
    expect(item).toMatchObject({ status: "PENDING", userId: m.user.id });
    expect((await ev.approve(admin, upcomingId, m.id)).body).toMatchObject({ status: "CONFIRMED" });
  });

  it("refuses bad input with 400 and callers below admin", async () => {
    expectError(await list(admin, { filter: { tab: "someday" } }), 400, 1001);
    expectError(await list(admin, { range: [5, 1] }), 400, 1001);
    expectError(await env.request("GET", "/api/console/events?sort=notjson", { tenant: "alpha", token: admin.token }), 400, 1001);
    expect((await list(undefined)).status).toBe(401);
    expect((await list(member)).status).toBe(403);
    expect((await list(moderator)).status).toBe(403);
  });

  it("never crosses tenants: beta's admin sees only beta's events, alpha's session is refused on beta", async () => {
    const beta = await list(otherAdmin, {}, "beta");
    expect(beta.body.map((e: { title: string }) => e.title)).toEqual(["Beta's event"]);
    const byId = await list(otherAdmin, { filter: { id: upcomingId } }, "beta");
    expect(byId.body).toEqual([]);
    expect([401, 403]).toContain((await list(admin, {}, "beta")).status);
  });
});
