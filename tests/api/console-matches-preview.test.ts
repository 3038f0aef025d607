/**
 * Issue 14, the console's Matches: the matching preview before Tuesday lists the pairs it would
 * make (paged, best first, with scores and reasons), not just its totals; nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWeeklyPairing, type Tenant } from "@tuesday/platform";
import { createTestEnv, type TestEnv } from "../support/harness.ts";
import { tenantFixture } from "../support/tenants.ts";
import { expectError, type Member, member } from "./matching-api-helpers.ts";
import { ctxFor } from "./matching-weekly-helpers.ts";

let env: TestEnv;
let admin: Member;
let moderator: Member;
let otherAdmin: Member;
const WEEK = "2030-01-01";
const RUN_WEEK = "2030-01-08";

type Row = { id: string; week: string; source: string; score: number; reasons: string[]; participant: { id: string; firstName: string }; subject: { id: string; firstName: string } };

const TAGS = [
  ["Climate", "Hardware", "Batteries"],
  ["Climate", "Hardware", "Solar"],
  ["Fintech", "Payments", "Banking"],
  ["Fintech", "Payments", "Lending"],
  ["Design", "UX", "Research"],
  ["Design", "UX", "Product"],
  ["Design", "Climate", "Product"],
];

beforeAll(async () => {
  env = await createTestEnv();
  await env.addTenants(tenantFixture("cp"), tenantFixture("cpx"));
  admin = await member(env, "cp", { firstName: "Ada", tags: ["Climate"] }, "admin");
  moderator = await member(env, "cp", { firstName: "Mo", tags: ["Design"] }, "moderator");
  for (const [i, tags] of TAGS.entries()) await member(env, "cp", { firstName: `Member${i}`, tags, city: "Tbilisi" });
  otherAdmin = await member(env, "cpx", { firstName: "Otto" }, "admin");
  await member(env, "cpx", { firstName: "XOne", tags: ["Climate"] });
  await member(env, "cpx", { firstName: "XTwo", tags: ["Climate"] });
}, 120_000);
afterAll(async () => env?.close());

const q = (o: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;
const preview = (m: Member, query = "", tenant = m.tenant, headers: Record<string, string> = {}) =>
  env.request<Row[]>("GET", `/api/console/matches/preview${query}`, { tenant, token: m.token, headers });

describe("GET /console/matches/preview", () => {
  it("pages through the pairs the week's matching would make, best first, with scores and reasons, and stores nothing", async () => {
    const stats = (await env.request("GET", `/api/admin/cp/matching/preview?week=${WEEK}`, { tenant: "cp", token: admin.token })).body.stats;
    const total = stats.pairs + stats.oddOut.length;
    expect(stats.pairs).toBeGreaterThanOrEqual(3);
    const all = await preview(admin, q({ filter: { week: WEEK } }));
    expect(all.status).toBe(200);
    expect(all.headers.get("content-range")).toBe(`matches-preview 0-${total - 1}/${total}`);
    expect(all.headers.get("x-matching-week")).toBe(WEEK);
    expect(all.headers.get("x-matching-already-run")).toBe("false");
    expect(all.body).toHaveLength(total);
    const scores = all.body.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(all.body.every((r) => r.week === WEEK && r.participant.id < r.subject.id && r.id === `${r.participant.id}:${r.subject.id}`)).toBe(true);
    expect(all.body[0]?.reasons.length).toBeGreaterThan(0);
    // The weekly pairs are the preview's: each member in at most one, and the stats' scores.
    const weekly = all.body.filter((r) => r.source === "WEEKLY");
    expect(weekly).toHaveLength(stats.pairs);
    const members = weekly.flatMap((r) => [r.participant.id, r.subject.id]);
    expect(new Set(members).size).toBe(members.length);
    expect(Math.max(...weekly.map((r) => r.score))).toBeCloseTo(stats.scores.max, 3);
    expect(all.body.filter((r) => r.source === "ODD_OUT").map((r) => r.score)).toEqual(stats.oddOut.map((o: { score: number }) => o.score));

    // Pages put together are the whole list; ASC is the reverse.
    const first = await preview(admin, q({ filter: { week: WEEK }, range: [0, 1] }));
    const rest = await preview(admin, q({ filter: { week: WEEK }, range: [2, 49] }));
    expect(first.headers.get("content-range")).toBe(`matches-preview 0-1/${total}`);
    expect([...first.body, ...rest.body].map((r) => r.id)).toEqual(all.body.map((r) => r.id));
    const asc = await preview(admin, q({ filter: { week: WEEK }, sort: ["score", "ASC"] }));
    expect(asc.body.map((r) => r.id)).toEqual(all.body.map((r) => r.id).reverse());

    // The same pairs with their reasons in the console's language (Accept-Language), not the admin's English.
    const ru = await preview(admin, q({ filter: { week: WEEK } }), "cp", { "accept-language": "ru" });
    expect(ru.body.map((r) => r.id)).toEqual(all.body.map((r) => r.id));
    const inRussian = ru.body.flatMap((r) => r.reasons);
    expect(inRussian.length).toBe(all.body.flatMap((r) => r.reasons).length);
    expect(inRussian.every((line) => /[а-яё]/i.test(line) && !/\bYou\b/.test(line))).toBe(true);
    expect(all.body.flatMap((r) => r.reasons).every((line) => !/[а-яё]/i.test(line))).toBe(true);

    // A dry run: nothing stored.
    expect(await env.db`select 1 from matches where community_id = 'cp'`).toHaveLength(0);
    expect(await env.db`select 1 from matching_runs where community_id = 'cp'`).toHaveLength(0);
  });

  it("a week already run has no preview any more, even one just paged through", async () => {
    expect((await preview(admin, q({ filter: { week: RUN_WEEK } }))).body.length).toBeGreaterThan(0);
    const tenant: Tenant = await env.deps.tenants.require("cp");
    await runWeeklyPairing(ctxFor(env, tenant), { communityId: "cp", week: RUN_WEEK, mail: false });
    const after = await preview(admin, q({ filter: { week: RUN_WEEK } }));
    expect(after.status).toBe(200);
    expect(after.body).toEqual([]);
    expect(after.headers.get("x-matching-already-run")).toBe("true");
    expect(after.headers.get("content-range")).toBe("matches-preview 0-0/0");
  });

  it("refuses bad input (400), moderators (403), another community's session (401); shows only the host community's members", async () => {
    expectError(await preview(admin, q({ filter: { week: "2030-01-02" } })), 400, 1001);
    expectError(await preview(admin, q({ filter: { week: "soon" } })), 400, 1001);
    expectError(await preview(admin, q({ sort: ["name", "ASC"] })), 400, 1001);
    expectError(await preview(admin, q({ range: [0, 600] })), 400, 1001);
    expectError(await preview(moderator), 403, 1005);
    expectError(await env.request("GET", "/api/console/matches/preview", { tenant: "cp" }), 401, 1004);
    expectError(await preview(otherAdmin, q({ filter: { week: WEEK } }), "cp"), 401, 1004);
    const own = await preview(otherAdmin, q({ filter: { week: WEEK } }));
    expect(own.status).toBe(200);
    const cpIds = new Set((await env.db<{ id: string }[]>`select id from participants where community_id = 'cp'`).map((r) => r.id));
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((r) => !cpIds.has(r.participant.id) && !cpIds.has(r.subject.id))).toBe(true);
  });
});
